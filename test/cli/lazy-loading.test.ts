import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FIXTURES, ROOT } from './helpers.js';

/**
 * Loaded before the bin: notes every chunk (`dist/chunks/…`) and every `node:crypto` it requires,
 * so a test can show which heavy parts a run loads. Start-up time is the bench's to measure; here
 * only which modules a run reaches.
 */
const REPORT_LOADS = `import Module from 'node:module';
const loaded = new Set();
const load = Module._load;
Module._load = function (request, ...rest) {
  const chunk = /chunks\\/([\\w.-]+)\\.cjs$/.exec(request);
  if (chunk) loaded.add(chunk[1]);
  if (request === 'node:crypto' || request === 'crypto') loaded.add('node:crypto');
  return load.call(this, request, ...rest);
};
process.on('exit', () => process.stderr.write('loaded: ' + [...loaded].sort().join(' ')));`;

function loadsOf(args: string[]): string[] {
  const { stderr } = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(REPORT_LOADS)}`, path.join(ROOT, 'dist', 'manifest-lint.cjs'), ...args],
    {
      cwd: FIXTURES,
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    },
  );
  const line = /loaded: (.*)$/.exec(stderr);
  expect(line, stderr).not.toBeNull();
  return line![1]!.split(' ').filter(Boolean);
}

it('a lint of a manifest without schedules, reported in a terminal format, loads no chunk and no hash', () => {
  expect(loadsOf(['--format', 'compact', 'valid.json'])).toEqual([]);
});

it('the format that fingerprints findings loads the hash, on first use', () => {
  expect(loadsOf(['--format', 'gitlab', 'warnings.json'])).toEqual(['node-crypto', 'node:crypto']);
});

it('a fix preview loads the diff code, and still no hash', () => {
  expect(loadsOf(['--fix-dry-run', 'warnings.json'])).toEqual(['jsdiff']);
});
