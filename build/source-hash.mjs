// A hash of every source file of a checkout: what the build reads. The build skips itself when
// dist/ was made from the same sources (build/build.mjs), and the GitHub Action keys its cache of
// the built CLI with it (action/build-key.mjs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What installing, building and testing make (as .gitignore lists it), and git's own folder. */
const NOT_SOURCE = new Set(['.git', 'dist', 'rules/generated', 'io/git/generated', 'bench/results', 'test-results']);

/** Every file under `root`, by relative path with `/`, in a fixed order. */
function sourceFiles(root, folder = '') {
  return fs
    .readdirSync(path.join(root, folder), { withFileTypes: true })
    .map((entry) => ({ entry, relative: folder === '' ? entry.name : `${folder}/${entry.name}` }))
    .filter(({ entry, relative }) => !NOT_SOURCE.has(relative) && entry.name !== 'node_modules')
    .sort((a, b) => (a.relative < b.relative ? -1 : 1))
    .flatMap(({ entry, relative }) => (entry.isDirectory() ? sourceFiles(root, relative) : [relative]));
}

/** The sha256 of the checkout at `root`, in hex: each file's path, size and content. */
export function sourceHash(root) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(root)) {
    const full = path.join(root, file);
    // A link is hashed as where it points, so the walk never leaves the checkout.
    const content = fs.lstatSync(full).isSymbolicLink() ? fs.readlinkSync(full) : fs.readFileSync(full);
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** What a build's outputs depend on: the platform, this Node.js (code caches fit one) and the sources. */
export function buildKey(root) {
  return `${process.platform}-${process.arch}-node${process.versions.node}-${sourceHash(root)}`;
}
