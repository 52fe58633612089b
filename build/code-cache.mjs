// V8 code caches for the two commands (see build/cached-loader.cjs): each is written at the end
// of one representative run of the built command, so that it holds the functions such a run
// compiles — a lint of the examples for `manifest-lint`, and for `manifest-language-server` a
// session that opens an example and asks for its diagnostics, a hover and completions.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Runs `command` (a built loader) with `args`, writing its code cache to `cacheFile` on exit. */
function start(command, args, cacheFile) {
  return spawn(process.execPath, [command, ...args], {
    env: { ...process.env, AGENT_MANIFEST_WRITE_CODE_CACHE: cacheFile, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

function exited(child) {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
}

/** `manifest-lint` over the examples: exit code 1 is their findings, anything else a broken bundle. */
export async function writeCliCodeCache({ command, cacheFile, examples }) {
  const child = start(command, ['--now', '2026-01-01T00:00:00Z', examples], cacheFile);
  child.stdin.end();
  child.stdout.resume();
  const code = await exited(child);
  if (code !== 0 && code !== 1) throw new Error(`the code-cache run of manifest-lint failed (${code})`);
}

/** A short LSP session with `manifest-language-server`, each answer awaited before the next request. */
export async function writeServerCodeCache({ command, cacheFile, manifest }) {
  const child = start(command, ['--stdio'], cacheFile);
  const done = exited(child);
  // One request at a time: what the server has printed since it was sent, and who waits for its answer.
  let received = '';
  let pending;
  child.stdout.on('data', (chunk) => {
    received += chunk.toString('utf8');
    if (pending && new RegExp(`"id":${pending.id}[,}]`).test(received)) pending.answered();
  });
  let nextId = 0;
  const send = (message) => {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  const request = (method, params) => {
    const id = ++nextId;
    received = '';
    const answer = new Promise((answered) => (pending = { id, answered }));
    send({ id, method, params });
    return Promise.race([answer, done.then((code) => Promise.reject(new Error(`the code-cache run of manifest-language-server ended (${code})`)))]);
  };
  const uri = pathToFileURL(manifest).href;
  const textDocument = { uri };
  await request('initialize', { processId: null, rootUri: null, capabilities: { textDocument: { diagnostic: {} } } });
  send({ method: 'initialized', params: {} });
  send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'json', version: 1, text: readFileSync(manifest, 'utf8') } } });
  await request('textDocument/diagnostic', { textDocument });
  await request('textDocument/hover', { textDocument, position: { line: 1, character: 4 } });
  await request('textDocument/completion', { textDocument, position: { line: 1, character: 2 } });
  await request('shutdown', null);
  send({ method: 'exit' });
  const code = await done;
  if (code !== 0) throw new Error(`the code-cache run of manifest-language-server failed (${code})`);
}
