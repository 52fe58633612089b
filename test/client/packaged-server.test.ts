// The language server exactly as the `.vsix` ships it: extracted to a temporary folder outside the
// repository (no `node_modules` anywhere above it) and started the way the extension starts it,
// `node server/manifest-language-server.cjs --stdio --clientProcessId=<pid>`.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type CodeAction,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { SERVER_PATH } from '../../client/src/commands.js';
import pkg from '../../package.json' with { type: 'json' };
import { extractZip, packagedVsix, readZip, ROOT } from './vsix.js';

const NOW = '2026-11-23T09:00:00Z';
/** A reserved route port, a typo'd key and an hour that does not exist (checked by a lazily loaded chunk). */
const BAD_MANIFEST = `{
  "version": 1,
  "agent": { "name": "Port Clash" },
  "scripts": { "start": "node server.js --port 18790" },
  "routes": [
    { "port": 18789, "path": "/app/", "protcted": true }
  ],
  "tasks": [
    {
      "name": "nightly",
      "schedule": { "kind": "cron", "expr": "0 25 * * *" },
      "payload": { "kind": "agentTurn", "text": "Summarise" }
    }
  ]
}
`;

let folder: string;
let server: string;

beforeAll(async () => {
  folder = extractZip(readZip(fs.readFileSync(await packagedVsix())));
  server = path.join(folder, 'extension', SERVER_PATH);
  // Where the manifests "are": a repository root, so the config file lookup stops there.
  fs.mkdirSync(path.join(folder, 'workspace', '.git'), { recursive: true });
}, 120_000);

afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** The environment of an editor: nothing that would let Node find modules outside the bundle. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.NODE_PATH;
  return env;
}

interface ServerRun {
  child: ChildProcessWithoutNullStreams;
  connection: ProtocolConnection;
  published: PublishDiagnosticsParams[];
  stderr: () => string;
}

const runs: ServerRun[] = [];
afterEach(() => {
  for (const run of runs.splice(0)) {
    run.connection.dispose();
    if (run.child.exitCode === null) run.child.kill();
  }
});

/** Started with the arguments vscode-languageclient passes to a `module` server over stdio. */
function startPackagedServer(): ServerRun {
  const args = [server, '--stdio', `--clientProcessId=${process.pid}`];
  const child = spawn(process.execPath, args, { cwd: folder, env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published: PublishDiagnosticsParams[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    published.push(params);
  });
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({})));
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const run = { child, connection, published, stderr: () => stderr };
  runs.push(run);
  return run;
}

async function until<T>(run: ServerRun, check: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (run.child.exitCode !== null) throw new Error(`the server exited while waiting for ${what}:\n${run.stderr()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the server packaged in the .vsix', () => {
  it('is the server bundle the build made, and prints its version', () => {
    // Compared as bytes: a deep equality walks half a megabyte one element at a time.
    expect(
      fs.readFileSync(server).equals(fs.readFileSync(path.join(ROOT, 'dist', 'manifest-language-server.bundle.cjs'))),
      'byte for byte dist/manifest-language-server.bundle.cjs',
    ).toBe(true);
    const version = execFileSync(process.execPath, [server, '--version'], { cwd: folder, env: cleanEnv(), encoding: 'utf8' });
    expect(version.trim()).toBe(pkg.version);
  });

  it('answers initialize, publishes diagnostics for a bad manifest, offers fix-all and shuts down', async () => {
    const run = startPackagedServer();
    const { connection } = run;
    const result = await connection.sendRequest<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(folder).href,
      capabilities: {
        workspace: { configuration: true },
        textDocument: {
          publishDiagnostics: { versionSupport: true },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } } },
        },
      },
      initializationOptions: { now: NOW, debounceMs: 0 },
    });
    expect(result.serverInfo).toEqual({ name: 'manifest-language-server', version: pkg.version });
    expect(result.capabilities.diagnosticProvider).toBeUndefined();
    await connection.sendNotification('initialized', {});

    const uri = pathToFileURL(path.join(folder, 'workspace', 'manifest.json')).href;
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: BAD_MANIFEST } });
    const published = await until(run, () => run.published.find((p) => p.uri === uri && p.diagnostics.length > 0), 'diagnostics');
    expect(published.version).toBe(1);
    const codes = published.diagnostics.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['route-port-reserved', 'unknown-property', 'task-cron-invalid']));
    const reserved = published.diagnostics.find((d) => d.code === 'route-port-reserved')!;
    expect(reserved.range.start).toEqual({ line: 5, character: 14 });
    expect(reserved.source).toBe('agent-manifest');

    const actions = await connection.sendRequest<CodeAction[] | null>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 15, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll.agentManifest'] },
    });
    expect(actions?.map((action) => action.kind)).toEqual(['source.fixAll.agentManifest']);

    // A document that is neither named manifest.json nor declares the schema is ignored.
    const other = pathToFileURL(path.join(folder, 'workspace', 'package.json')).href;
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: other, languageId: 'json', version: 1, text: '{"port": 18789' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(run.published.filter((p) => p.uri === other && p.diagnostics.length > 0)).toEqual([]);

    const exited = new Promise<number | null>((resolve) => run.child.on('exit', (code) => resolve(code)));
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    expect(await exited).toBe(0);
    expect(run.stderr()).toBe('');
  });
});
