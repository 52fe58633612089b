import { isLintWorker, serveLintJobs } from './lint-workers.js';
import { run } from './run.js';

// The same file runs the command and, in a worker thread it started, lints a share of its files.
if (isLintWorker()) serveLintJobs();
else runCommand();

function runCommand(): void {
  // A closed pipe (`manifest-lint | head`) is not an error worth a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      process.exit(2);
    });
  }

  process.on('uncaughtException', (error) => {
    process.stderr.write(`manifest-lint: internal error: ${String(error?.message ?? error).split('\n')[0]}\n`);
    process.exit(2);
  });

  // No top-level await: the bundle is CommonJS, which Node starts faster than an ES module.
  void run(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    // The file Node started: the command's loader (or its single-file build), which a worker
    // thread runs to take the lint worker's role.
    ...(require.main ? { workerEntry: require.main.filename } : {}),
  }).then((code) => {
    process.exitCode = code;
    // Nothing is left to do once the report is out, but V8 may still run a garbage collection it
    // has scheduled, a millisecond or two of a run of fifty. Where a pipe is written to
    // asynchronously (not on Linux), the process ends when its writes are done.
    if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit(code);
  });
}
