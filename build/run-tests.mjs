// `npm test`: the test suite and the type check side by side (the tests often wait on processes
// they started, which leaves time for the compiler), failing if either fails.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** A file of an installed package, found through its package.json. */
const fileOf = (name, file) => join(dirname(require.resolve(`${name}/package.json`)), file);
const run = (script, args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit' });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const [tests, types] = await Promise.all([
  run(fileOf('vitest', 'vitest.mjs'), ['run', ...process.argv.slice(2)]),
  run(fileOf('typescript', 'bin/tsc'), ['--noEmit']),
]);
if (types !== 0) process.stderr.write('The type check (tsc --noEmit) failed.\n');
process.exitCode = tests || types;
