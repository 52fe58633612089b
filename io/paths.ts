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
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return error instanceof Error ? error.message.split('\n')[0]! : String(error);
  }
}
