import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packageFolder } from './client/vsix.js';

/** Set by `npm test` (build/run-tests.mjs), which has just built dist/. */
const BUILT = 'AGENT_MANIFEST_TEST_BUILT';

/** Builds the validator and `dist/manifest-lint.cjs` once, so end-to-end tests run the real binary. */
export default function setup(): () => void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (process.env[BUILT] !== '1') execFileSync(process.execPath, ['build/build.mjs'], { cwd: root, stdio: 'inherit' });
  // The `.vsix` the extension tests share across test files is removed when the run ends.
  const vsixFolder = packageFolder();
  return () => fs.rmSync(vsixFolder, { recursive: true, force: true });
}
