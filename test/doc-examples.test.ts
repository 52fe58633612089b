/**
 * The documented files and settings: each block taken from its page and checked the way the
 * program that reads it would — a `.manifestlintrc.json` by the CLI's config loading, a manifest
 * by the linter, VS Code settings against the extension's contributed ones, the SchemaStore
 * entries against what the build generates.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfigText } from '../io/config-files.js';
import { lint } from '../rules/index.js';
import { ROOT, snippet } from './doc-snippets.js';
import { vscodeSettingsProblems } from './vscode-settings.js';
import { workspace } from './workspace.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const SCHEMASTORE = path.join(ROOT, 'dist/schemastore');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('docs/configuration.md', () => {
  it('gives a .manifestlintrc.json the CLI loads without a problem, with the rules, ignore entry and skill source it shows', () => {
    const text = snippet('config-example').code;
    const loaded = loadConfigText(path.join(workspace(), '.manifestlintrc.json'), text);
    expect(loaded.problem).toBeUndefined();
    expect(loaded.config!.rules).toEqual({ 'channel-token-literal': 'error', 'channel-token-env-undeclared': 'off' });
    expect(loaded.config!.ignore.map(({ rule, path: pointer }) => ({ rule, path: pointer }))).toEqual([{ rule: 'task-interval-too-short', path: '/tasks/2' }]);
    expect(loaded.config!.skillSources).toEqual({ '@pinata/platform': 'vendor/platform-skill' });
  });
});

describe('docs/language-server.md', () => {
  it('starts a manifest with the official $schema that lints clean', () => {
    const text = snippet('schema-in-manifest').code;
    expect(JSON.parse(text).$schema).toBe('https://agents.pinata.cloud/schemas/manifest.v1.json');
    expect(lint(text, { now: NOW }).diagnostics).toEqual([]);
  });

  it("points VS Code's json.schemas at the file --print-schema writes, for files named manifest.json", () => {
    const settings = JSON.parse(`{${snippet('vscode-json-schemas').code}}`) as { 'json.schemas': { fileMatch: string[]; url: string }[] };
    expect(vscodeSettingsProblems(settings)).toEqual([]);
    const [entry] = settings['json.schemas'];
    expect(entry!.fileMatch).toEqual(['manifest.json']);
    // The command the page gives before it, run where the settings point.
    const folder = workspace();
    const printed = spawnSync('sh', ['-c', `'${process.execPath}' '${path.join(ROOT, 'dist/manifest-lint.cjs')}' --print-schema > ${entry!.url}`], {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(printed.status).toBe(0);
    expect(readJson(path.join(folder, entry!.url))).toEqual(readJson(path.join(ROOT, 'schema/manifest.v1.json')));
  });
});

describe('docs/schema-url.md', () => {
  it("gives the address the site publishes the schema at, in VS Code settings the extension's JSON support takes, and the manifest the other pages show", async () => {
    const { publishedSchemaUrl } = await import('../build/pages-url.mjs');
    const url = publishedSchemaUrl();
    expect(snippet('schema-url').code.trim()).toBe(url);
    const settings = JSON.parse(snippet('vscode-settings-schema-url').code) as { 'json.schemas': { fileMatch: string[]; url: string }[] };
    expect(vscodeSettingsProblems(settings)).toEqual([]);
    expect(settings['json.schemas'][0]!.url).toBe(url);
    expect(snippet('schema-url-in-manifest').code).toBe(snippet('schema-in-manifest').code);
  });
});

describe('docs/schemastore.md', () => {
  it('lists what the build generates in dist/schemastore/, with the number of tests of each kind', () => {
    const tree = snippet('schemastore-tree').code;
    for (const file of ['pinata-agent-manifest.json', 'catalog-entry.json', 'schema-validation-options.json', 'src/schemas/json/pinata-agent-manifest.json'])
      expect(fs.existsSync(path.join(SCHEMASTORE, file)), file).toBe(true);
    const count = (folder: string) =>
      fs.readdirSync(path.join(SCHEMASTORE, 'src', folder, 'pinata-agent-manifest')).filter((name) => name.endsWith('.json')).length;
    expect(tree).toMatch(new RegExp(`test/pinata-agent-manifest/\\*\\.json +${count('test')} positive tests\\n`));
    expect(tree).toMatch(new RegExp(`negative_test/pinata-agent-manifest/\\*\\.json +${count('negative_test')} negative tests\\n`));
  });

  it('shows the catalog entry the build writes', () => {
    expect(JSON.parse(snippet('schemastore-catalog-entry').code)).toEqual(readJson(path.join(SCHEMASTORE, 'catalog-entry.json')));
  });

  it('shows the unknownKeywords entry the build writes', () => {
    expect(JSON.parse(`{${snippet('schemastore-unknown-keywords').code}}`)).toEqual(readJson(path.join(SCHEMASTORE, 'schema-validation-options.json')));
  });
});
