/**
 * The package as users get it: packed from a copy of the repository's tracked files (so `prepack`
 * builds it, as from a clean clone — taking the outputs of this checkout's build of the same
 * sources from node_modules/.cache, which the copy shares), installed into an empty project
 * without the network, then both commands run, the library imported from CommonJS and from an ES
 * module, and its types checked by TypeScript.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { snippet } from '../doc-snippets.js';
import { workspace } from '../workspace.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const NPM_ENV: NodeJS.ProcessEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
delete NPM_ENV.NODE_OPTIONS;

const MANIFEST = '{ "version": 1, "agent": { "name": "Web" }, "scripts": { "start": "node server.js" }, "routes": [{ "port": 18789, "path": "/" }] }\n';

let tarball = '';
let project = '';
let packed: string[] = [];

/** A command run to its end without blocking, so the tests below can run side by side. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ status: number | null; stdout: string; stderr: string }> {
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

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, env: NPM_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  // A clean clone: the tracked files only, with the development dependencies beside them.
  const clone = workspace({}, { git: false });
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    const source = path.join(ROOT, file);
    if (!fs.existsSync(source)) continue;
    fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    fs.copyFileSync(source, path.join(clone, file));
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  const out = workspace({}, { git: false });
  const result = JSON.parse(npm(['pack', '--json', '--pack-destination', out], clone)) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(out, result[0]!.filename);
  packed = result[0]!.files.map((file) => file.path);

  project = workspace({ 'package.json': '{ "name": "consumer", "version": "1.0.0", "private": true }\n', 'manifest.json': MANIFEST }, { git: false });
  npm(['install', '--offline', '--no-package-lock', tarball], project);
}, 240_000);

// The checks read the installed project and write only files of their own: they run side by side.
describe.concurrent('the packed package', () => {
  it('ships the commands, the library, the schema, types and docs, and nothing else', () => {
    for (const file of ['dist/manifest-lint.cjs', 'dist/manifest-language-server.cjs', 'dist/agent-manifest.cjs', 'dist/agent-manifest.mjs', 'dist/types/lib/index.d.ts', 'schema/manifest.v1.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'package.json']) {
      expect(packed, file).toContain(file);
    }
    expect(packed.filter((file) => /^(test|bench|client|rules|cli|server|lib|build)\/|^dist\/extension\/|\.vsix$/.test(file))).toEqual([]);
  });

  it('installs without adding a dependency, in under 10 MB', () => {
    const installed = fs.readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed).toEqual(['agent-manifest']);
    const size = Number(execFileSync('du', ['-sk', path.join(project, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]) * 1024;
    expect(size).toBeLessThan(10 * 1024 * 1024);
  });

  it.each(['manifest-lint', 'agent-manifest'])('runs %s through npx --no-install: exit 1 on port 18789', async (bin) => {
    const [result, version] = await Promise.all([
      run('npx', ['--no-install', bin, 'manifest.json'], { cwd: project, env: NPM_ENV }),
      // The link npx runs, without npm's start-up.
      run(path.join(project, 'node_modules/.bin', bin), ['--version'], { cwd: project }),
    ]);
    expect(result.stdout).toContain('route-port-reserved');
    expect(result.status).toBe(1);
    expect(version.stdout.trim()).toBe(pkg.version);
  });

  it('starts the language server, which names its version', async () => {
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    const server = spawn(path.join(project, 'node_modules/.bin/manifest-language-server'), ['--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let answer = '';
    const answered = new Promise<void>((resolve) =>
      server.stdout.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
        if (answer.includes('"id":1')) resolve();
      }),
    );
    server.stdin.write(`Content-Length: ${Buffer.byteLength(initialize)}\r\n\r\n${initialize}`);
    await answered;
    server.kill();
    expect(answer).toContain('"name":"manifest-language-server"');
    expect(answer).toContain(`"version":"${pkg.version}"`);
  });

  it('gives a working lint to require and to import, and the schema by its export', async () => {
    const cjs = await run(process.execPath, ['-e', "const { lint, rules } = require('agent-manifest'); const r = lint(require('fs').readFileSync('manifest.json', 'utf8')); console.log(r.errorCount, r.diagnostics.map((d) => d.ruleId).join(','), rules.length > 60)"], { cwd: project });
    expect(cjs.stderr).toBe('');
    expect(cjs.stdout).toMatch(/^1 .*route-port-reserved.* true\n$/);
    const esm = await run(process.execPath, ['--input-type=module', '-e', "import { fix } from 'agent-manifest'; import schema from 'agent-manifest/schema.json' with { type: 'json' }; const r = fix('{\"version\":1,\"agent\":{\"name\":\"a\"},\"model\":\" a/b\"}'); console.log(r.output, r.applied, schema.$id)"], { cwd: project });
    expect(esm.stderr).toBe('');
    expect(esm.stdout).toBe('{"version":1,"agent":{"name":"a"},"model":"a/b"} 1 https://agents.pinata.cloud/schemas/manifest.v1.json\n');
  });

  it.each([
    ['library', snippet('library-example')],
    ['language-service', snippet('language-service-example')],
  ])('runs the %s example of docs/library.md as written, printing what its comments say', async (example, block) => {
    const code = block.code;
    const expected = code
      .split('\n')
      .filter((line) => line.startsWith('// '))
      .map((line) => line.slice(3))
      .join('\n');
    fs.writeFileSync(path.join(project, `${example}-example.mjs`), code);
    const esm = await run(process.execPath, [`${example}-example.mjs`], { cwd: project });
    expect(esm.stderr).toBe('');
    expect(esm.stdout.trimEnd()).toBe(expected);
    // The same from CommonJS (in an async function, for the examples that await).
    const body = code.replace(/^import (\{[^}]+\}) from 'agent-manifest';/m, (_, names: string) => `const ${names} = require('agent-manifest');`);
    fs.writeFileSync(path.join(project, `${example}-example.cjs`), `(async () => {\n${body}\n})();\n`);
    const cjs = await run(process.execPath, [`${example}-example.cjs`], { cwd: project });
    expect(cjs.stdout.trimEnd()).toBe(expected);
  });

  it('has types that TypeScript resolves', async () => {
    fs.writeFileSync(
      path.join(project, 'check.ts'),
      "import { lint, fix, formatters, createLanguageService, type Diagnostic, type Hover, type DocumentSymbol } from 'agent-manifest';\n" +
        "const found: Diagnostic[] = lint('{}', { now: '2026-01-01T00:00:00Z', rules: { 'schema-url': 'off' } }).diagnostics;\n" +
        "const text: string = fix('{}').output + formatters.json([lint('{}')]);\n" +
        "const service = createLanguageService({ rules: { 'schema-url': 'off' } });\n" +
        "const symbols: DocumentSymbol[] = service.symbols('{}');\n" +
        "const hover: Promise<Hover | null> = service.hover('{}', { line: 0, character: 1 });\n" +
        'export { found, text, symbols, hover };\n',
    );
    // A Node project's settings: no DOM, whose declarations would take most of the check's time.
    const options = { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022'], types: [] };
    fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['check.ts'] }));
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', project], { cwd: project });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
