import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { CLEAN, PROBLEMS } from './fixtures.js';
import { lint } from '../../rules/index.js';
import { fileUri, NOW, positionOf, PULL_CAPABILITIES, rangeOf, TestClient, workspace, writeFile } from './client.js';

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);
const rc = (value: object) => `${JSON.stringify(value, null, 2)}\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The debouncing tests share a server with a debounce long enough to see a burst as one, and
// wait well past it to see that nothing more comes.
const DEBOUNCE_MS = 150;
const DEBOUNCED = { initializationOptions: { debounceMs: DEBOUNCE_MS } };

describe('pushed diagnostics', () => {
  it('maps engine findings to LSP: exact range, severity, code, docs link, source and fixes', async () => {
    const client = await TestClient.shared();
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, PROBLEMS);
    const { diagnostics, version } = await client.diagnosticsFor(uri, 1);
    expect(version).toBe(1);
    expect(codes(diagnostics)).toEqual(expect.arrayContaining(['route-port-reserved', 'unknown-property']));

    const reserved = diagnostics.find((d) => d.code === 'route-port-reserved')!;
    expect(reserved.range).toEqual(rangeOf(PROBLEMS, '18789'));
    expect(reserved.severity).toBe(1);
    expect(reserved.source).toBe('agent-manifest');
    expect(reserved.codeDescription?.href).toBe('https://github.com/agent-manifest/agent-manifest/blob/main/docs/rules/route-port-reserved.md');
    // The engine's messages, unchanged (the engine's own tests own their wording).
    const engine = lint(PROBLEMS, { now: new Date(NOW) }).diagnostics;
    const said = (ruleId: string) => engine.find((d) => d.ruleId === ruleId)!.message;
    expect(reserved.message).toBe(said('route-port-reserved'));
    // Fix texts can hold secrets: quick fixes come from code actions, not from the diagnostic.
    expect(reserved.data).toBeUndefined();

    const unknown = diagnostics.find((d) => d.code === 'unknown-property')!;
    expect(unknown.range).toEqual(rangeOf(PROBLEMS, '"protcted"'));
    expect(unknown.message).toBe(said('unknown-property'));
  });

  it('follows incremental edits that break and repair the JSON', async () => {
    const client = await TestClient.shared();
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, CLEAN);
    expect((await client.diagnosticsFor(uri, 1)).diagnostics).toEqual([]);

    // Delete the comma after `"version": 1`.
    await client.replace(uri, 2, '"version": 1,', '"version": 1');
    const broken = await client.diagnosticsFor(uri, 2);
    expect(broken.version).toBe(2);
    expect(codes(broken.diagnostics)).toEqual(['json-syntax']);
    const syntax = broken.diagnostics[0]!;
    // The parser notices the missing comma where the next key starts.
    expect(syntax.range.start).toEqual(rangeOf(client.text(uri), '"agent"').start);

    await client.replace(uri, 3, '"version": 1', '"version": 1,');
    const repaired = await client.diagnosticsFor(uri, 3);
    expect(repaired.diagnostics).toEqual([]);
    expect(client.text(uri)).toBe(CLEAN);

    // A key typed one character at a time ends as findings about the finished key only.
    let version = 3;
    let at = CLEAN.indexOf('"version": 1,') + '"version": 1,'.length;
    for (const piece of ['\n  "', 'v', 'i', 'b', 'e', '"']) {
      const position = positionOf(client.text(uri), client.text(uri).slice(0, at), client.text(uri).slice(0, at).length);
      await client.change(uri, ++version, [{ range: { start: position, end: position }, text: piece }]);
      at += piece.length;
    }
    const typed = await client.diagnosticsFor(uri, version);
    expect(typed.version).toBe(version);
    expect(codes(typed.diagnostics)).toContain('json-syntax');
    expect(codes(typed.diagnostics)).toContain('unknown-property');
    const key = typed.diagnostics.find((d) => d.code === 'unknown-property')!;
    expect(key.range).toEqual(rangeOf(client.text(uri), '"vibe"'));
  });

  it('debounces bursts and never publishes a version older than one already published', async () => {
    const client = await TestClient.shared(DEBOUNCED);
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, PROBLEMS);
    await client.diagnosticsFor(uri, 1);
    for (let version = 2; version <= 8; version++) {
      await client.replace(uri, version, version === 2 ? '"Port Clash"' : `"Port Clash ${version - 1}"`, `"Port Clash ${version}"`);
    }
    const last = await client.diagnosticsFor(uri, 8);
    expect(last.version).toBe(8);
    await sleep(2 * DEBOUNCE_MS);
    const versions = client.publishedFor(uri).map((p) => p.version);
    expect(versions).toEqual([1, 8]);
    expect(client.text(uri)).toContain('"Port Clash 8"');
  });

  it('drops a pending run when the document closes, and clears its diagnostics', async () => {
    const client = await TestClient.shared(DEBOUNCED);
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, PROBLEMS);
    await client.diagnosticsFor(uri, 1);
    await client.replace(uri, 2, '"Port Clash"', '"Closing"');
    await client.close(uri);
    await sleep(DEBOUNCE_MS + 300);
    const published = client.publishedFor(uri);
    expect(published.map((p) => p.version)).toEqual([1, undefined]);
    expect(published.at(-1)!.diagnostics).toEqual([]);
    // Still serving.
    const other = fileUri(workspace(), 'manifest.json');
    await client.open(other, PROBLEMS);
    expect((await client.diagnosticsFor(other, 1)).diagnostics.length).toBeGreaterThan(0);
  });

  it('serves manifest.json files and documents with the official $schema, and ignores other JSON', async () => {
    const client = await TestClient.shared();
    const dir = workspace();
    const other = fileUri(dir, 'package.json');
    const foreign = fileUri(dir, 'agent.json');
    const declared = fileUri(dir, 'agents/bot.json');
    await client.open(other, '{ "version": 2, "agent": 3 }');
    await client.open(foreign, '{ "$schema": "https://json.schemastore.org/package.json", "version": 2 }');
    await client.open(declared, PROBLEMS.replace('{', `{\n  "$schema": "https://agents.pinata.cloud/schemas/manifest.v1.json",`));
    const served = await client.diagnosticsFor(declared, 1);
    expect(codes(served.diagnostics)).toContain('route-port-reserved');
    await sleep(100);
    expect(client.publishedFor(other)).toEqual([]);
    expect(client.publishedFor(foreign)).toEqual([]);
    for (const uri of [other, foreign]) {
      const position = { line: 0, character: 3 };
      expect(await client.request('textDocument/completion', { textDocument: { uri }, position })).toBeNull();
      expect(await client.request('textDocument/hover', { textDocument: { uri }, position })).toBeNull();
      expect(await client.request('textDocument/documentSymbol', { textDocument: { uri } })).toBeNull();
      expect(await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toBeNull();
    }
  });
});

describe('settings and config files', () => {
  it('agentManifest.rules overrides severities and turns rules off; agentManifest.enable switches the server off', async () => {
    const client = await TestClient.start({ settings: { rules: { 'unknown-property': 'warning' } } });
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, PROBLEMS);
    const first = await client.diagnosticsFor(uri, 1);
    expect(first.diagnostics.find((d) => d.code === 'unknown-property')!.severity).toBe(2);
    expect(client.configurationRequests).toBeGreaterThan(0);

    client.settings = { rules: { 'route-port-reserved': 'off' } };
    const before = client.published.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const second = await client.diagnosticsFor(uri, 1, before);
    expect(codes(second.diagnostics)).not.toContain('route-port-reserved');
    expect(second.diagnostics.find((d) => d.code === 'unknown-property')!.severity).toBe(1);

    client.settings = { enable: false };
    const beforeOff = client.published.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const off = await client.diagnosticsFor(uri, undefined, beforeOff);
    expect(off.diagnostics).toEqual([]);
    expect(await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 5, character: 15 } })).toBeNull();

    // Settings that are not valid are named in the log and left out.
    client.settings = { rules: { 'no-such-rule': 'off', 'route-port-reserved': 'loud' }, templateChecks: 'on' };
    const beforeBad = client.published.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const bad = await client.diagnosticsFor(uri, 1, beforeBad);
    expect(codes(bad.diagnostics)).toContain('route-port-reserved');
    await client.until(() => client.messages.find((m) => /no-such-rule/.test(m.message)), 'a warning about the unknown rule');
    expect(client.messages.some((m) => /route-port-reserved/.test(m.message))).toBe(true);
    // templateChecks is accepted.
    expect(client.messages.some((m) => /templateChecks/.test(m.message))).toBe(false);
  });

  it('reads settings from didChangeConfiguration when the client has no workspace/configuration', async () => {
    const capabilities = { textDocument: {}, workspace: {} };
    const client = await TestClient.start({ capabilities });
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, PROBLEMS);
    expect(codes((await client.diagnosticsFor(uri, 1)).diagnostics)).toContain('route-port-reserved');
    const before = client.published.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { agentManifest: { rules: { 'route-port-reserved': 'off' } } },
    });
    expect(codes((await client.diagnosticsFor(uri, 1, before)).diagnostics)).not.toContain('route-port-reserved');
    expect(client.configurationRequests).toBe(0);
  });

  it('applies the nearest .manifestlintrc.json and re-reads it when it changes', async () => {
    const dir = workspace({ '.manifestlintrc.json': rc({ rules: { 'route-port-reserved': 'off' } }) });
    const client = await TestClient.start();
    await client.until(() => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'), 'a file watcher registration');
    const watcher = client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles')!;
    // Config files, plus what the template checks read (test/server/template-checks.test.ts).
    expect((watcher.registerOptions as { watchers: unknown[] }).watchers[0]).toEqual({ globPattern: '**/.manifestlintrc.json' });

    const uri = fileUri(dir, 'bots/one/manifest.json');
    await client.open(uri, PROBLEMS);
    expect(codes((await client.diagnosticsFor(uri, 1)).diagnostics)).not.toContain('route-port-reserved');

    const config = writeFile(
      dir,
      '.manifestlintrc.json',
      rc({
        rules: { 'route-port-reserved': 'info' },
        ignore: [{ rule: 'unknown-property', path: '/routes/0' }],
      }),
    );
    let before = client.published.length;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(dir, '.manifestlintrc.json'), type: 2 }] });
    const changed = await client.diagnosticsFor(uri, 1, before);
    expect(changed.diagnostics.find((d) => d.code === 'route-port-reserved')?.severity).toBe(3);
    expect(codes(changed.diagnostics)).not.toContain('unknown-property');

    // Editor settings win over the file, as CLI flags do.
    client.settings = { rules: { 'route-port-reserved': 'warning' } };
    before = client.published.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    expect((await client.diagnosticsFor(uri, 1, before)).diagnostics.find((d) => d.code === 'route-port-reserved')?.severity).toBe(2);

    // A broken config file is reported once and left out.
    fs.writeFileSync(config, '{ "rules": { "route-port-reserved": "loud" } }');
    before = client.published.length;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(dir, '.manifestlintrc.json'), type: 2 }] });
    const broken = await client.diagnosticsFor(uri, 1, before);
    expect(codes(broken.diagnostics)).toContain('unknown-property');
    await client.until(() => client.messages.find((m) => m.type === 2 && /manifestlintrc\.json is not used/.test(m.message)), 'a warning');

    // Deleted: the manifest is linted with the defaults.
    fs.rmSync(config);
    before = client.published.length;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(dir, '.manifestlintrc.json'), type: 3 }] });
    const removed = await client.diagnosticsFor(uri, 1, before);
    expect(removed.diagnostics.find((d) => d.code === 'route-port-reserved')?.severity).toBe(2);
    expect(path.basename(config)).toBe('.manifestlintrc.json');
  });
  it('does not use a config that links out of the repository, and says so', async () => {
    const outside = workspace({ 'rc.json': rc({ rules: { 'route-port-reserved': 'off' } }) });
    const dir = workspace();
    fs.symlinkSync(path.join(outside, 'rc.json'), path.join(dir, '.manifestlintrc.json'));
    const client = await TestClient.shared();
    const uri = fileUri(dir, 'manifest.json');
    await client.open(uri, PROBLEMS);
    expect(codes((await client.diagnosticsFor(uri, 1)).diagnostics)).toContain('route-port-reserved');
    // The warning names this test's file: the shared server's log holds other tests' lines.
    await client.until(
      () =>
        client.messages.find(
          (m) => m.type === 2 && m.message.includes(dir) && /manifestlintrc\.json is not used: it is a link to a file outside the repository/.test(m.message),
        ),
      'a warning',
    );
  });
});

describe('pulled diagnostics', () => {
  it('answers textDocument/diagnostic instead of pushing, and asks for a refresh when settings change', async () => {
    const client = await TestClient.start({ capabilities: PULL_CAPABILITIES });
    expect(client.result.capabilities.diagnosticProvider).toEqual({
      identifier: 'agent-manifest',
      interFileDependencies: false,
      workspaceDiagnostics: false,
    });
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, PROBLEMS);
    const pull = (previousResultId?: string) =>
      client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) });

    const first = await pull();
    expect(first.kind).toBe('full');
    if (first.kind !== 'full') throw new Error('expected a full report');
    expect(codes(first.items)).toContain('route-port-reserved');
    expect(first.items.find((d) => d.code === 'route-port-reserved')!.range).toEqual(rangeOf(PROBLEMS, '18789'));
    expect(await pull(first.resultId)).toEqual({ kind: 'unchanged', resultId: first.resultId });

    await client.replace(uri, 2, '18789', '18790');
    const second = await pull(first.resultId);
    if (second.kind !== 'full') throw new Error('expected a full report after a change');
    expect(codes(second.items)).not.toContain('route-port-reserved');

    client.settings = { rules: { 'unknown-property': 'off' } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.until(() => (client.refreshRequests > 0 ? true : undefined), 'workspace/diagnostic/refresh');
    const third = await pull(second.resultId);
    if (third.kind !== 'full') throw new Error('expected a full report after a settings change');
    expect(codes(third.items)).not.toContain('unknown-property');

    await sleep(100);
    expect(client.published).toEqual([]);

    const other = fileUri(workspace(), 'tsconfig.json');
    await client.open(other, '{ "compilerOptions": {} }');
    expect(await client.request('textDocument/diagnostic', { textDocument: { uri: other } })).toEqual({ kind: 'full', items: [] });
  });
});
