import path from 'node:path';
import { displayPathOf, isInsideFolder } from '../../io/paths.js';
import { STDIN_NAME, type FileReport } from '../report.js';

/** A file's path relative to `cwd` (forward slashes) when it lies inside it, else undefined. */
export function pathInside(filePath: string, cwd: string): string | undefined {
  const absolute = path.resolve(cwd, filePath);
  return isInsideFolder(cwd, absolute) ? displayPathOf(cwd, absolute) : undefined;
}

/**
 * How the CI report formats name a file: relative to the working folder, with forward slashes
 * (`../` when it lies outside it), so the same file has the same name however it was given on
 * the command line. Standard input keeps its name.
 */
export function reportPath(report: FileReport, cwd: string): string {
  if (report.filePath === STDIN_NAME) return STDIN_NAME;
  return displayPathOf(cwd, path.resolve(cwd, report.filePath));
}
