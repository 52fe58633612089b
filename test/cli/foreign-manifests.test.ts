/**
 * Other formats are also called `manifest.json` (web app manifests, browser extensions, plugins of
 * other programs, build outputs): a file that does not show an agent manifest is left alone, in
 * folders silently, by name with a line, unless --force. Which files show one:
 * test/agent-manifest-evidence.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { SCHEMA_URL } from '../../rules/index.js';
import { NON_AGENT } from '../non-agent-manifests.js';
import { fileUri, TestClient } from '../server/client.js';
import { fixture, NOW, parseJson, runCli, workspace } from './helpers.js';

const WEB_APP = JSON.stringify(
  { name: 'Notes', short_name: 'Notes', start_url: '/', display: 'standalone', icons: [{ src: '/icon.png', sizes: '192x192' }] },
  null,
  2,
);
const EXTENSION = JSON.stringify({ manifest_version: 3, name: 'Clipper', version: '1.0.0', permissions: ['storage'] }, null, 2);
const agent = fixture('problems.json');

/** The one line for a file named on the command line that is left alone. */
const notLinted = (file: string, reason: string | undefined) =>
  `manifest-lint: ${file} is not an agent manifest (${reason}), so it was not linted; --force lints it anyway, and so does "$schema": "${SCHEMA_URL}" in it\n`;

describe('the CLI', () => {
  it('skips foreign manifests found in folders, silently', async () => {
    const cwd = workspace({ 'agent/manifest.json': agent, 'web/public/manifest.json': WEB_APP, 'extension/manifest.json': EXTENSION });
    const result = await runCli(['--now', NOW, '--format', 'json', '.'], { cwd });
    expect(parseJson(result).map((r) => r.filePath)).toEqual(['agent/manifest.json']);
    expect(result.stderr).toBe('');
    const verbose = await runCli(['--now', NOW, '--format', 'json', '--verbose', '.'], { cwd });
    expect(verbose.stderr.split('\n').filter(Boolean).sort()).toEqual([
      'manifest-lint: skipped extension/manifest.json: not an agent manifest (it looks like a browser extension manifest)',
      'manifest-lint: skipped web/public/manifest.json: not an agent manifest (it looks like a web app manifest)',
    ]);
  });

  it('says so for a foreign manifest named on the command line, and exits 0', async () => {
    const cwd = workspace({ 'manifest.json': WEB_APP });
    const result = await runCli(['--now', NOW], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(notLinted('manifest.json', 'it looks like a web app manifest'));
  });

  describe.each(NON_AGENT.map((file) => [file.folder, file] as const))('%s', (_folder, { text, reason }) => {
    it('is left alone when named, with one line, and exit 0', async () => {
      const cwd = workspace({ 'manifest.json': text });
      const result = await runCli(['--now', NOW, 'manifest.json'], { cwd });
      expect([result.code, result.stdout]).toEqual([0, '']);
      expect(result.stderr).toBe(notLinted('manifest.json', reason));
    });

    it('is skipped silently in a folder, at its root and nested', async () => {
      const cwd = workspace({ 'manifest.json': text, 'web/public/manifest.json': text });
      const result = await runCli(['--now', NOW, '--format', 'json', '.'], { cwd });
      expect([result.code, parseJson(result), result.stderr]).toEqual([0, [], '']);
    });

    it('is linted with --force', async () => {
      const cwd = workspace({ 'manifest.json': text });
      const result = await runCli(['--now', NOW, '--force', '--format', 'json', 'manifest.json'], { cwd });
      expect(result.code).toBe(1);
      expect(parseJson(result)[0]!.diagnostics.length).toBeGreaterThan(0);
    });
  });

  it('lints it with --force', async () => {
    const cwd = workspace({ 'manifest.json': EXTENSION });
    const result = await runCli(['--now', NOW, '--force', '--format', 'json'], { cwd });
    expect(result.code).toBe(1);
    expect(parseJson(result)[0]!.diagnostics.map((d) => d.ruleId)).toContain('missing-property');
  });

  it('still lints an empty, half-written or broken manifest.json, which must not pass as foreign', async () => {
    // Without `agent` but with `version`, only the docs' requirement is unmet: a warning, exit 0.
    for (const [text, code] of [
      ['', 1],
      ['{}\n', 1],
      ['{ "version": 1, "routes": [] }\n', 0],
      ['{ "version": 1, "ag', 1],
    ] as const) {
      const cwd = workspace({ 'manifest.json': text });
      const result = await runCli(['--now', NOW, '--format', 'json', '.'], { cwd });
      expect(result.code, text).toBe(code);
      expect(parseJson(result).map((r) => r.filePath)).toEqual(['manifest.json']);
    }
  });

  it('lints a manifest of the format before v1', async () => {
    const cwd = workspace({ 'manifest.json': '{"ports":[{"port":3000,"pathPrefix":"/app","public":true}],"setup":"npm install","start":"npm start"}' });
    const result = await runCli(['--now', NOW, '--format', 'json', '.'], { cwd });
    expect(result.code).toBe(1);
    expect(parseJson(result)[0]!.diagnostics.map((d) => d.ruleId)).toContain('missing-property');
  });
});

describe('the language server', () => {
  it('publishes nothing for a web app manifest, and serves it once it becomes an agent manifest', async () => {
    const client = await TestClient.start();
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, WEB_APP);
    const symbols = await client.request<unknown>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols).toBeNull();
    const agentText = '{ "version": 1, "agent": { "name": "Notes" }, "routes": [{ "port": 18789, "path": "/" }] }\n';
    await client.change(uri, 2, [{ text: agentText }]);
    const published = await client.diagnosticsFor(uri, 2);
    expect(published.diagnostics.map((d) => d.code)).toContain('route-port-reserved');
    expect(client.publishedFor(uri).filter((p) => p.version === 1 && p.diagnostics.length > 0)).toEqual([]);
  });

  it('publishes nothing for the other formats’ files, and serves an agent manifest beside them', async () => {
    const client = await TestClient.start();
    const dir = workspace();
    const uris = NON_AGENT.map(({ folder }) => fileUri(dir, `${folder}/manifest.json`));
    for (const [index, { text }] of NON_AGENT.entries()) await client.open(uris[index]!, text);
    const agentUri = fileUri(dir, 'agent/manifest.json');
    await client.open(agentUri, agent);
    expect((await client.diagnosticsFor(agentUri, 1)).diagnostics.length).toBeGreaterThan(0);
    for (const uri of uris) {
      expect(await client.request('textDocument/documentSymbol', { textDocument: { uri } })).toBeNull();
      expect(client.publishedFor(uri)).toEqual([]);
    }
  });
});
