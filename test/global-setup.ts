import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Builds the validator and `dist/manifest-lint.cjs` once, so end-to-end tests run the real binary. */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['build/build.mjs'], { cwd: root, stdio: 'inherit' });
}
