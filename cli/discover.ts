import fs from 'node:fs';
import path from 'node:path';
import { fileErrorReason, isInsideFolder } from '../io/paths.js';
import { CliError } from './errors.js';
import { load as loadTinyglobby } from './lazy/tinyglobby.js';

export const MANIFEST_NAME = 'manifest.json';
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

/** A manifest to lint: the path shown to the user and the one used to read it. */
export interface Target {
  displayPath: string;
  absPath: string;
  /** Named on the command line, rather than found in a folder or by a glob. */
  named: boolean;
}

const GLOB_CHARS = /[*?[\]{}]|^!|[@+!]\(/;

/**
 * Turns command-line paths into manifests: files as given, folders searched recursively for
 * `manifest.json` (skipping `node_modules` and `.git`), and globs (only when a path does not
 * exist and holds glob characters). Duplicates are dropped; order follows the command line.
 */
export async function discover(paths: string[], cwd: string, warn: (message: string) => void = () => undefined): Promise<Target[]> {
  const targets: Target[] = [];
  const seen = new Set<string>();
  const add = (displayPath: string, absPath: string, named = false): void => {
    if (seen.has(absPath)) return;
    seen.add(absPath);
    targets.push({ displayPath, absPath, named });
  };

  for (const given of paths.length > 0 ? paths : [MANIFEST_NAME]) {
    const absPath = path.resolve(cwd, given);
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(absPath);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        throw new CliError(`cannot read ${given}: ${fileErrorReason(error)}`);
      }
    }
    if (stat?.isDirectory()) {
      const found = walk(absPath, (rel) => warn(`skipping ${joinDisplay(given, rel)}: a symbolic link to a file outside ${given}`));
      if (found.length === 0) throw new CliError(`no ${MANIFEST_NAME} found in ${given}`);
      for (const rel of found) add(joinDisplay(given, rel), path.join(absPath, rel));
    } else if (stat) {
      add(given, absPath, true);
    } else if (GLOB_CHARS.test(given)) {
      const matches = await expandGlob(given, cwd);
      if (matches.length === 0) throw new CliError(`no files match: ${given}`);
      for (const match of matches) {
        if (path.isAbsolute(given) || insideTree(cwd, path.resolve(cwd, match))) add(match, path.resolve(cwd, match));
        else warn(`skipping ${match}: a symbolic link to a file outside the current folder`);
      }
    } else {
      throw new CliError(`no such file: ${given}`);
    }
  }
  return targets;
}

/**
 * Relative paths (with `/`) of every manifest under `root`, sorted. Symlinked folders are not
 * followed, and a `manifest.json` that is a link counts only when it leads to a regular file
 * inside the tree: a folder's content is never a way to read (or, with `--fix`, to write) a file
 * elsewhere.
 */
function walk(root: string, skipped: (rel: string) => void): string[] {
  const found: string[] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    const rel = pending.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch (error) {
      throw new CliError(`cannot read ${path.join(root, rel)}: ${fileErrorReason(error)}`);
    }
    for (const entry of entries) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) pending.push(child);
      } else if (entry.name === MANIFEST_NAME) {
        if (entry.isFile()) found.push(child);
        else if (entry.isSymbolicLink() && isFile(path.join(root, child))) {
          if (insideTree(root, path.join(root, child))) found.push(child);
          else skipped(child);
        }
      }
    }
  }
  return found.sort(compareStrings);
}

/** Whether `file`, its links resolved, lies inside `root` (its links resolved too). */
export function insideTree(root: string, file: string): boolean {
  try {
    return isInsideFolder(fs.realpathSync(root), fs.realpathSync(file));
  } catch {
    return false;
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function joinDisplay(given: string, rel: string): string {
  if (given === '.' || given === './') return rel;
  return given.endsWith('/') || given.endsWith(path.sep) ? `${given}${rel}` : `${given}/${rel}`;
}

async function expandGlob(pattern: string, cwd: string): Promise<string[]> {
  const { glob } = loadTinyglobby();
  const matches = await glob([pattern], {
    cwd,
    absolute: path.isAbsolute(pattern),
    onlyFiles: true,
    expandDirectories: false,
    ignore: ['**/node_modules/**', '**/.git/**'],
  });
  return matches.sort(compareStrings);
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
