// A stamp beside a build's outputs: the key of what they were made from (build/source-hash.mjs)
// and the files they are. A build whose stamp names the same key, with every file in place, has
// nothing to do — a test run after a build, or the second `prepare` of a git install (npm runs
// it once for its `npm install` in the clone and once more before packing).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** True when `stamp` (relative to `root`) names `key` and every output it lists exists. */
export function stampIsCurrent(root, stamp, key) {
  try {
    const { key: stamped, outputs } = JSON.parse(readFileSync(join(root, stamp), 'utf8'));
    return stamped === key && outputs.every((file) => existsSync(join(root, file)));
  } catch {
    return false;
  }
}

/** Writes `stamp` last, through a rename, so that an interrupted build leaves none and is made again. */
export function writeStamp(root, stamp, key, outputs) {
  const file = join(root, stamp);
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify({ key, outputs: [...outputs].sort() }, null, 2)}\n`);
  renameSync(temp, file);
}
