/**
 * The outputs of earlier builds, kept by the key of their sources (build/build-cache.mjs): a
 * checkout takes back exactly the files a build of the same key kept, and only the newest builds
 * of a kind are kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepBuild, restoreBuild } from '../build/build-cache.mjs';
import { workspace, writeFile } from './workspace.js';

const CACHE = 'node_modules/.cache/agent-manifest/builds';

/** A checkout with built files, and the cache folder the build keeps them in. */
function builtCheckout(): string {
  const root = workspace({ 'dist/cli.cjs': 'built 1\n', 'dist/chunks/a.cjs': 'chunk\n', 'rules/generated/validator.js': 'generated\n' }, { git: false });
  fs.chmodSync(path.join(root, 'dist/cli.cjs'), 0o755);
  return root;
}

describe('kept builds', () => {
  it('give back the files kept under the same key, with their modes, and nothing for another key', () => {
    const root = builtCheckout();
    keepBuild(root, 'build', 'key-1', ['dist/cli.cjs', 'dist/chunks/a.cjs', 'rules/generated/validator.js']);
    fs.rmSync(path.join(root, 'dist'), { recursive: true });
    fs.rmSync(path.join(root, 'rules'), { recursive: true });

    expect(restoreBuild(root, 'build', 'key-2')).toBe(false);
    expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
    expect(restoreBuild(root, 'types', 'key-1')).toBe(false);

    expect(restoreBuild(root, 'build', 'key-1')).toBe(true);
    expect(fs.readFileSync(path.join(root, 'dist/cli.cjs'), 'utf8')).toBe('built 1\n');
    expect(fs.readFileSync(path.join(root, 'dist/chunks/a.cjs'), 'utf8')).toBe('chunk\n');
    expect(fs.readFileSync(path.join(root, 'rules/generated/validator.js'), 'utf8')).toBe('generated\n');
    expect(fs.statSync(path.join(root, 'dist/cli.cjs')).mode & 0o777).toBe(0o755);
  });

  it('keep the first build of a key, whatever a later one of the same key holds', () => {
    const root = builtCheckout();
    keepBuild(root, 'build', 'key-1', ['dist/cli.cjs']);
    writeFile(root, 'dist/cli.cjs', 'built 2\n');
    keepBuild(root, 'build', 'key-1', ['dist/cli.cjs']);
    expect(restoreBuild(root, 'build', 'key-1')).toBe(true);
    expect(fs.readFileSync(path.join(root, 'dist/cli.cjs'), 'utf8')).toBe('built 1\n');
    expect(fs.readdirSync(path.join(root, CACHE))).toEqual(['build-key-1']);
  });

  it('are the three newest of each kind', () => {
    const root = builtCheckout();
    keepBuild(root, 'types', 'key-0', ['dist/chunks/a.cjs']);
    for (const [index, key] of ['key-1', 'key-2', 'key-3', 'key-4'].entries()) {
      keepBuild(root, 'build', key, ['dist/cli.cjs']);
      // Made one after the other, as builds are: the oldest is the first made.
      const made = new Date(Date.now() - (10 - index) * 1000);
      fs.utimesSync(path.join(root, CACHE, `build-${key}`), made, made);
    }
    expect(fs.readdirSync(path.join(root, CACHE)).sort()).toEqual(['build-key-2', 'build-key-3', 'build-key-4', 'types-key-0']);
  });
});
