/**
 * How the action gets its CLI: the cache key of dist/ (action/build-key.mjs) and the build on a
 * cache miss (action/build.mjs). Both find the checkout from their own location, so they are run
 * from copies in small stand-in checkouts, where a build is instant and npm has nothing to fetch.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace, writeFile } from '../workspace.js';
import { parseOutputFile, ROOT } from './steps.js';

/** A checkout holding the given files and a copy of one of the action's scripts, with the module it shares with the build. */
function checkout(script: string, files: Record<string, string>): string {
  const dir = workspace(files, { git: false });
  for (const file of [`action/${script}`, 'build/source-hash.mjs']) writeFile(dir, file, fs.readFileSync(path.join(ROOT, file), 'utf8'));
  return dir;
}

function node(script: string, env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, ...env } });
}

function keyOf(dir: string): string {
  const output = path.join(dir, '..', `${path.basename(dir)}-output`);
  fs.writeFileSync(output, '');
  const run = node(path.join(dir, 'action/build-key.mjs'), { GITHUB_OUTPUT: output });
  expect(run.status).toBe(0);
  const key = parseOutputFile(fs.readFileSync(output, 'utf8')).key!;
  fs.rmSync(output);
  expect(run.stdout).toBe(`${key}\n`);
  return key;
}

describe('the cache key of the built CLI', () => {
  it('names the platform and Node.js major version, and hashes this checkout the same each time', () => {
    const key = node(path.join(ROOT, 'action/build-key.mjs')).stdout.trim();
    expect(key).toMatch(new RegExp(`^agent-manifest-cli-${process.platform}-node${process.versions.node.split('.')[0]}-[0-9a-f]{40}$`));
    expect(node(path.join(ROOT, 'action/build-key.mjs')).stdout.trim()).toBe(key);
  });

  it('changes with any source file, and not with what installing and building write', () => {
    const dir = checkout('build-key.mjs', { 'package.json': '{}\n', 'cli/main.ts': 'export {};\n' });
    const key = keyOf(dir);
    writeFile(dir, 'dist/manifest-lint.cjs', 'built\n');
    writeFile(dir, 'node_modules/esbuild/package.json', '{}\n');
    writeFile(dir, 'build/packaging-tools/node_modules/@vscode/vsce/package.json', '{}\n');
    writeFile(dir, 'rules/generated/manifest-validator.js', 'generated\n');
    writeFile(dir, 'io/git/generated/watchdog-script.js', 'generated\n');
    expect(keyOf(dir)).toBe(key);
    writeFile(dir, 'cli/main.ts', 'export const changed = 1;\n');
    expect(keyOf(dir)).not.toBe(key);
  });
});

describe('the build on a cache miss', () => {
  const PACKAGE = { name: 'stand-in', version: '1.0.0', private: true, scripts: { prepare: "node -e \"require('fs').writeFileSync('prepared', '')\"" } };
  const LOCK = { name: 'stand-in', version: '1.0.0', lockfileVersion: 3, requires: true, packages: { '': { name: 'stand-in', version: '1.0.0' } } };
  const files = (build: string) => ({
    'package.json': JSON.stringify(PACKAGE),
    'package-lock.json': JSON.stringify(LOCK),
    'build/build.mjs': build,
  });
  const env = { npm_config_offline: 'true', npm_config_update_notifier: 'false' };

  it('installs the locked dependencies without running scripts, then builds dist/', () => {
    const dir = checkout(
      'build.mjs',
      files("import fs from 'node:fs';\nfs.mkdirSync('dist');\nfs.writeFileSync('dist/manifest-lint.cjs', String(fs.existsSync('node_modules/left-over')));\n"),
    );
    writeFile(dir, 'node_modules/left-over', '');
    const run = node(path.join(dir, 'action/build.mjs'), env);
    expect(run.stderr).not.toContain('failed');
    expect(run.status).toBe(0);
    // npm ci ran before the build (it starts from an empty node_modules), scripts did not.
    expect(fs.readFileSync(path.join(dir, 'dist/manifest-lint.cjs'), 'utf8')).toBe('false');
    expect(fs.existsSync(path.join(dir, 'prepared'))).toBe(false);
  });

  it('fails the step with exit code 2 and says which command failed', () => {
    const dir = checkout('build.mjs', files('process.exit(3);\n'));
    const run = node(path.join(dir, 'action/build.mjs'), env);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('build/build.mjs failed with exit code 3');
  });
});

describe('the lint step without a build', () => {
  it('exits 2 and says that the CLI is not built', () => {
    const dir = workspace({}, { git: false });
    for (const script of ['run.mjs', 'inputs.mjs', 'summary.mjs'])
      writeFile(dir, `action/${script}`, fs.readFileSync(path.join(ROOT, 'action', script), 'utf8'));
    const repo = workspace({ 'manifest.json': '{}\n' });
    const run = node(path.join(dir, 'action/run.mjs'), { GITHUB_WORKSPACE: repo, GITHUB_STEP_SUMMARY: '', GITHUB_OUTPUT: '' });
    expect(run.status).toBe(2);
    expect(run.stdout).toMatch(
      /^::error title=manifest-lint::the action's manifest-lint is not built \(no .*dist\/manifest-lint\.cjs\): its build step did not run or failed\n$/,
    );
  });
});
