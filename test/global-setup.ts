import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packageFolder } from './client/vsix.js';

/** Builds the validator and `dist/manifest-lint.cjs` once, so end-to-end tests run the real binary. */
export default function setup(): () => void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['build/build.mjs'], { cwd: root, stdio: 'inherit' });
  // The `.vsix` the extension tests share across test files is removed when the run ends.
  const vsixFolder = packageFolder();
  return () => fs.rmSync(vsixFolder, { recursive: true, force: true });
}
