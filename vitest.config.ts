import { defineConfig } from 'vitest/config';

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
    // The workers collect garbage on their own thread: with both cores busy (the other worker,
    // the processes the tests start), V8's helper threads only compete for them — the suite
    // takes less CPU and less time without them.
    execArgv: ['--single-threaded-gc'],
    isolate: false,
    // A rerun takes the test files and sources it transformed before from node_modules/.cache.
    experimental: { fsModuleCache: true, fsModuleCachePath: 'node_modules/.cache/vitest-modules' },
  },
});
