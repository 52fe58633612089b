import { promises as fs, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';

/** Whether `file` lies below `folder` (both absolute, links already resolved), lexically. */
export function isInsideFolder(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative);
}

/**
 * Whether `file` is `folder` or lies inside it, by identity rather than by how either is spelled:
 * both are resolved through links, and every folder above `file` is also compared with `folder`
 * by device and inode, so a link to the folder, a bind mount of it or a path from a folder inside
 * it all count as the folder itself. False when `folder` cannot be read.
 */
export function isWithinFolder(folder: string, file: string): boolean {
  let identity: { dev: number; ino: number };
  try {
    identity = statSync(folder);
  } catch {
    return false;
  }
  const realFolder = realpathOr(folder);
  for (let at = realpathOr(file); ; at = path.dirname(at)) {
    if (at === realFolder || isSameFile(at, identity)) return true;
    if (path.dirname(at) === at) return false;
  }
}

function isSameFile(file: string, identity: { dev: number; ino: number }): boolean {
  try {
    const stats = statSync(file);
    return stats.dev === identity.dev && stats.ino === identity.ino;
  } catch {
    return false;
  }
}

/** The path with every link resolved, or the path itself when it cannot be resolved. */
export function realpathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * Whether a file has more than one hard link: another of its names may lie anywhere on the same
 * device, and nothing tells which name is the original, so its content may be a file from
 * outside the folder it was found in.
 */
export function isHardLinked(stats: { nlink: number }): boolean {
  return stats.nlink > 1;
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
    pending.push(
      ...(await visit(
        folder,
        listing.map((entry) => ({ entry, path: folder === '' ? entry.name : `${folder}/${entry.name}` })),
      )),
    );
  }
}
