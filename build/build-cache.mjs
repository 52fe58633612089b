// Outputs of earlier builds, kept in node_modules/.cache by the key of what they were made from
// (the platform, Node.js and the checkout's source hash): a build of the same sources takes them
// instead of building again — after switching branches back, or in another checkout that shares
// node_modules, as the package test's clean copy of the repository does.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = 'node_modules/.cache/agent-manifest/builds';
/** Builds kept per kind; the least recently made go first. */
const KEPT = 3;

const entryOf = (root, kind, key) => join(root, CACHE, `${kind}-${key}`);

/** Copies a kept build's files into `root`; false when none was kept for `key`. */
export function restoreBuild(root, kind, key) {
  const entry = entryOf(root, kind, key);
  if (!existsSync(entry)) return false;
  cpSync(entry, root, { recursive: true, force: true });
  return true;
}

/** Keeps `files` (relative to `root`) as the build of `key`, and drops the oldest builds of `kind`. */
export function keepBuild(root, kind, key, files) {
  const entry = entryOf(root, kind, key);
  if (existsSync(entry)) return;
  // Made aside and renamed, so that a build running beside this one never takes half of it.
  const partial = `${entry}.${process.pid}.partial`;
  for (const file of files) cpSync(join(root, file), join(partial, file));
  mkdirSync(join(root, CACHE), { recursive: true });
  try {
    renameSync(partial, entry);
  } catch {
    // Another build kept the same outputs first.
    rmSync(partial, { recursive: true, force: true });
  }
  const kept = readdirSync(join(root, CACHE))
    .filter((name) => name.startsWith(`${kind}-`) && !name.endsWith('.partial'))
    .map((name) => ({ name, made: statSync(join(root, CACHE, name)).mtimeMs }))
    .sort((a, b) => b.made - a.made);
  for (const { name } of kept.slice(KEPT)) rmSync(join(root, CACHE, name), { recursive: true, force: true });
}
