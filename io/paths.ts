import { promises as fs, type Dirent } from 'node:fs';
import path from 'node:path';

/** Whether `file` lies below `folder` (both absolute, links already resolved), lexically. */
export function isInsideFolder(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative);
}

/** A path as shown to a user: relative to `cwd` with forward slashes whatever the platform (`cwd` itself stays absolute). */
export function displayPathOf(cwd: string, absPath: string): string {
  const rel = path.relative(cwd, absPath);
  return rel === '' ? absPath : rel.split(path.sep).join('/');
}

/** Why a file-system call failed, in a few words ("no such file or folder"), for a one-line message. */
export function fileErrorReason(error: unknown): string {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'ENOTDIR':
      return 'not a folder';
    case 'EISDIR':
      return 'is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'ENOSPC':
      return 'no space left on device';
    case 'EROFS':
      return 'read-only file system';
    default:
      return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  }
}

/** A folder's entry with its path below the walk's root (`/`-separated). */
export interface WalkEntry {
  entry: Dirent;
  path: string;
}

/**
 * Walks the folders below `root` (and `root` itself, as `''`) without following any link: `visit`
 * gets each folder's entries in name order and returns the subfolders to enter, which are walked
 * depth first, the last one returned first. A folder that cannot be listed goes to `unreadable`,
 * which throws to stop the walk or returns to go on without it.
 */
export async function walkFolders(
  root: string,
  visit: (folder: string, entries: WalkEntry[]) => Promise<string[]>,
  unreadable: (folder: string, error: unknown) => void,
): Promise<void> {
  const pending: string[] = [''];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let listing: Dirent[];
    try {
      listing = await fs.readdir(path.join(root, folder), { withFileTypes: true });
    } catch (error) {
      unreadable(folder, error);
      continue;
    }
    listing.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    pending.push(...(await visit(folder, listing.map((entry) => ({ entry, path: folder === '' ? entry.name : `${folder}/${entry.name}` })))));
  }
}
