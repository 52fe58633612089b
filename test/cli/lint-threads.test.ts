/**
 * A run linted in worker threads (`MANIFEST_LINT_JOBS`) reports exactly what one thread reports:
 * the same bytes on both streams and the same exit code, for every format, with findings in the
 * inputs' order, secrets masked, config files' ignore entries matched across threads and a note
 * about a skill folder said once.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATCH, CORES_PER_THREAD, PARALLEL_FROM, threadsFor } from '../../cli/lint-workers.js';
import { ROOT, runCli } from './helpers.js';
import { workspace } from '../workspace.js';

/** Loaded before the bin: counts the worker threads the run starts, said on standard error at exit. */
const COUNT_WORKERS = `import threads from 'node:worker_threads';
let started = 0;
const Worker = threads.Worker;
threads.Worker = class extends Worker {
  constructor(...args) {
    super(...args);
    started++;
  }
};
process.on('exit', () => process.stderr.write('workers started: ' + started));`;

/** How many worker threads the built CLI starts for a lint of `cwd` with `MANIFEST_LINT_JOBS` set to `jobs` (or unset). */
function workersStarted(cwd: string, jobs: string | undefined): number {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...(jobs === undefined ? {} : { MANIFEST_LINT_JOBS: jobs }) };
  const { stderr } = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(COUNT_WORKERS)}`, path.join(ROOT, 'dist', 'manifest-lint.cjs'), '--format', 'compact', '.'],
    { cwd, env, encoding: 'utf8' },
  );
  const count = /workers started: (\d+)$/.exec(stderr);
  expect(count, stderr).not.toBeNull();
  return Number(count![1]);
}

const TOKEN = '7730491652:AAGk3Xq9Lm2Rt8Vw5Yz1Bc4Df6Gh7Jk9Lm0';
const rc = (value: object) => `${JSON.stringify(value, null, 2)}\n`;

/** Manifests of several kinds in team folders, each with its own config file. */
function folderOfManifests(count: number): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const team = `team-${i % 3}`;
    const manifest: Record<string, unknown> = { version: 1, agent: { name: `Agent ${i}` } };
    if (i % 4 === 0) manifest.routes = [{ path: '/app', port: 18789 }];
    if (i % 5 === 0) manifest.channels = { telegram: { botToken: TOKEN } };
    if (i % 7 === 0) manifest.skills = [{ name: 'notes', cid: 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n' }];
    if (i % 6 === 0) manifest.tasks = [{ name: 'poll', schedule: { kind: 'every', everyMs: 10_000 }, payload: { kind: 'agentTurn', text: 'Check' } }];
    files[`${team}/agent-${String(i).padStart(3, '0')}/manifest.json`] = `${JSON.stringify(manifest, null, 2)}\n`;
  }
  files['team-0/.manifestlintrc.json'] = rc({ ignore: [{ rule: 'route-port-reserved', path: '/routes/0' }, { path: '/nothing/here' }] });
  files['team-1/.manifestlintrc.json'] = rc({ rules: { 'task-interval-too-short': 'error' }, skillSources: { notes: 'missing-folder' } });
  return workspace(files);
}

describe('a run linted in worker threads', () => {
  const cwd = folderOfManifests(120);
  const run = (jobs: number, format: string) => runCli(['--format', format, '.'], { cwd, binary: true, env: { MANIFEST_LINT_JOBS: String(jobs) } });

  it.each(['stylish', 'json', 'sarif'])('reports what one thread reports, byte for byte, in the %s format', async (format) => {
    const one = await run(1, format);
    const threads = await run(3, format);
    expect(threads.stdout).toBe(one.stdout);
    expect(threads.stderr).toBe(one.stderr);
    expect(threads.code).toBe(one.code);
    // What there is to compare: findings of every kind, none showing the token.
    expect(one.code).toBe(1);
    for (const rule of ['route-port-reserved', 'task-interval-too-short', 'channel-token-literal', 'unused-ignore']) expect(one.stdout).toContain(rule);
    expect(one.stdout).not.toContain(TOKEN.slice(12));
  });

  it('starts the threads it is told to, none for a run this small unless told, and none with 1', () => {
    expect(workersStarted(cwd, '3')).toBe(3);
    expect(workersStarted(cwd, undefined)).toBe(0);
    expect(workersStarted(cwd, '1')).toBe(0);
  });

  it('lints a run of 400 manifests or more in as many threads as the cores keep busy when not told', () => {
    const threads = Math.floor(availableParallelism() / CORES_PER_THREAD);
    expect(workersStarted(folderOfManifests(PARALLEL_FROM), undefined)).toBe(threads > 1 ? Math.min(threads, PARALLEL_FROM / BATCH) : 0);
    // A thread keeps one core and a half busy: two cores take one thread, four take two, eight five.
    expect([2, 3, 4, 8].map((cores) => threadsFor(PARALLEL_FROM, undefined, cores))).toEqual([1, 2, 2, 5]);
    expect(threadsFor(PARALLEL_FROM - 1, undefined, 8)).toBe(1);
  });

  it('refuses a number of threads that is not a positive number', async () => {
    const result = await runCli(['.'], { cwd, binary: true, env: { MANIFEST_LINT_JOBS: 'many' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('MANIFEST_LINT_JOBS expects a positive number up to 64, got "many"');
  });
});
