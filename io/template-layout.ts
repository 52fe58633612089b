/**
 * Whether a folder is laid out as a template repository: `README.md` a file and `workspace/` a
 * folder beside the manifest, as the platform's template validator requires. Links are not
 * followed (what lies beyond one is not the repository's), so a link counts as neither.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { README_FILE, WORKSPACE_FOLDER } from '../rules/index.js';

// Two single `lstat`s, made synchronously: a lint of one manifest would otherwise start the
// thread pool for them, which costs more than the rest of its reads.
export function isTemplateRepositoryRoot(folder: string): boolean {
  return lstatOrUndefined(path.join(folder, README_FILE))?.isFile() === true && lstatOrUndefined(path.join(folder, WORKSPACE_FOLDER))?.isDirectory() === true;
}

function lstatOrUndefined(file: string) {
  // Most folders are no template repository: a missing file is an answer, not an error to throw.
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
