/**
 * The language server's protocol edges, written byte by byte to its standard input: messages out
 * of order get the protocol's errors, and a frame that cannot be read ends the server (one line
 * on standard error, a non-zero exit) so that the editor restarts it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, SERVER } from '../server/client.js';

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** The server, with what it wrote, parsed into messages, and a way to wait for its exit. */
function startRaw() {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, [SERVER, '--stdio'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  const messages: Record<string, unknown>[] = [];
  let stdout = Buffer.alloc(0);
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout = Buffer.concat([stdout, chunk]);
    for (;;) {
      const end = stdout.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/Content-Length: (\d+)/i.exec(stdout.subarray(0, end).toString())![1]);
      if (stdout.length < end + 4 + length) return;
      messages.push(JSON.parse(stdout.subarray(end + 4, end + 4 + length).toString('utf8')));
      stdout = stdout.subarray(end + 4 + length);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = async <T>(find: () => T | undefined, what: string): Promise<T> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; stderr: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    child,
    messages,
    stderr: () => stderr,
    exited,
    write: (bytes: string | Buffer) => child.stdin.write(bytes),
    send: (message: object) => child.stdin.write(frame(message)),
    response: (id: number) => until(() => messages.find((m) => m.id === id), `the answer to request ${id}`),
  };
}

function frame(message: object): Buffer {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

const INITIALIZE = { id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } };

describe('messages out of order', () => {
  it('answers a request before initialize with ServerNotInitialized, drops notifications, then initializes', async () => {
    const server = startRaw();
    server.send({ id: 7, method: 'textDocument/hover', params: { textDocument: { uri: 'file:///m/manifest.json' }, position: { line: 0, character: 0 } } });
    server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///m/manifest.json', languageId: 'json', version: 1, text: '{' } } });
    const early = await server.response(7);
    expect(early).toMatchObject({ id: 7, error: { code: -32002 } });
    expect(early).not.toHaveProperty('result');
    server.send(INITIALIZE);
    expect(await server.response(1)).toHaveProperty('result.capabilities');
    server.send({ method: 'initialized', params: {} });
    // The document sent too early was never opened: asking about it now gives nothing.
    server.send({ id: 2, method: 'textDocument/documentSymbol', params: { textDocument: { uri: 'file:///m/manifest.json' } } });
    expect(await server.response(2)).toMatchObject({ id: 2, result: null });
  });

  it('refuses requests after shutdown with InvalidRequest and exits 0 on exit', async () => {
    const server = startRaw();
    server.send(INITIALIZE);
    await server.response(1);
    server.send({ id: 2, method: 'shutdown' });
    expect(await server.response(2)).toMatchObject({ id: 2, result: null });
    server.send({ id: 3, method: 'textDocument/documentSymbol', params: { textDocument: { uri: 'file:///m/manifest.json' } } });
    expect(await server.response(3)).toMatchObject({ id: 3, error: { code: -32600 } });
    server.send({ method: 'exit' });
    expect(await server.exited).toBe(0);
  });

  it('reads frames split anywhere, one byte at a time', async () => {
    const server = startRaw();
    const bytes = Buffer.concat([frame(INITIALIZE), frame({ id: 2, method: 'shutdown' })]);
    for (let i = 0; i < bytes.length; i++) server.write(bytes.subarray(i, i + 1));
    expect(await server.response(1)).toHaveProperty('result.capabilities');
    expect(await server.response(2)).toMatchObject({ result: null });
  });
});

describe('broken frames', () => {
  const BROKEN: { name: string; bytes: () => Buffer; says: RegExp }[] = [
    { name: 'a Content-Length that is not a number', bytes: () => Buffer.from('Content-Length: abc\r\n\r\n{}'), says: /not a number/ },
    { name: 'a header without Content-Length', bytes: () => Buffer.from('Content-Type: application/json\r\n\r\n{}'), says: /without Content-Length/ },
    { name: 'a frame of 2 GB announced', bytes: () => Buffer.from('Content-Length: 2000000000\r\n\r\n{'), says: /over the \d+-byte limit/ },
    { name: 'a header that never ends', bytes: () => Buffer.alloc(20_000, 'x'), says: /header longer than/ },
  ];
  for (const { name, bytes, says } of BROKEN) {
    it(`${name}: one line on standard error, exit code 1`, async () => {
      const server = startRaw();
      server.send(INITIALIZE);
      await server.response(1);
      server.write(bytes());
      expect(await server.exited).toBe(1);
      const lines = server.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(says);
      expect(lines[0]).toMatch(/^manifest-language-server: /);
    });
  }
});
