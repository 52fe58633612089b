/**
 * Other formats are also called `manifest.json` (web app manifests, browser extensions): they are
 * recognised by content and left alone, in folders silently, by name with a line, unless --force.
 */
import { describe, expect, it } from 'vitest';
import { foreignManifestKind } from '../../rules/index.js';
import { fileUri, TestClient } from '../server/client.js';
import { fixture, NOW, parseJson, runCli, workspace } from './helpers.js';

const WEB_APP = JSON.stringify({ name: 'Notes', short_name: 'Notes', start_url: '/', display: 'standalone', icons: [{ src: '/icon.png', sizes: '192x192' }] }, null, 2);
const EXTENSION = JSON.stringify({ manifest_version: 3, name: 'Clipper', version: '1.0.0', permissions: ['storage'] }, null, 2);
const agent = fixture('problems.json');

describe('foreignManifestKind', () => {
  it.each([
    ['a web app manifest', WEB_APP, 'a web app manifest'],
    ['a browser extension', EXTENSION, 'a browser extension manifest'],
    ['an agent manifest', agent, undefined],
    ['an agent manifest that also has icons', '{"version": 1, "agent": {"name": "a"}, "icons": []}', undefined],
    ['the official $schema, and nothing else yet', '{"$schema": "https://agents.pinata.cloud/schemas/manifest.v1.json", "display": "x"}', undefined],
    ['an empty object', '{}', undefined],
    ['a file cut short', '{ "version": 1, "ag', undefined],
    ['not JSON at all', 'hello', undefined],
    ['keys of another format only inside nested objects', '{"a": {"short_name": "x", "icons": []}, "b": [{"manifest_version": 3}]}', undefined],
    ['a $schema in a nested object', '{"x": {"$schema": "https://agents.pinata.cloud/schemas/manifest.v1.json"}, "icons": []}', 'a web app manifest'],
  ])('%s', (_name, text, kind) => {
    expect(foreignManifestKind(text)).toBe(kind);
  });

  it('reads text of any depth without recursion', () => {
    const deep = `{"icons": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(foreignManifestKind(deep)).toBe('a web app manifest');
  });
});

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
    expect(result.stderr).toBe('manifest-lint: manifest.json is not an agent manifest (it looks like a web app manifest), so it was not linted; --force lints it anyway\n');
  });

  it('lints it with --force', async () => {
    const cwd = workspace({ 'manifest.json': EXTENSION });
    const result = await runCli(['--now', NOW, '--force', '--format', 'json'], { cwd });
    expect(result.code).toBe(1);
    expect(parseJson(result)[0]!.diagnostics.map((d) => d.ruleId)).toContain('missing-property');
  });

  it('still lints an empty or broken manifest.json, which must not pass as foreign', async () => {
    const cwd = workspace({ 'manifest.json': '{}\n' });
    expect((await runCli(['--now', NOW], { cwd })).code).toBe(1);
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
});
