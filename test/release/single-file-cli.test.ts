/**
 * The release's single-file CLI (`dist/release/manifest-lint.cjs`, the asset `manifest-lint.cjs`):
 * copied alone into an empty folder, with no `node_modules` above it, it runs every command, loads
 * every part the normal bins load on demand (the cron and CID libraries, the glob, the diff, the
 * schema), prints what the normal bin prints, and gives the GitHub Action `formatJsonResults`.
 */
import { spawnSync } from 'node:child_process';
import { builtinModules, createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { formatJsonResults as FormatJsonResults, JsonFileResult } from '../../lib/index.js';
import { SINGLE_FILE_CLI } from '../../build/release-files.mjs';
import { BAD, GOOD } from '../ci-manifests.js';
import { NOW, ROOT, runBinary } from '../cli/helpers.js';
import { workspace, writeFile } from '../workspace.js';

const SINGLE_FILE = path.join(ROOT, SINGLE_FILE_CLI);
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** A manifest whose rules need the libraries the normal bins load on demand: cron (cron-parser, cronstrue) and CIDs (multiformats). */
const NEEDS_EVERY_PART = `{
  "version": 1,
  "agent": { "name": "Digest" },
  "skills": [{ "name": "notes", "cid": "bafy-not-a-cid" }],
  "tasks": [{ "name": "daily", "schedule": { "kind": "cron", "expr": "0 25 * * *" }, "payload": { "kind": "agentTurn", "text": "Summarise." } }],
  "model": " anthropic/claude-sonnet-4"
}
`;

let alone = '';
let cli = '';
const run = (args: string[], cwd = alone) => runBinary(args, { cwd, env: { NO_COLOR: '1' } }, cli);

beforeAll(() => {
  // A folder of its own under the system's temporary folder: nothing of this checkout is reachable.
  alone = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-manifest-single-file-'));
  cli = path.join(alone, 'manifest-lint.cjs');
  fs.copyFileSync(SINGLE_FILE, cli);
  return () => fs.rmSync(alone, { recursive: true, force: true });
});

describe('the single-file CLI, alone in an empty folder', () => {
  it('requires nothing but Node.js’s own modules', () => {
    const text = fs.readFileSync(cli, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    // `require("…")` calls, not the same words inside a string (Ajv keeps one as its code's text).
    const required = [...text.matchAll(/(?<![\w$.'"`])require\("([^"]+)"\)/g)].map((match) => match[1]!);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((name) => !builtinModules.includes(name.replace(/^node:/, '')))).toEqual([]);
  });

  it('prints its version', async () => {
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('lints a bad manifest: exit 1 with the finding, in stylish and in JSON', async () => {
    const cwd = workspace({ 'manifest.json': BAD });
    const stylish = await run(['--now', NOW, 'manifest.json'], cwd);
    expect(stylish.code).toBe(1);
    expect(stylish.stdout).toContain('route-port-reserved');
    const json = await run(['--now', NOW, '--format', 'json', '.'], cwd);
    expect(json.code).toBe(1);
    const results = JSON.parse(json.stdout) as JsonFileResult[];
    expect(results.flatMap((result) => result.diagnostics.map((diagnostic) => diagnostic.ruleId))).toEqual(['route-port-reserved', 'channel-token-literal']);
  });

  it('prints for every part loaded on demand the bytes the normal bin prints', async () => {
    const cwd = workspace({ 'agents/digest/manifest.json': NEEDS_EVERY_PART, 'agents/web/manifest.json': BAD });
    const normal = (args: string[]) => runBinary(args, { cwd, env: { NO_COLOR: '1' } });
    for (const args of [
      ['--now', NOW, '--format', 'json', 'agents/*/manifest.json'],
      ['--now', NOW, '--fix-dry-run', 'agents/digest/manifest.json'],
      ['--print-schema'],
      ['cid', 'agents/digest'],
    ]) {
      const [single, built] = await Promise.all([run(args, cwd), normal(args)]);
      expect(single.stderr, args.join(' ')).toBe(built.stderr);
      expect(single.stdout, args.join(' ')).toBe(built.stdout);
      expect(single.code, args.join(' ')).toBe(built.code);
    }
    const json = JSON.parse((await run(['--now', NOW, '--format', 'json', 'agents/digest'], cwd)).stdout) as JsonFileResult[];
    expect(json[0]!.diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(
      expect.arrayContaining(['skill-cid-invalid', 'task-cron-invalid', 'model-format']),
    );
  });

  it('checks a template folder', async () => {
    const cwd = workspace({ 'template/manifest.json': GOOD, 'template/workspace/AGENTS.md': 'Be helpful.\n' });
    const result = await run(['template', '--format', 'json', 'template'], cwd);
    expect(result.code).toBe(1);
    const ruleIds = (JSON.parse(result.stdout) as JsonFileResult[]).flatMap((file) => file.diagnostics.map((diagnostic) => diagnostic.ruleId));
    expect(ruleIds).toEqual(expect.arrayContaining(['template-readme-missing', 'template-metadata-missing']));
    writeFile(cwd, 'template/README.md', '# Research helper\n');
    expect((await run(['template', 'template'], cwd)).stdout).not.toContain('template-readme-missing');
  });

  it('gives formatJsonResults when required, and runs nothing then', async () => {
    const cwd = workspace({ 'manifest.json': BAD });
    const results = JSON.parse((await run(['--now', NOW, '--format', 'json'], cwd)).stdout) as JsonFileResult[];
    const github = await run(['--now', NOW, '--format', 'github'], cwd);
    const { formatJsonResults } = createRequire(import.meta.url)(cli) as { formatJsonResults: typeof FormatJsonResults };
    expect(formatJsonResults('github', results, { cwd })).toBe(github.stdout);
    // Required beside a manifest with an error, the CLI would lint it and exit 1.
    const required = spawnSync(process.execPath, ['-e', 'process.stdout.write(typeof require(process.argv[1]).formatJsonResults)', cli], {
      cwd,
      encoding: 'utf8',
    });
    expect(required).toMatchObject({ status: 0, stdout: 'function', stderr: '' });
  });
});
