/**
 * Whether a folder is laid out as a template repository: `README.md` a file and `workspace/` a
 * folder beside the manifest, as the platform's template validator requires. Links are not
 * followed (what lies beyond one is not the repository's), so a link counts as neither.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { README_FILE, WORKSPACE_FOLDER } from '../rules/index.js';

export async function isTemplateRepositoryRoot(folder: string): Promise<boolean> {
  const [readme, workspace] = await Promise.all([lstatOrUndefined(path.join(folder, README_FILE)), lstatOrUndefined(path.join(folder, WORKSPACE_FOLDER))]);
  return readme?.isFile() === true && workspace?.isDirectory() === true;
}

async function lstatOrUndefined(file: string) {
  try {
    return await fs.lstat(file);
  } catch {
    return undefined;
  }
}
