/**
 * A clone's size bounds: the download is watched while it runs (`folderSize`), and the checkout's
 * size is read from the tree before any file is written (`checkTree`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CloneError } from './failures.js';
import { shownUrl } from './source.js';

export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;
/** Entries of the checked-out tree beyond which the repository is refused. */
export const MAX_TREE_ENTRIES = 100_000;

/** Blob sizes from `ls-tree -l -z`: refuses a checkout larger than the bound. */
export function checkTree(listing: string, maxBytes: number, url: string): void {
  let total = 0;
  let entries = 0;
  for (const record of listing.split('\0')) {
    if (record === '') continue;
    entries++;
    const size = Number(/^\S+ blob \S+\s+(\d+)\t/.exec(record)?.[1] ?? 0);
    total += size;
  }
  if (entries > MAX_TREE_ENTRIES) throw new CloneError(`${shownUrl(url)} has more than ${MAX_TREE_ENTRIES} files, far more than a template repository`);
  if (total > maxBytes)
    throw new CloneError(`${shownUrl(url)} is larger than ${megabytes(maxBytes)} MB once checked out; a template repository is far smaller`);
}

/** Bytes in megabytes, to one decimal, as messages show them. */
export function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/** Bytes under a folder (without following links), counted until `limit` is passed. */
export async function folderSize(root: string, limit: number): Promise<number> {
  let total = 0;
  const pending = [root];
  while (pending.length > 0 && total <= limit) {
    const folder = pending.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) {
        try {
          total += (await fs.promises.lstat(full)).size;
        } catch {
          // removed meanwhile (git renames its temporary files)
        }
      }
    }
  }
  return total;
}
