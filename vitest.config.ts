import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that drive programs of their own (a browser, VS Code, pre-commit's installs): they
 * spend much of their time waiting on them. Started first, the files that compute fill the other
 * worker and the gaps, instead of one of these running alone at the end.
 */
const DRIVES_PROGRAMS = [/\/test\/e2e-vscode\//, /\/test\/playground\/playground\.test\.ts$/, /\/test\/pre-commit\//, /\/test\/docs-ci\.test\.ts$/];

class ProgramsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const drives = (file: TestSpecification) => DRIVES_PROGRAMS.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(drives), ...sorted.filter((file) => !drives(file))];
  }
}


export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30000,
    // Two workers even on two cores (the default leaves one idle): many tests wait on processes
    // they started. Test files share a worker's loaded modules instead of importing the engine
    // again each; no test mocks a module or relies on a fresh module state, and the clean-ups
    // shared modules offer are registered for every file by test/setup.ts.
    maxWorkers: 2,
    sequence: { sequencer: ProgramsFirst },
    // The workers collect garbage on their own thread: with both cores busy (the other worker,
    // the processes the tests start), V8's helper threads only compete for them — the suite
    // takes less CPU and less time without them.
    execArgv: ['--single-threaded-gc'],
    isolate: false,
    // A rerun takes the test files and sources it transformed before from node_modules/.cache.
    experimental: { fsModuleCache: true, fsModuleCachePath: 'node_modules/.cache/vitest-modules' },
  },
});
