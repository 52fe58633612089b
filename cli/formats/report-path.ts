import path from 'node:path';
import { STDIN_NAME, type FileReport } from '../report.js';

/** The path from `cwd` to a file, with forward slashes whatever the platform. */
function relativePath(filePath: string, cwd: string): string {
  return path.relative(cwd, path.resolve(cwd, filePath)).split(path.sep).join('/');
}

/** A file's path relative to `cwd` (forward slashes) when it lies inside it, else undefined. */
export function pathInside(filePath: string, cwd: string): string | undefined {
  const relative = relativePath(filePath, cwd);
  if (relative === '' || relative === '..' || relative.startsWith('../') || path.isAbsolute(relative)) return undefined;
  return relative;
}

/**
 * How the CI report formats name a file: relative to the working folder, with forward slashes
 * (`../` when it lies outside it), so the same file has the same name however it was given on
 * the command line. Standard input keeps its name.
 */
export function reportPath(report: FileReport, cwd: string): string {
  if (report.filePath === STDIN_NAME) return STDIN_NAME;
  return relativePath(report.filePath, cwd);
}
