import { run } from './run.js';

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
}).then((code) => {
  process.exitCode = code;
});
