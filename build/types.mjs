// The library's declarations (`npm run build:types`, run by `prepare`): TypeScript emits them for
// lib/index.ts and what it imports into dist/types/, and package.json ships the ones users need.
// The build stops when a shipped declaration imports one that package.json does not ship.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepBuild, restoreBuild } from './build-cache.mjs';
import { stampIsCurrent, writeStamp } from './build-stamp.mjs';
import { buildKey } from './source-hash.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'dist/types/';
const STAMP = `${OUT}.types-stamp.json`;
const key = buildKey(root);
/** Every file under OUT, relative to the root. */
const outputFiles = () =>
  readdirSync(join(root, OUT), { recursive: true })
    .map((file) => `${OUT}${file.split(sep).join('/')}`)
    .filter((file) => statSync(join(root, file)).isFile());
// Nothing to do when dist/types/ was emitted from these sources; else emitted anew, or taken from
// an earlier emit of the same sources (build/build-cache.mjs).
if (!stampIsCurrent(root, STAMP, key)) {
  rmSync(join(root, OUT), { recursive: true, force: true });
  if (!restoreBuild(root, 'types', key)) {
    const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
    const emitted = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.types.json')], { stdio: 'inherit' });
    if (emitted.status !== 0) process.exit(emitted.status ?? 1);
    keepBuild(root, 'types', key, outputFiles());
  }
  writeStamp(root, STAMP, key, outputFiles());
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const shipped = pkg.files.filter((file) => file.startsWith(OUT) && file.endsWith('.d.ts'));
const problems = new Set();
for (const declaration of shipped) {
  for (const [, specifier] of readFileSync(join(root, declaration), 'utf8').matchAll(/\bfrom '(\.{1,2}\/[^']+)'/g)) {
    const target = posix.join(posix.dirname(declaration), specifier.replace(/\.js$/, '.d.ts'));
    if (!shipped.includes(target)) problems.add(`${declaration} imports ${specifier}, whose declarations package.json does not ship`);
  }
}
if (problems.size > 0) {
  process.stderr.write(`${[...problems].join('\n')}\n`);
  process.exit(1);
}
