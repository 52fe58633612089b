// The library's declarations (`npm run build:types`, run by `prepack`): TypeScript emits them for
// lib/index.ts and what it imports into dist/types/, and package.json ships the ones users need.
// The build stops when a shipped declaration imports one that package.json does not ship.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const emitted = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.types.json')], { stdio: 'inherit' });
if (emitted.status !== 0) process.exit(emitted.status ?? 1);

const OUT = 'dist/types/';
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
