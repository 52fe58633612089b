/**
 * Gathers the facts of a template repository on disk for the engine (`EngineLintOptions.repository`):
 * the files with their sizes, the folders, the symbolic links with their targets, the README's
 * text, the text of possible secret files, and the manifest's text. Shared by the CLI
 * (`manifest-lint template`) and the language server.
 *
 * The walk never follows a symbolic link (links are recorded, not entered), skips `.git`, and
 * with `skipInstalled` also `node_modules` (installed by the build, never part of a template
 * on disk). It is bounded by a number of entries. A file with more than one hard link is listed
 * but never read, and named in `unread`: it may be a file from outside the repository, which a
 * hard link, unlike a symbolic one, does not show.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileErrorReason, isHardLinked, isInsideFolder, walkFolders, type WalkEntry } from './paths.js';
import {
  decodeUtf8,
  MANIFEST_FILE,
  MAX_SECRET_FILE_BYTES,
  README_FILE,
  symlinkEscapes,
  wantsContent,
  type DecodedText,
  type InvalidEncoding,
  type RepositoryFacts,
  type RepositoryFile,
  type RepositorySymlink,
} from '../rules/index.js';

/** More entries than any template has; a folder beyond it is not a template repository. */
export const DEFAULT_MAX_ENTRIES = 100_000;
/** The manifest is refused above this size, as the CLI refuses any input. */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/** The README's text is read up to this size. */
export const MAX_README_BYTES = 4 * 1024 * 1024;

export interface ReadRepositoryOptions {
  /** Skip `node_modules` folders (for folders on disk, where packages may be installed). */
  skipInstalled?: boolean;
  /** Stop with an error beyond this many files, folders and links. */
  maxEntries?: number;
  /** Read `manifest.json`'s text (the language server has it open already). */
  readManifest?: boolean;
}

export interface TemplateRepository {
  /** Absolute path of the repository's root folder. */
  root: string;
  facts: RepositoryFacts;
  /** The text of `manifest.json`, when `facts.manifest` and `readManifest`. */
  manifestText: string | undefined;
  /** Where `manifest.json` stops being UTF-8, if it does. */
  manifestEncoding?: InvalidEncoding;
  /** Files listed but not read, and why, by path. */
  unread: UnreadFile[];
}

/** A file of the repository whose content was not read. */
export interface UnreadFile {
  /** Below the repository's root, `/`-separated. */
  path: string;
  reason: string;
}

const HARD_LINKED = 'it has more than one hard link, so it may be a copy of a file outside the repository';

/** A problem reading the repository, with a message for the user (one line). */
export class TemplateRepositoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateRepositoryError';
  }
}

const SKIPPED = '.git';
const INSTALLED = 'node_modules';

export async function readTemplateRepository(root: string, options: ReadRepositoryOptions = {}): Promise<TemplateRepository> {
  const absolute = path.resolve(root);
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  let realRoot: string;
  try {
    realRoot = await fs.realpath(absolute);
    if (!(await fs.stat(realRoot)).isDirectory()) throw new TemplateRepositoryError(`${root} is not a folder`);
  } catch (error) {
    if (error instanceof TemplateRepositoryError) throw error;
    throw new TemplateRepositoryError(`cannot read ${root}: ${fileErrorReason(error)}`);
  }

  const files: RepositoryFile[] = [];
  const folders: string[] = [];
  const symlinks: RepositorySymlink[] = [];
  const unread: UnreadFile[] = [];
  let entries = 0;
  const visit = async (_folder: string, listing: WalkEntry[]): Promise<string[]> => {
    const subfolders: string[] = [];
    for (const { entry, path: entryPath } of listing) {
      if (entry.name === SKIPPED) continue;
      if (options.skipInstalled && entry.name === INSTALLED && entry.isDirectory()) continue;
      if (++entries > maxEntries) {
        throw new TemplateRepositoryError(`${root} holds more than ${maxEntries} files and folders, far more than a template repository`);
      }
      const full = path.join(absolute, entryPath);
      if (entry.isSymbolicLink()) {
        symlinks.push(await symlinkOf(full, entryPath, realRoot));
      } else if (entry.isDirectory()) {
        folders.push(entryPath);
        subfolders.push(entryPath);
      } else if (entry.isFile()) {
        files.push(await fileOf(full, entryPath, unread));
      }
      // Sockets, pipes and devices are no part of a repository.
    }
    return subfolders;
  };
  await walkFolders(absolute, visit, (folder, error) => {
    // An unreadable subfolder is passed over: what it holds is unknown.
    if (folder === '') throw new TemplateRepositoryError(`cannot read ${root}: ${fileErrorReason(error)}`);
  });

  const manifestLink = symlinks.find((link) => link.path === MANIFEST_FILE);
  const readmeLink = symlinks.find((link) => link.path === README_FILE);
  const manifestFile = await rootFile(absolute, MANIFEST_FILE, files, manifestLink);
  const readmeFile = await rootFile(absolute, README_FILE, files, readmeLink);
  const readme = readmeFile ? await readReadme(readmeFile, unread) : undefined;
  const manifest = manifestFile && options.readManifest !== false ? await readManifest(manifestFile) : undefined;
  const facts: RepositoryFacts = {
    manifest: manifestFile !== undefined,
    ...(readme !== undefined ? { readme } : {}),
    files,
    folders,
    symlinks,
  };
  return {
    root: absolute,
    facts,
    manifestText: manifest?.text,
    ...(manifest?.invalid ? { manifestEncoding: manifest.invalid } : {}),
    unread: unread.sort(byPath),
  };
}

function byPath(a: UnreadFile, b: UnreadFile): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

async function symlinkOf(full: string, entryPath: string, realRoot: string): Promise<RepositorySymlink> {
  let target = '';
  try {
    target = await fs.readlink(full);
  } catch {
    // unreadable: an empty target, which counts as leading nowhere inside
  }
  let escapes = symlinkEscapes(entryPath, target);
  if (!escapes) {
    // Lexically inside; through other links it may still resolve outside.
    try {
      const resolved = await fs.realpath(full);
      escapes = resolved !== realRoot && !isInsideFolder(realRoot, resolved);
    } catch {
      // dangling inside the repository: not an escape
    }
  }
  return { path: entryPath, target, escapes };
}

async function fileOf(full: string, entryPath: string, unread: UnreadFile[]): Promise<RepositoryFile> {
  let stats;
  try {
    stats = await fs.lstat(full);
  } catch {
    // vanished while walking: recorded with size 0
    return { path: entryPath, size: 0 };
  }
  const file: RepositoryFile = { path: entryPath, size: stats.size };
  if (isHardLinked(stats)) {
    unread.push({ path: entryPath, reason: HARD_LINKED });
  } else if (wantsContent(entryPath) && stats.size <= MAX_SECRET_FILE_BYTES) {
    try {
      const bytes = await readBytes(full, MAX_SECRET_FILE_BYTES);
      if (bytes && !bytes.includes(0)) file.text = bytes.toString('utf8');
    } catch {
      // unreadable: no text
    }
  }
  return file;
}

/** A file at the root: itself, or a symbolic link that stays inside and leads to a file. */
async function rootFile(root: string, name: string, files: RepositoryFile[], link: RepositorySymlink | undefined): Promise<string | undefined> {
  if (files.some((file) => file.path === name)) return path.join(root, name);
  if (!link || link.escapes) return undefined;
  try {
    return (await fs.stat(path.join(root, name))).isFile() ? path.join(root, name) : undefined;
  } catch {
    return undefined;
  }
}

/** The README's text (its first 4 MiB), or undefined when it cannot be read. */
async function readReadme(file: string, unread: UnreadFile[]): Promise<string | undefined> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readBytes(file, MAX_README_BYTES);
  } catch {
    return undefined;
  }
  // Reached through a link, the file itself may lie where the walk does not go (`node_modules`).
  if (bytes === undefined && !unread.some((entry) => entry.path === README_FILE)) unread.push({ path: README_FILE, reason: HARD_LINKED });
  return bytes && decodeUtf8(bytes).text;
}

/** The manifest's text: without it there is nothing to check, so what keeps it from being read is an error. */
async function readManifest(file: string): Promise<DecodedText> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readBytes(file, MAX_MANIFEST_BYTES, `${MANIFEST_FILE} is larger than 64 MiB`);
  } catch (error) {
    if (error instanceof TemplateRepositoryError) throw error;
    throw new TemplateRepositoryError(`cannot read ${MANIFEST_FILE}: ${fileErrorReason(error)}`);
  }
  if (bytes === undefined) throw new TemplateRepositoryError(`${MANIFEST_FILE} is not read: ${HARD_LINKED}`);
  return decodeUtf8(bytes);
}

/**
 * The file's first `limit` bytes, or undefined when it has more than one hard link (checked on
 * the file opened, whatever its name leads to by now). With `tooLarge`, a larger file is that
 * error instead.
 */
async function readBytes(file: string, limit: number, tooLarge?: string): Promise<Buffer | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const stats = await handle.stat();
    if (isHardLinked(stats)) return undefined;
    if (stats.size > limit && tooLarge !== undefined) throw new TemplateRepositoryError(tooLarge);
    const buffer = Buffer.alloc(Math.min(stats.size, limit));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
