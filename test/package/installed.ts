/**
 * What every install route must give, checked on an installed copy: the commands, by the path
 * of their link or by name on PATH, and the library from CommonJS and from an ES module.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** A manifest with one error: a route on the gateway's reserved port. */
export const BAD_MANIFEST =
  '{ "version": 1, "agent": { "name": "Web" }, "scripts": { "start": "node server.js" }, "routes": [{ "port": 18789, "path": "/" }] }\n';

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A command run to its end without blocking, so that checks can run side by side. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `command` (a path, or a name on the PATH of `env`) prints the package's version. */
export async function expectVersion(command: string, cwd: string, env?: NodeJS.ProcessEnv): Promise<void> {
  const result = await run(command, ['--version'], { cwd, env });
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe(VERSION);
}

/** `command` lints `manifest` in `cwd`: exit 1, the reserved port's rule named. */
export async function expectBadManifestFails(command: string, cwd: string, manifest: string, env?: NodeJS.ProcessEnv): Promise<void> {
  const result = await run(command, [manifest], { cwd, env });
  expect(result.stdout).toContain('route-port-reserved');
  expect(result.status).toBe(1);
}

/** The language server started as `command --stdio` answers `initialize` with its name and version. */
export async function expectLanguageServerAnswers(command: string, env?: NodeJS.ProcessEnv): Promise<void> {
  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  const server = spawn(command, ['--stdio'], { env: env ?? process.env, stdio: ['pipe', 'pipe', 'inherit'] });
  let answer = '';
  const answered = new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.stdout.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (answer.includes('"id":1')) resolve();
    });
  });
  server.stdin.write(`Content-Length: ${Buffer.byteLength(initialize)}\r\n\r\n${initialize}`);
  await answered;
  server.kill();
  expect(answer).toContain('"name":"manifest-language-server"');
  expect(answer).toContain(`"version":"${VERSION}"`);
}

/** In `project`, which holds `manifest` (BAD_MANIFEST), `require` and `import` give a working lint and fix, and the schema by its export. */
export async function expectLibraryWorks(project: string, manifest: string): Promise<void> {
  const cjs = await run(
    process.execPath,
    [
      '-e',
      `const { lint, rules } = require('agent-manifest'); const r = lint(require('fs').readFileSync(${JSON.stringify(manifest)}, 'utf8')); console.log(r.errorCount, r.diagnostics.map((d) => d.ruleId).join(','), rules.length > 60)`,
    ],
    { cwd: project },
  );
  expect(cjs.stderr).toBe('');
  expect(cjs.stdout).toMatch(/^1 .*route-port-reserved.* true\n$/);
  const esm = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      'import { fix } from \'agent-manifest\'; import schema from \'agent-manifest/schema.json\' with { type: \'json\' }; const r = fix(\'{"version":1,"agent":{"name":"a"},"model":" a/b"}\'); console.log(r.output, r.applied, schema.$id)',
    ],
    { cwd: project },
  );
  expect(esm.stderr).toBe('');
  expect(esm.stdout).toBe('{"version":1,"agent":{"name":"a"},"model":"a/b"} 1 https://agents.pinata.cloud/schemas/manifest.v1.json\n');
}

/**
 * Runs an example of docs/library.md in `project`, as written (an ES module) and as CommonJS (in
 * an async function, for the examples that await): each prints what its comments say.
 */
export async function expectExampleRuns(project: string, name: string, code: string): Promise<void> {
  const expected = code
    .split('\n')
    .filter((line) => line.startsWith('// '))
    .map((line) => line.slice(3))
    .join('\n');
  fs.writeFileSync(path.join(project, `${name}-example.mjs`), code);
  const esm = await run(process.execPath, [`${name}-example.mjs`], { cwd: project });
  expect(esm.stderr).toBe('');
  expect(esm.stdout.trimEnd()).toBe(expected);
  const body = code.replace(/^import (\{[^}]+\}) from 'agent-manifest';/m, (_, names: string) => `const ${names} = require('agent-manifest');`);
  fs.writeFileSync(path.join(project, `${name}-example.cjs`), `(async () => {\n${body}\n})();\n`);
  const cjs = await run(process.execPath, [`${name}-example.cjs`], { cwd: project });
  expect(cjs.stdout.trimEnd()).toBe(expected);
}
