import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FIXTURES, ROOT } from './helpers.js';

/**
 * Loaded before the bin: notes every chunk (`dist/chunks/…`) and every `node:crypto` and
 * `node:worker_threads` it requires,
 * so a test can show which heavy parts a run loads. Start-up time is the bench's to measure; here
 * only which modules a run reaches.
 */
const REPORT_LOADS = `import Module from 'node:module';
const loaded = new Set();
const load = Module._load;
Module._load = function (request, ...rest) {
  const chunk = /chunks\\/([\\w.-]+)\\.cjs$/.exec(request);
  if (chunk) loaded.add(chunk[1]);
  for (const name of ['crypto', 'worker_threads']) if (request === name || request === 'node:' + name) loaded.add('node:' + name);
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

it('a lint of a manifest without schedules, reported in a terminal format, loads no chunk, no hash and no threads', () => {
  expect(loadsOf(['--format', 'compact', 'valid.json'])).toEqual([]);
});

it('the format that fingerprints findings loads the hash, on first use', () => {
  expect(loadsOf(['--format', 'gitlab', 'warnings.json'])).toEqual(['node-crypto', 'node:crypto']);
});

it('a fix preview loads the diff code, and still no hash', () => {
  expect(loadsOf(['--fix-dry-run', 'warnings.json'])).toEqual(['jsdiff']);
});

it('a valid CID written as CIDs usually are (v0 `Qm…`, base32 `bafy…`) is read without the CID library; a broken one loads it to say what is wrong', () => {
  const manifest = (cid: string) => JSON.stringify({ version: 1, agent: { name: 'Pinned', description: 'Pins a skill.' }, skills: [{ name: 'notes', cid }] });
  const folder = mkdtempSync(path.join(tmpdir(), 'manifest-lint-cid-'));
  try {
    writeFileSync(path.join(folder, 'v0.json'), manifest('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'));
    writeFileSync(path.join(folder, 'v1.json'), manifest('bafybeieerrctaycitdctw57t4ov5welowxt3idxojpy6qnq23wlbyqgyou'));
    writeFileSync(path.join(folder, 'cut.json'), manifest('bafybeieerrctaycitdctw57t4ov5welowxt3idxojpy6qnq23wlbyqgy'));
    expect(loadsOf(['--format', 'compact', path.join(folder, 'v0.json'), path.join(folder, 'v1.json')])).toEqual([]);
    expect(loadsOf(['--format', 'compact', path.join(folder, 'cut.json')])).toContain('multiformats-basics');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/**
 * Counts the `Intl.DateTimeFormat`s made while the built cron chunk computes a schedule's next
 * run: the first one loads ICU, which costs more than the rest of a lint's start.
 */
function dateFormatsMadeFor(schedule: string, options: object): number {
  const script = `let made = 0;
const Native = Intl.DateTimeFormat;
Intl.DateTimeFormat = new Proxy(Native, { construct(target, args) { made++; return new target(...args); }, apply(target, self, args) { made++; return target(...args); } });
const { CronExpressionParser } = require(${JSON.stringify(path.join(ROOT, 'dist', 'chunks', 'cron-parser.cjs'))});
CronExpressionParser.parse(${JSON.stringify(schedule)}, ${JSON.stringify(options)}).next();
process.stdout.write(String(made));`;
  const { stdout, stderr } = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  expect(stdout, stderr).toMatch(/^\d+$/);
  return Number(stdout);
}

it("a schedule's run times need no locale: the cron chunk's luxon is told one, and asks Intl only for a zone", () => {
  expect(dateFormatsMadeFor('*/5 * * * *', {})).toBe(0);
  expect(dateFormatsMadeFor('*/5 * * * *', { tz: 'Europe/Paris' })).toBeGreaterThan(0);
});

/**
 * Loaded before the bin: counts the file system calls made through Node's thread pool (the
 * `fs.promises` functions and the callback ones), said on standard error at exit.
 */
const COUNT_POOLED_FILE_CALLS = `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const called = [];
for (const [target, prefix] of [[fs.promises, 'promises.'], [fs, '']]) {
  for (const name of ['lstat', 'stat', 'readFile', 'readdir', 'realpath', 'open', 'access', 'opendir']) {
    const original = target[name];
    target[name] = function (...args) { called.push(prefix + name); return original.apply(this, args); };
  }
}
syncBuiltinESMExports();
process.on('exit', () => process.stderr.write('pooled: ' + called.join(' ')));`;

it('a lint of one manifest, in a template layout and pinning a skill, makes no file call through the thread pool (starting it costs more than the rest of its reads)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'manifest-lint-pool-'));
  try {
    writeFileSync(path.join(folder, 'README.md'), '# Agent\n');
    mkdirSync(path.join(folder, 'workspace'));
    writeFileSync(
      path.join(folder, 'manifest.json'),
      JSON.stringify({
        version: 1,
        agent: { name: 'Pinned', description: 'Pins a skill.' },
        template: { slug: 'pinned', category: 'general' },
        skills: [{ name: 'notes', cid: 'bafybeieerrctaycitdctw57t4ov5welowxt3idxojpy6qnq23wlbyqgyou' }],
      }),
    );
    const { stderr } = spawnSync(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(COUNT_POOLED_FILE_CALLS)}`,
        path.join(ROOT, 'dist', 'manifest-lint.cjs'),
        '--format',
        'compact',
        'manifest.json',
      ],
      { cwd: folder, encoding: 'utf8', env: { PATH: process.env.PATH } },
    );
    expect(stderr).toMatch(/pooled: $/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
