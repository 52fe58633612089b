// The extension's own logic, in modules that do not import `vscode`: which documents are served and
// in which language mode, what the server is sent as settings, the rules setting's schema, and the
// extension manifest kept in step with the engine and the server.
import fs from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawIcon, ICON_SIZE } from '../../build/icon.mjs';
import { CLIENT_ID, COMMANDS, FIX_ALL_KIND, SERVER_PATH } from '../../client/src/commands.js';
import {
  declaresManifestSchema,
  decideLanguage,
  DOCUMENT_SELECTOR,
  isSelected,
  LANGUAGE_ID,
  SCHEMA_URL,
  type LanguageCandidate,
} from '../../client/src/manifest-documents.js';
import { rulesSettingSchema } from '../../client/src/rules-setting.js';
import { STARTER_MANIFEST } from '../../client/src/starter.js';
import { SECTION, SEVERITY_SETTINGS, TEMPLATE_CHECKS, toServerSettings, TRACE_LEVELS, TRACE_SETTING, tracing } from '../../client/src/settings.js';
import pkg from '../../package.json' with { type: 'json' };
import { docsUrl, lint, listRules, SEVERITIES } from '../../rules/index.js';
import { FIX_ALL_KIND as SERVER_FIX_ALL_KIND } from '../../language/code-actions.js';
import { DEFAULT_SETTINGS, readSettings } from '../../language/settings.js';
import { ROOT } from './vsix.js';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'client/package.json'), 'utf8'));
const properties: Record<string, any> = manifest.contributes.configuration.properties;

describe('document selection', () => {
  const doc = (path: string, languageId: string, scheme = 'file') => ({ scheme, path, languageId });

  it('selects the Agent Manifest mode, and manifest.json files left in JSON or JSON with Comments', () => {
    expect(isSelected(doc('/w/manifest.json', LANGUAGE_ID))).toBe(true);
    expect(isSelected(doc('/w/agent.json', LANGUAGE_ID))).toBe(true);
    expect(isSelected(doc('/w/deep/er/manifest.json', 'json'))).toBe(true);
    expect(isSelected(doc('/w/manifest.json', 'jsonc'))).toBe(true);
    expect(isSelected(doc('Untitled-1', LANGUAGE_ID, 'untitled'))).toBe(true);
  });

  it('leaves other JSON, other languages, and diff or virtual documents alone', () => {
    expect(isSelected(doc('/w/package.json', 'json'))).toBe(false);
    expect(isSelected(doc('/w/my-manifest.json', 'json'))).toBe(false);
    expect(isSelected(doc('/w/manifest.json.bak', 'json'))).toBe(false);
    expect(isSelected(doc('/w/manifest.json', 'plaintext'))).toBe(false);
    expect(isSelected(doc('/w/manifest.json', LANGUAGE_ID, 'git'))).toBe(false);
    expect(isSelected(doc('/w/manifest.json', 'json', 'vscode-vfs'))).toBe(false);
  });

  it('gives the language client the same selector, with the glob it understands', () => {
    expect(DOCUMENT_SELECTOR).toEqual([
      { language: LANGUAGE_ID, scheme: 'file' },
      { language: 'json', scheme: 'file', pattern: '**/manifest.json' },
      { language: 'jsonc', scheme: 'file', pattern: '**/manifest.json' },
      { language: LANGUAGE_ID, scheme: 'untitled' },
      { language: 'json', scheme: 'untitled', pattern: '**/manifest.json' },
      { language: 'jsonc', scheme: 'untitled', pattern: '**/manifest.json' },
    ]);
  });
});

describe('the manifest $schema', () => {
  it('is found at the root of the document only, the last one winning as in JSON.parse', () => {
    expect(declaresManifestSchema(`{"$schema": "${SCHEMA_URL}"}`)).toBe(true);
    expect(declaresManifestSchema(`// agent\n{ "version": 1, "agent": { "name": "x" }, "$schema": "${SCHEMA_URL}" }`)).toBe(true);
    expect(declaresManifestSchema(`{"tasks": [{"$schema": "x"}], "$schema": "${SCHEMA_URL}"}`)).toBe(true);
    expect(declaresManifestSchema(`{"x": {"$schema": "${SCHEMA_URL}"}}`)).toBe(false);
    expect(declaresManifestSchema(`{"$schema": "${SCHEMA_URL}", "$schema": "https://example.com/other.json"}`)).toBe(false);
    expect(declaresManifestSchema(`{"description": "see ${SCHEMA_URL}"}`)).toBe(false);
    expect(declaresManifestSchema(`{"$schema": {"url": "${SCHEMA_URL}"}}`)).toBe(false);
    expect(declaresManifestSchema(`["$schema", "${SCHEMA_URL}"]`)).toBe(false);
    expect(declaresManifestSchema(`{"$schema": "${SCHEMA_URL}#"}`)).toBe(false);
    expect(declaresManifestSchema('{"$schema": "https://json-schema.org/draft/2020-12/schema"}')).toBe(false);
    expect(declaresManifestSchema('')).toBe(false);
  });

  it('is found in half-typed documents, and hostile nesting neither overflows nor hides it', () => {
    expect(declaresManifestSchema(`{"$schema": "${SCHEMA_URL}", "agent": {`)).toBe(true);
    expect(declaresManifestSchema(`{"$schema": "${SCHEMA_URL}",,}`)).toBe(true);
    const deep = `{"$schema": "${SCHEMA_URL}", "x": ${'['.repeat(200_000)}`;
    expect(declaresManifestSchema(deep)).toBe(true);
  });
});

describe('language modes', () => {
  const candidate = (overrides: Omit<Partial<LanguageCandidate>, 'text'> & { text?: string | (() => string) } = {}): LanguageCandidate => {
    const { text = '{}', ...rest } = overrides;
    return {
      scheme: 'file',
      path: '/w/agent.json',
      languageId: 'json',
      enabled: true,
      switchedBefore: false,
      handedBack: false,
      ...rest,
      text: typeof text === 'function' ? text : () => text,
    };
  };
  const declared = `{"$schema": "${SCHEMA_URL}"}`;

  it('moves JSON documents that declare the manifest schema to the Agent Manifest mode', () => {
    expect(decideLanguage(candidate({ text: declared }))).toBe(LANGUAGE_ID);
    expect(decideLanguage(candidate({ text: declared, languageId: 'jsonc' }))).toBe(LANGUAGE_ID);
    expect(decideLanguage(candidate({ text: declared, scheme: 'untitled', path: 'Untitled-1' }))).toBe(LANGUAGE_ID);
  });

  it('leaves everything else where it is, without reading texts it does not need', () => {
    const unread = () => {
      throw new Error('read');
    };
    expect(decideLanguage(candidate())).toBeUndefined();
    expect(decideLanguage(candidate({ text: declared, switchedBefore: true }))).toBeUndefined();
    expect(decideLanguage(candidate({ text: declared, enabled: false }))).toBeUndefined();
    expect(decideLanguage(candidate({ text: declared, scheme: 'git' }))).toBeUndefined();
    expect(decideLanguage(candidate({ text: declared, languageId: 'yaml' }))).toBeUndefined();
    expect(decideLanguage(candidate({ text: unread, path: '/w/manifest.json' }))).toBeUndefined();
    expect(decideLanguage(candidate({ text: unread, languageId: LANGUAGE_ID }))).toBeUndefined();
    expect(decideLanguage(candidate({ text: unread, languageId: 'markdown' }))).toBeUndefined();
  });

  it('hands manifests back to JSON when the extension is disabled for them, and takes them back', () => {
    expect(decideLanguage(candidate({ languageId: LANGUAGE_ID, path: '/w/manifest.json', enabled: false }))).toBe('json');
    expect(decideLanguage(candidate({ path: '/w/manifest.json', handedBack: true }))).toBe(LANGUAGE_ID);
    expect(decideLanguage(candidate({ path: '/w/manifest.json', handedBack: true, enabled: false }))).toBeUndefined();
  });

  it('hands a web app or browser extension manifest.json to JSON for good, and keeps agent manifests', () => {
    const webApp = '{ "name": "Notes", "short_name": "Notes", "start_url": "/", "icons": [] }';
    const extension = '{ "manifest_version": 3, "name": "Clipper", "version": "1.0" }';
    for (const text of [webApp, extension]) {
      expect(decideLanguage(candidate({ text, languageId: LANGUAGE_ID, path: '/w/manifest.json' }))).toBe('json');
      // Once in JSON it stays there: no back and forth.
      expect(decideLanguage(candidate({ text, path: '/w/manifest.json', handedBack: true }))).toBeUndefined();
    }
    expect(
      decideLanguage(candidate({ text: '{ "version": 1, "agent": { "name": "a" }, "icons": [] }', languageId: LANGUAGE_ID, path: '/w/manifest.json' })),
    ).toBeUndefined();
    expect(decideLanguage(candidate({ text: '{', languageId: LANGUAGE_ID, path: '/w/manifest.json' }))).toBeUndefined();
  });
});

describe('settings sent to the server', () => {
  it('are the settings the server reads, without the client’s trace setting', () => {
    const section = { enable: false, rules: { 'task-at-past': 'off' }, templateChecks: 'on', trace: { server: 'verbose' } };
    expect(toServerSettings(section)).toEqual({ enable: false, rules: { 'task-at-past': 'off' }, templateChecks: 'on' });
    expect(toServerSettings(undefined)).toEqual({});
    expect(toServerSettings(null)).toEqual({});
    expect(toServerSettings([1])).toEqual({});
    expect(toServerSettings({ enable: null, rules: undefined })).toEqual({});
  });

  it('leave mistakes for the server to name', () => {
    expect(toServerSettings({ enable: 'yes', rules: { nope: 'loud' } })).toEqual({ enable: 'yes', rules: { nope: 'loud' } });
  });

  it('are read by the server without a complaint, defaults included', () => {
    const defaults = Object.fromEntries(
      Object.entries(properties)
        .filter(([key]) => key !== TRACE_SETTING)
        .map(([key, value]) => [key.slice(SECTION.length + 1), value.default]),
    );
    const complaints: string[] = [];
    expect(readSettings(toServerSettings(defaults), (message) => complaints.push(message))).toEqual(DEFAULT_SETTINGS);
    const customised = { enable: false, rules: Object.fromEntries(listRules().map((rule) => [rule.id, 'warning'])), templateChecks: 'off' };
    const read = readSettings(toServerSettings(customised), (message) => complaints.push(message));
    expect(read).toEqual(customised);
    expect(complaints).toEqual([]);
  });

  it('turn the protocol trace on with messages or verbose', () => {
    expect(TRACE_LEVELS.map(tracing)).toEqual([false, true, true]);
    expect(tracing(undefined)).toBe(false);
  });
});

describe('the language configuration', () => {
  it('declares no comment syntax: the platform reads strict JSON, so toggling a comment must not write one', () => {
    const configuration = JSON.parse(fs.readFileSync(new URL('../../client/language-configuration.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    expect(configuration.comments).toBeUndefined();
    expect(configuration.brackets).toEqual([
      ['{', '}'],
      ['[', ']'],
    ]);
  });
});

describe('the extension manifest (client/package.json)', () => {
  it('contributes exactly the settings the server and the language client read', () => {
    expect(Object.keys(properties).sort()).toEqual(
      ['agentManifest.enable', 'agentManifest.rules', 'agentManifest.templateChecks', 'agentManifest.trace.server'].sort(),
    );
    // vscode-languageclient reads `<client id>.trace.server`.
    expect(TRACE_SETTING).toBe(`${CLIENT_ID}.trace.server`);
    expect(properties[TRACE_SETTING]).toMatchObject({ enum: [...TRACE_LEVELS], default: 'off' });
    expect(properties['agentManifest.enable']).toMatchObject({ type: 'boolean', default: DEFAULT_SETTINGS.enable });
    expect(properties['agentManifest.templateChecks']).toMatchObject({ enum: [...TEMPLATE_CHECKS], default: DEFAULT_SETTINGS.templateChecks });
  });

  it('lists every rule in the rules setting, as generated from the engine', () => {
    const generated = rulesSettingSchema(listRules().map((rule) => ({ ...rule, docsUrl: docsUrl(rule.id) })));
    expect(properties['agentManifest.rules'], 'client/package.json is behind the rule catalog: run `node build/build.mjs --sync-client-manifest`').toEqual(
      generated,
    );
    const packaged = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/extension/package.json'), 'utf8'));
    expect(packaged.contributes.configuration.properties['agentManifest.rules']).toEqual(generated);
  });

  it('gives the rules setting a schema that accepts rule ids and severities only', () => {
    const schema = properties['agentManifest.rules'];
    const ids = listRules().map((rule) => rule.id);
    expect(schema.propertyNames.enum).toEqual(ids);
    expect(Object.keys(schema.properties)).toEqual(ids);
    expect(schema.additionalProperties).toBe(false);
    expect([...SEVERITY_SETTINGS].sort()).toEqual(['off', ...SEVERITIES].sort());
    for (const rule of listRules()) {
      expect(schema.properties[rule.id].enum).toEqual([...SEVERITY_SETTINGS]);
      expect(schema.properties[rule.id].markdownDescription).toContain(rule.description);
    }
  });

  it('matches the client: version, commands, fix-all kind, language, server path', () => {
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.contributes.commands.map((command: { command: string }) => command.command).sort()).toEqual(Object.values(COMMANDS).sort());
    expect(FIX_ALL_KIND).toBe(SERVER_FIX_ALL_KIND);
    expect(manifest.contributes.languages[0].id).toBe(LANGUAGE_ID);
    expect(manifest.contributes.grammars[0].language).toBe(LANGUAGE_ID);
    expect(Object.keys(manifest.contributes.configurationDefaults)).toEqual([`[${LANGUAGE_ID}]`]);
    expect(manifest.files).toContain('server/**');
    expect(SERVER_PATH.startsWith('server/')).toBe(true);
  });

  it('has the icon the icon script draws', () => {
    const png = fs.readFileSync(path.join(ROOT, 'client/icon.png'));
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([ICON_SIZE, ICON_SIZE, 8, 6]);
    const idat: Buffer[] = [];
    for (let at = 8; at < png.length; ) {
      const length = png.readUInt32BE(at);
      if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    const rows = inflateSync(Buffer.concat(idat));
    const stride = ICON_SIZE * 4 + 1;
    const pixels = Buffer.alloc(ICON_SIZE * ICON_SIZE * 4);
    for (let y = 0; y < ICON_SIZE; y++) {
      expect(rows[y * stride], `filter of row ${y}`).toBe(0);
      rows.copy(pixels, y * ICON_SIZE * 4, y * stride + 1, (y + 1) * stride);
    }
    expect(pixels.equals(Buffer.from(drawIcon())), 'client/icon.png is not what `node build/icon.mjs` draws').toBe(true);
  });
});

describe('the READMEs', () => {
  const rootReadme = fs.readFileSync(path.join(ROOT, 'docs', 'language-server.md'), 'utf8');
  const section = rootReadme.slice(rootReadme.indexOf('<!-- vscode:begin -->'), rootReadme.indexOf('<!-- vscode:end -->'));
  const clientReadme = fs.readFileSync(path.join(ROOT, 'client/README.md'), 'utf8');

  it('install the package of the current version', () => {
    for (const readme of [section, clientReadme]) {
      expect(readme).toContain(`code --install-extension dist/agent-manifest-${pkg.version}.vsix`);
      expect(readme).toContain('npm run package');
    }
  });

  it('name every setting and command the extension contributes', () => {
    for (const readme of [section, clientReadme]) {
      for (const key of Object.keys(properties)) expect(readme).toContain(`\`${key}\``);
      for (const command of manifest.contributes.commands) expect(readme).toContain(`Agent Manifest: ${command.title}`);
    }
  });
});

describe('the starter manifest of "New manifest"', () => {
  it('lints without a finding, and declares the official schema', () => {
    expect(lint(STARTER_MANIFEST, { now: new Date('2026-11-23T09:00:00Z') }).diagnostics).toEqual([]);
    expect(JSON.parse(STARTER_MANIFEST).$schema).toBe(SCHEMA_URL);
  });
});
