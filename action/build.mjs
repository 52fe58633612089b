// Builds the CLI and the library (the lint step uses both) in the action's own checkout when the
// cache has no build for them: the package is not on the npm registry and dist/ is not committed,
// so the action makes them as a clone does — the locked development dependencies (`npm ci`; their
// install scripts are not needed), then build/build.mjs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function run(command, args) {
  // npm is a .cmd file on Windows, which only a shell starts.
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' && command === 'npm' });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stderr.write(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}\n`);
    process.exit(2);
  }
}

run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund']);
run(process.execPath, ['build/build.mjs']);
