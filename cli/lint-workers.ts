/**
 * A run's manifests linted on every core: worker threads, each running the command's own bundle
 * (started by `cli/main.ts` in the worker role), take batches of manifests and send back each
 * one's findings, the ignore entries it matched and what its mask learned. The command puts the
 * results back in the order of its inputs, so the report is the one a single thread writes.
 */
import { availableParallelism } from 'node:os';
import type { ConfigFile, ManifestSettings } from '../rules/apply-config.js';
import type { Diagnostic, MaskSnapshot } from '../rules/index.js';
import { SkillFolders } from '../workspace/skill-folders.js';
import { lintWithSkillFolders } from './lint-with-skill-folders.js';
import { load as loadWorkerThreads } from './lazy/node-worker-threads.js';

/** One manifest to lint: its text and everything that decides its findings, as plain data. */
export interface LintJob {
  text: string;
  manifestPath: string | undefined;
  /** Index of its config file in the run's list, which each worker is given once. */
  config: number | undefined;
  settings: Omit<ManifestSettings, 'config'>;
  quiet: boolean;
}

export interface JobResult {
  diagnostics: Diagnostic[];
  /** Indexes in its config file's `ignore` of the entries that silenced a finding. */
  matched: number[];
  mask: MaskSnapshot;
  /** Notes about skill folders, as a single thread would have written them. */
  notes: string[];
}

/** What marks a worker thread of this command in `workerData`. */
const ROLE = 'manifest-lint: lint worker';
/**
 * The argument a lint worker is started with: only a thread that has it loads `node:worker_threads`
 * to make sure of its role, so a command's start does not.
 */
const WORKER_ARGUMENT = '--manifest-lint-worker';
/** Manifests sent to a worker at a time: enough to keep messages few, few enough to share the work evenly. */
export const BATCH = 25;
/** Below this many manifests a run stays in its own thread: starting a worker costs about as much as linting them. */
export const PARALLEL_FROM = 400;
/**
 * The cores one linting thread keeps busy: its garbage collector and compiler run beside it (on
 * a quiet 2-core machine a single thread linting 10,000 manifests used 1.5 s of CPU a second), so
 * two threads there finish no sooner than one.
 */
export const CORES_PER_THREAD = 1.5;

interface WorkerData {
  role: typeof ROLE;
  configs: ConfigFile[];
}
type Batch = { first: number; jobs: LintJob[] };
type BatchResult = { first: number; results: JobResult[] };

/** Whether this thread is a lint worker of the command (see `serveLintJobs`). */
export function isLintWorker(): boolean {
  if (!process.argv.includes(WORKER_ARGUMENT)) return false;
  const { parentPort, workerData } = loadWorkerThreads();
  return parentPort !== null && (workerData as Partial<WorkerData> | undefined)?.role === ROLE;
}

/**
 * How many threads should lint `count` manifests: `requested` when given, otherwise, for a run
 * large enough, as many as the cores keep busy.
 */
export function threadsFor(count: number, requested: number | undefined, cores = availableParallelism()): number {
  const threads = requested ?? (count >= PARALLEL_FROM ? Math.floor(cores / CORES_PER_THREAD) : 1);
  return Math.max(1, Math.min(threads, Math.ceil(count / BATCH)));
}

/**
 * Lints `jobs` in `threads` worker threads started from `entry` (the command's own file), giving
 * each the run's `configs`; the results come back in the jobs' order.
 */
export async function lintInWorkers(entry: string, jobs: LintJob[], configs: ConfigFile[], threads: number): Promise<JobResult[]> {
  const results: JobResult[] = new Array(jobs.length);
  let next = 0;
  const nextBatch = (): Batch | undefined => {
    if (next >= jobs.length) return undefined;
    const first = next;
    next = Math.min(jobs.length, next + BATCH);
    return { first, jobs: jobs.slice(first, next) };
  };
  const data: WorkerData = { role: ROLE, configs };
  const { Worker } = loadWorkerThreads();
  const workers = Array.from({ length: threads }, () => new Worker(entry, { argv: [WORKER_ARGUMENT], workerData: data, stdout: false, stderr: false }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              const batch = nextBatch();
              if (batch) worker.postMessage(batch);
              else resolve();
            };
            worker.on('message', ({ first, results: batchResults }: BatchResult) => {
              batchResults.forEach((result, offset) => (results[first + offset] = result));
              send();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => reject(new Error(`a lint worker stopped (exit code ${code}) before its manifests were linted`)));
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}

/** The worker's side: lints each batch it is sent and answers with the results, until it is stopped. */
export function serveLintJobs(): void {
  const { parentPort, workerData } = loadWorkerThreads();
  const { configs } = workerData as WorkerData;
  let notes: string[] = [];
  const skillFolders = new SkillFolders((message) => notes.push(message));
  parentPort!.on('message', async ({ first, jobs }: Batch) => {
    const results: JobResult[] = [];
    for (const job of jobs) {
      notes = [];
      const config = job.config === undefined ? undefined : configs[job.config];
      const lint = await lintWithSkillFolders(
        job.text,
        { manifestPath: job.manifestPath, config, quiet: job.quiet },
        { ...job.settings, config },
        skillFolders,
      );
      const ignore = config?.ignore ?? [];
      results.push({
        diagnostics: lint.diagnostics,
        matched: [...lint.matched].map((entry) => ignore.indexOf(entry)),
        mask: lint.mask.snapshot(),
        notes,
      });
    }
    parentPort!.postMessage({ first, results } satisfies BatchResult);
  });
}
