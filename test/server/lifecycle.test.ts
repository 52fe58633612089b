import { describe, expect, it } from 'vitest';
import type { CompletionList, DocumentSymbol, FoldingRange, Hover, MarkupContent } from 'vscode-languageserver-protocol/node';
import { CLEAN, PROBLEMS } from './fixtures.js';
import { fileUri, positionOf, TestClient, workspace } from './client.js';

describe('lifecycle', () => {
  it('initializes with push diagnostics, registers its watchers, and exits cleanly after shutdown', async () => {
    const client = await TestClient.start();
    const { capabilities, serverInfo } = client.result;
    expect(serverInfo?.name).toBe('manifest-language-server');
    expect(capabilities.textDocumentSync).toEqual({ openClose: true, change: 2 });
    expect(capabilities.diagnosticProvider).toBeUndefined();
    expect(capabilities.codeActionProvider).toEqual({ codeActionKinds: ['quickfix', 'refactor.rewrite', 'source.fixAll.agentManifest'] });
    expect(capabilities.renameProvider).toEqual({ prepareProvider: true });
    for (const feature of [
      'completionProvider',
      'hoverProvider',
      'documentSymbolProvider',
      'documentFormattingProvider',
      'documentRangeFormattingProvider',
      'foldingRangeProvider',
      'definitionProvider',
      'inlayHintProvider',
    ] as const) {
      expect(capabilities[feature], feature).toBeTruthy();
    }
    await client.until(() => (client.registrations.length >= 2 ? true : undefined), 'registrations');
    expect(client.registrations.map((r) => r.method).sort()).toEqual(['workspace/didChangeConfiguration', 'workspace/didChangeWatchedFiles']);
    expect(await client.stop()).toBe(0);
  });

  it('answers unknown requests with MethodNotFound and keeps serving', async () => {
    const client = await TestClient.start();
    await expect(client.request('agentManifest/doesNotExist', { anything: true })).rejects.toMatchObject({ code: -32601 });
    await client.connection.sendNotification('agentManifest/unknownNotification', {});
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, PROBLEMS);
    expect((await client.diagnosticsFor(uri, 1)).diagnostics.length).toBeGreaterThan(0);
    expect(await client.stop()).toBe(0);
  });

  it('works with a client that advertises nothing', async () => {
    const client = await TestClient.start({ capabilities: {} });
    expect(client.result.capabilities.codeActionProvider).toBe(true);
    expect(client.result.capabilities.renameProvider).toBe(true);
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, CLEAN);
    expect((await client.diagnosticsFor(uri, 1)).diagnostics).toEqual([]);
    const symbols = await client.request<{ name: string; containerName?: string }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols).toContainEqual(expect.objectContaining({ name: 'morning-digest', containerName: 'tasks' }));
    expect(client.registrations).toEqual([]);
  });
});

// Tests that end without stopping the server share one: each works on a document of its own, and
// a crash would fail the test that caused it (and the ones after it).
describe('robustness', () => {
  it('keeps serving through malformed JSON', async () => {
    const client = await TestClient.shared();
    const uri = fileUri(workspace(), 'manifest.json');
    const broken = '{ "version": 1, "agent": { "name": "x", }, "routes": [ { "port": 18789, "path": "/a" ';
    await client.open(uri, broken);
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    expect(diagnostics.map((d) => d.code)).toContain('json-syntax');
    expect(diagnostics.map((d) => d.code)).toContain('route-port-reserved');
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols.map((s) => s.name)).toEqual(['agent', 'routes']);
    const completion = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: positionOf(broken, '"path"') });
    expect(completion.items.map((i) => i.label)).toContain('protected');

    // Random bytes, a lone surrogate, a NUL, a BOM: a diagnostic each time, never a crash. (Text
    // that opens no object, `]]]]` or `"`, is no agent manifest: it is not served at all.)
    const garbage = ['\uFEFF{"version":1}', '\u0000\u0001{{{', '{"agent": {"name": "\uD800"}}', '{]]]]', '{"', ''];
    for (const [index, text] of garbage.entries()) {
      await client.change(uri, index + 2, [{ text }]);
      await client.diagnosticsFor(uri, index + 2);
      await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
      await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 1 } });
      await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    }
    expect(client.child.exitCode).toBeNull();
  });

  it('refuses a document over 4 MiB with one diagnostic and stays responsive', async () => {
    const client = await TestClient.shared();
    const uri = fileUri(workspace(), 'manifest.json');
    const huge = CLEAN.replace('"Collects notes and sends a digest."', JSON.stringify('x'.repeat(5 * 1024 * 1024)));
    await client.open(uri, huge);
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    expect(diagnostics.length).toBe(1);
    const position = positionOf(huge, '"0 9 * * 1-5"', 3);
    await client.request('textDocument/hover', { textDocument: { uri }, position });
    await client.request('textDocument/completion', { textDocument: { uri }, position });
    expect(await client.request('textDocument/documentSymbol', { textDocument: { uri } })).toEqual([]);
    expect(await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
    await client.request('textDocument/foldingRange', { textDocument: { uri } });
    // Closed: the shared server does not carry 5 MB into the tests after this one.
    await client.close(uri);
  });

  it('serves a 1.5 MB manifest with its own providers, without the JSON language service', async () => {
    const client = await TestClient.shared();
    const uri = fileUri(workspace(), 'manifest.json');
    const large = CLEAN.replace('"Collects notes and sends a digest."', JSON.stringify('word '.repeat(300_000))).replace('"Europe/Lisbon"', '"Europe/Lis"');
    expect(large.length).toBeGreaterThan(1_000_000);
    await client.open(uri, large);
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    expect(diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['limit-exceeded', 'task-timezone-invalid']));
    const zones = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: positionOf(large, '"Europe/Lis"', 5) });
    expect(zones.items.map((i) => i.label)).toContain('"Europe/Lisbon"');
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionOf(large, '900000', 2) });
    expect((hover.contents as MarkupContent).value).toContain('15 minutes');
    const folding = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    expect(folding).toContainEqual({ startLine: positionOf(large, '"tasks"').line, endLine: positionOf(large, '"Check the inbox"').line + 1 });
    await client.close(uri);
  });

  it('refuses 100,000 levels of nesting without a crash', async () => {
    const client = await TestClient.start();
    const uri = fileUri(workspace(), 'manifest.json');
    // In an agent manifest: an array at the root is none, and would not be served.
    const deep = `{"agent": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    await client.open(uri, deep);
    expect((await client.diagnosticsFor(uri, 1)).diagnostics.length).toBeGreaterThan(0);
    for (const method of ['textDocument/foldingRange', 'textDocument/documentSymbol']) {
      await client.request(method, { textDocument: { uri } });
    }
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 50_000 } });
    await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 50_000 } });
    expect(await client.stop()).toBe(0);
  });

  it('survives a thousand random edits and ends with the right diagnostics', async () => {
    const client = await TestClient.start();
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, CLEAN);
    await client.diagnosticsFor(uri, 1);
    // A seeded generator, so a failure can be replayed.
    let seed = 20261123;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = ['{', '}', '[', ']', '"', ':', ',', ' ', '\n', 'a', '1', 'env:', '"tasks"', '\\', '\uD83D'];
    let version = 1;
    for (let i = 0; i < 1000; i++) {
      const text = client.text(uri);
      const start = random(text.length + 1);
      const end = Math.min(text.length, start + random(4));
      const position = (offset: number) => positionOf(text, text.slice(0, offset), offset);
      await client.change(uri, ++version, [
        { range: { start: position(start), end: position(end) }, text: random(3) === 0 ? '' : alphabet[random(alphabet.length)]! },
      ]);
      if (i % 100 === 0) await client.request('textDocument/completion', { textDocument: { uri }, position: position(start) });
    }
    await client.change(uri, ++version, [{ text: PROBLEMS }]);
    const last = await client.diagnosticsFor(uri, version);
    expect(last.diagnostics.map((d) => d.code)).toContain('route-port-reserved');
    // An edit may leave no agent manifest for a while (a bracket typed before the root object): the
    // server then clears the findings, with no version.
    const versions = client.publishedFor(uri).flatMap((p) => (p.version === undefined ? [] : [p.version]));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(await client.stop()).toBe(0);
  });

  it('never logs or echoes a literal token', async () => {
    const token = ['8312', '45679', ':', 'AA', 'Hk3vPqR7sT9uW2xY4zB6cD8eF0gJ1mN5o'].join('');
    // The check covers everything the shared server logged, other tests' lines too.
    const client = await TestClient.shared();
    const uri = fileUri(workspace(), 'manifest.json');
    const text = CLEAN.replace('"env:TELEGRAM_BOT_TOKEN"', JSON.stringify(token));
    await client.open(uri, text);
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    expect(diagnostics.map((d) => d.code)).toContain('channel-token-literal');
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, token, 3) });
    const everything = JSON.stringify([diagnostics.map((d) => d.message), hover, client.messages]) + client.stderr;
    expect(everything).not.toContain(token.slice(6));
  });
});
