// `npm test`: the build, then the test suite and the type check side by side (the tests often
// wait on processes they started, which leaves time for the compiler), failing if any fails.
// The type check needs what the build generates; the suite is told the build is done.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Tells test/global-setup.ts that dist/ was just built. */
const BUILT = 'AGENT_MANIFEST_TEST_BUILT';

/** Where the type check keeps what it knows between runs (node_modules/.cache, as other tools do). */
const TYPE_CHECK_STATE = fileURLToPath(new URL('../node_modules/.cache/agent-manifest/typecheck.tsbuildinfo', import.meta.url));
const PLAYGROUND_TYPE_CHECK_STATE = fileURLToPath(new URL('../node_modules/.cache/agent-manifest/typecheck-playground.tsbuildinfo', import.meta.url));

const require = createRequire(import.meta.url);
/** A file of an installed package, found through its package.json. */
const fileOf = (name, file) => join(dirname(require.resolve(`${name}/package.json`)), file);
const run = (script, args, env = process.env) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit', env });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

// No test uses the network, so a machine's extra CA certificates serve none of the processes
// started here, and Node.js reads them at each start (tens of milliseconds each).
delete process.env.NODE_EXTRA_CA_CERTS;

const built = await run(fileURLToPath(new URL('build.mjs', import.meta.url)), []);
if (built !== 0) process.exit(built);
const [tests, types, playgroundTypes] = await Promise.all([
  run(fileOf('vitest', 'vitest.mjs'), ['run', ...process.argv.slice(2)], { ...process.env, [BUILT]: '1' }),
  // Incremental: a rerun checks again only what changed since the last one.
  run(fileOf('typescript', 'bin/tsc'), ['--noEmit', '--incremental', '--tsBuildInfoFile', TYPE_CHECK_STATE]),
  // The playground's page is checked against the browser's types, apart.
  run(fileOf('typescript', 'bin/tsc'), ['--noEmit', '-p', 'playground', '--incremental', '--tsBuildInfoFile', PLAYGROUND_TYPE_CHECK_STATE]),
]);
if (types !== 0 || playgroundTypes !== 0) process.stderr.write('The type check (npm run typecheck) failed.\n');
process.exitCode = tests || types || playgroundTypes;
