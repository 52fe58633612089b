// `node build/install-tools.mjs <folder>`: installs the tools a folder's own package.json lists
// (the benchmark's peers, the extension packager) with `npm ci`, when its node_modules is missing
// or older than its lock file. They stay out of the root install, which every user pays for.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = process.argv[2];
if (!folder) {
  process.stderr.write('usage: node build/install-tools.mjs <folder with package.json and package-lock.json>\n');
  process.exit(2);
}
const at = resolve(root, folder);
const installed = resolve(at, 'node_modules/.package-lock.json');
const lock = resolve(at, 'package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: at, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`installing the tools of ${folder} failed (npm ci exit ${result.status})\n`);
    process.exit(1);
  }
}
