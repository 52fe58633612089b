import path from 'node:path';

/** Whether `file` lies below `folder` (both absolute, links already resolved), lexically. */
export function isInsideFolder(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative);
}
