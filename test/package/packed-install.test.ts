/**
 * The package as users get it: packed from a copy of the repository's tracked files (so `prepare`
 * builds it, as from a clean clone — taking the outputs of this checkout's build of the same
 * sources from node_modules/.cache, which the copy shares), installed into an empty project
 * without the network, then both commands run, the library imported from CommonJS and from an ES
 * module, its types checked by TypeScript, and a rule page printed from the package's own files;
 * and installed globally as docs/install.md says, with both commands then on PATH.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanClone } from '../clean-clone.js';
import { snippet } from '../doc-snippets.js';
import { workspace } from '../workspace.js';
import {
  BAD_MANIFEST,
  expectBadManifestFails,
  expectExampleRuns,
  expectLanguageServerAnswers,
  expectLibraryWorks,
  expectVersion,
  run,
  VERSION,
} from './installed.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NPM_ENV: NodeJS.ProcessEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
delete NPM_ENV.NODE_OPTIONS;

let tarball = '';
let project = '';
let packed: string[] = [];

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, env: NPM_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  // A clean clone: the tracked files only, with the development dependencies beside them.
  const clone = cleanClone();
  const out = workspace({}, { git: false });
  const result = JSON.parse(npm(['pack', '--json', '--pack-destination', out], clone)) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(out, result[0]!.filename);
  packed = result[0]!.files.map((file) => file.path);

  project = workspace({ 'package.json': '{ "name": "consumer", "version": "1.0.0", "private": true }\n', 'manifest.json': BAD_MANIFEST }, { git: false });
  npm(['install', '--offline', '--no-package-lock', tarball], project);
}, 240_000);

// The checks read the installed project and write only files of their own: they run side by side.
describe.concurrent('the packed package', () => {
  it('ships the commands, the library, the schema, types and docs, and nothing else', () => {
    for (const file of [
      'dist/manifest-lint.cjs',
      'dist/manifest-language-server.cjs',
      'dist/agent-manifest.cjs',
      'dist/agent-manifest.mjs',
      'dist/types/lib/index.d.ts',
      'schema/manifest.v1.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'package.json',
    ]) {
      expect(packed, file).toContain(file);
    }
    expect(packed.filter((file) => /^(test|bench|client|rules|cli|server|lib|build)\/|^dist\/extension\/|\.vsix$/.test(file))).toEqual([]);
  });

  it('ships every rule page, docs/rules/<id>.md, and no other documentation file', () => {
    const pages = fs.readdirSync(path.join(ROOT, 'docs', 'rules')).map((file) => `docs/rules/${file}`);
    expect(pages.length).toBeGreaterThan(60);
    expect(packed.filter((file) => file.startsWith('docs/')).sort()).toEqual(pages.sort());
  });

  it('prints a rule page with manifest-lint rule <id>, read from the installed package', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.FORCE_COLOR;
    const result = await run(path.join(project, 'node_modules/.bin/manifest-lint'), ['rule', 'route-port-reserved'], { cwd: project, env });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('route-port-reserved');
    expect(result.stdout).toMatch(/^WHY IT MATTERS$/m);
    expect(result.stdout).toMatch(/^ {8}\{ "port": 18789, "path": "\/app" \},$/m);
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
    expect(version.stdout.trim()).toBe(VERSION);
  });

  it('answers the check docs/install.md gives, in the project: the version, then the findings and exit 1', async () => {
    const checked = await run('sh', ['-c', snippet('install-check').code], { cwd: project, env: NPM_ENV });
    expect(checked.stdout.split('\n')[0]).toBe(VERSION);
    expect(checked.stdout).toContain('route-port-reserved');
    expect(checked.status).toBe(1);
  });

  it('starts the language server, which names its version', async () => {
    await expectLanguageServerAnswers(path.join(project, 'node_modules/.bin/manifest-language-server'));
  });

  it('gives a working lint to require and to import, and the schema by its export', async () => {
    await expectLibraryWorks(project, 'manifest.json');
  });

  it('installs globally with the command docs/install.md gives: both commands on PATH, working', async () => {
    const prefix = workspace({}, { git: false });
    const command = snippet('global').code.trim();
    expect(command).toContain('/path/to/agent-manifest-<version>.tgz');
    // A global prefix of the test's own, in place of the machine's.
    const installed = await run('sh', ['-c', command.replaceAll('/path/to/agent-manifest-<version>.tgz', `'${tarball}'`)], {
      cwd: prefix,
      env: { ...NPM_ENV, npm_config_prefix: prefix, npm_config_offline: 'true' },
    });
    expect(installed.stderr).not.toContain('npm error');
    expect(installed.status).toBe(0);
    const bin = path.join(prefix, 'bin');
    expect(fs.readdirSync(bin).sort()).toEqual(['agent-manifest', 'manifest-language-server', 'manifest-lint']);
    const onPath = { ...NPM_ENV, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
    const elsewhere = workspace({ 'manifest.json': BAD_MANIFEST }, { git: false });
    await Promise.all([
      expectVersion('manifest-lint', elsewhere, onPath),
      expectVersion('agent-manifest', elsewhere, onPath),
      expectBadManifestFails('manifest-lint', elsewhere, 'manifest.json', onPath),
      expectLanguageServerAnswers('manifest-language-server', onPath),
    ]);
  });

  it.each([
    ['library', snippet('library-example')],
    ['language-service', snippet('language-service-example')],
  ])('runs the %s example of docs/library.md as written, printing what its comments say', async (example, block) => {
    await expectExampleRuns(project, example, block.code);
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
