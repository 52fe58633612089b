import { isLintWorker, serveLintJobs } from './lint-workers.js';
import { run } from './run.js';
import { StandardOutput } from './standard-output.js';

// The same file runs the command and, in a worker thread it started, lints a share of its files.
if (isLintWorker()) serveLintJobs();
else runCommand();

function runCommand(): void {
  // A closed pipe (`manifest-lint | head`) is not an error worth a stack trace.
  const failed = (error: NodeJS.ErrnoException): never => process.exit(error.code === 'EPIPE' ? (process.exitCode ?? 0) : 2);
  const stdout = new StandardOutput(1, () => process.stdout, failed);
  const stderr = new StandardOutput(2, () => process.stderr, failed);

  process.on('uncaughtException', (error) => {
    stderr.write(`manifest-lint: internal error: ${String(error?.message ?? error).split('\n')[0]}\n`);
    process.exit(2);
  });

  // No top-level await: the bundle is CommonJS, which Node starts faster than an ES module.
  void run(process.argv.slice(2), {
    stdout,
    stderr,
    env: process.env,
    cwd: process.cwd(),
    // The file Node started: the command's loader (or its single-file build), which a worker
    // thread runs to take the lint worker's role.
    ...(require.main ? { workerEntry: require.main.filename } : {}),
  }).then((code) => {
    process.exitCode = code;
    // Nothing is left to do once the report is out, but V8 may still run a garbage collection it
    // has scheduled, a millisecond or two of a run of fifty. Where anything is still under way (a
    // write Node's stream holds, a log a started process writes to), the process ends after it.
    if (process.getActiveResourcesInfo().length === 0) process.exit(code);
  });
}
