// Loaded on first use, like the engine's heavy dependencies (see rules/analyzers/lazy/README.md):
// only a run of hundreds of manifests starts threads, and loading `node:worker_threads` (with
// its message ports) would cost every other run's start several milliseconds.
import * as workerThreads from 'node:worker_threads';

export function load(): typeof workerThreads {
  return workerThreads;
}
