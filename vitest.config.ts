import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { luxonFile } from './build/one-luxon.mjs';

/**
 * Test files that drive programs of their own (VS Code, a browser, npm installing from git,
 * pre-commit's install), longest first: they spend much of their time waiting on those programs.
 * Two files that compute follow each of them in the queue, so that mostly one worker waits while
 * the other computes — not both waiting at the start, nor one of them running alone at the end.
 */
const DRIVES_PROGRAMS = [
  /\/test\/e2e-vscode\//,
  /\/test\/playground\/playground\.test\.ts$/,
  /\/test\/package\/git-install\.test\.ts$/,
  /\/test\/pre-commit\//,
];
const COMPUTING_BETWEEN = 2;

class ProgramsBesideComputing extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => DRIVES_PROGRAMS.findIndex((pattern) => pattern.test(file.moduleId));
    const programs = sorted.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
    const computing = sorted.filter((file) => rank(file) < 0);
    return [
      ...programs.flatMap((file, index) => [file, ...computing.slice(index * COMPUTING_BETWEEN, (index + 1) * COMPUTING_BETWEEN)]),
      ...computing.slice(programs.length * COMPUTING_BETWEEN),
    ];
  }
}

export default defineConfig({
  // One luxon for cron-parser and the engine (see build/one-luxon.mjs).
  resolve: { alias: { luxon: luxonFile } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // A bound on waiting for an outcome, never a measure of speed: generous enough for a test that
    // drives a browser through several steps while another copy of the suite shares the machine.
    testTimeout: 120_000,
    // Two workers even on two cores (the default leaves one idle): many tests wait on processes
    // they started. Test files share a worker's loaded modules instead of importing the engine
    // again each; no test mocks a module or relies on a fresh module state, and the clean-ups
    // shared modules offer are registered for every file by test/setup.ts.
    maxWorkers: 2,
    sequence: { sequencer: ProgramsBesideComputing },
    // The workers collect garbage on their own thread: with both cores busy (the other worker,
    // the processes the tests start), V8's helper threads only compete for them — the suite
    // takes less CPU and less time without them.
    // They also leave optimizing to code that runs long (fifteen times V8's default budget): by
    // default the optimizing compiler took a sixth of the suite's CPU, compiling some 2,500
    // functions, most run by a few files each, and compiling each again whenever the next file
    // called it with values of other shapes. Speed budgets are measured on the built bins, which
    // run with Node's defaults; the bounds tests put on code run here catch blow-ups, far above
    // what either setting takes.
    execArgv: ['--single-threaded-gc', '--interrupt-budget=1000000'],
    isolate: false,
    // A rerun takes the test files and sources it transformed before from node_modules/.cache.
    experimental: { fsModuleCache: true, fsModuleCachePath: 'node_modules/.cache/vitest-modules' },
  },
});
