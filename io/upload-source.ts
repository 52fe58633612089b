/**
 * What an upload of a file or folder sends, read from disk the same way for computing its CID
 * (`unixfs-cid.ts`) and for sending it (`storage-upload.ts`): every file below the folder with
 * its path relative to the folder, dotfiles included, so folders without files are absent. A
 * symbolic link anywhere is refused, never followed, and only regular files are read.
 */
import { constants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { fileErrorReason, walkFolders, type WalkEntry } from './paths.js';

/** A problem with what was asked for, as one line naming the path as the user gave it. */
export class UploadSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadSourceError';
  }
}

/**
 * Whether `error` is an `UploadSourceError`, by name: the hashing runs in its own bundle (the
 * UnixFS chunk), whose copy of the class is not this one, so `instanceof` would miss its errors.
 */
export function isUploadSourceError(error: unknown): error is UploadSourceError {
  return error instanceof Error && error.name === 'UploadSourceError';
}

export interface UploadFile {
  /** The path below the folder, with `/` (the file's name alone for a single file). */
  path: string;
  absolutePath: string;
  /** How messages name it: below the folder as the user wrote it. */
  shown: string;
  size: number;
  /**
   * Last modification and status change times, in milliseconds, and the inode: with `size`, what
   * a cache of CIDs keys a file by (a file replaced by another of the same size and time changes
   * its inode or status change time).
   */
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** What an upload of a path sends: one file, or a folder's files. */
export interface UploadSource {
  kind: 'file' | 'folder';
  /** The folder's (or the file's) own name. */
  name: string;
  files: UploadFile[];
  /** Bytes in all files. */
  size: number;
}

/**
 * The files an upload of `target` sends. `shown` is how messages name `target` (as the user
 * wrote it). Refuses a path that is missing, a symbolic link (also inside the folder), or
 * anything but regular files and folders.
 */
export async function readUploadSource(target: string, shown: string = target): Promise<UploadSource> {
  const absolute = path.resolve(target);
  const name = path.basename(absolute);
  const stat = await lstatOrThrow(absolute, shown);
  if (stat.isSymbolicLink()) throw linkError(shown);
  if (stat.isFile()) {
    return {
      kind: 'file',
      name,
      files: [{ path: name, absolutePath: absolute, shown, size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino }],
      size: stat.size,
    };
  }
  if (!stat.isDirectory()) throw specialFileError(shown);

  const files: UploadFile[] = [];
  let size = 0;
  const visit = async (_folder: string, listing: WalkEntry[]): Promise<string[]> => {
    const subfolders: string[] = [];
    for (const { entry, path: entryPath } of listing) {
      const entryShown = shownPath(shown, entryPath);
      if (entry.isSymbolicLink()) throw linkError(entryShown);
      if (entry.isDirectory()) {
        subfolders.push(entryPath);
      } else if (entry.isFile()) {
        const absolutePath = path.join(absolute, entryPath);
        const { size: fileSize, mtimeMs, ctimeMs, ino } = await lstatOrThrow(absolutePath, entryShown);
        files.push({ path: entryPath, absolutePath, shown: entryShown, size: fileSize, mtimeMs, ctimeMs, ino });
        size += fileSize;
      } else {
        throw specialFileError(entryShown);
      }
    }
    // Depth first in name order: a folder's files, then its subfolders, the first one first.
    return subfolders.reverse();
  };
  await walkFolders(absolute, visit, (folder, error) => {
    throw new UploadSourceError(`cannot read ${shownPath(shown, folder)}: ${fileErrorReason(error)}`);
  });
  return { kind: 'folder', name, files, size };
}

/**
 * A file's bytes in pieces of `pieceSize` (the last may be shorter), each read into a buffer of
 * its own, so a consumer may keep them; the next piece is read while the consumer works on one.
 * The file is opened only when the first piece is asked for, without following a link put in its
 * place since the walk. A file whose size changed since the walk is an error: what was hashed
 * would not be what is sent.
 */
export async function* readFilePieces(file: UploadFile, pieceSize: number, onBytes?: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file.absolutePath, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    throw new UploadSourceError(
      `cannot read ${file.shown}: ${(error as { code?: unknown }).code === 'ELOOP' ? 'it became a symbolic link' : fileErrorReason(error)}`,
    );
  }
  let total = 0;
  const readPiece = async (): Promise<Uint8Array> => {
    const buffer = Buffer.allocUnsafe(pieceSize);
    let filled = 0;
    while (filled < pieceSize) {
      const { bytesRead } = await handle.read(buffer, filled, pieceSize - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    total += filled;
    return buffer.subarray(0, filled);
  };
  let next = readPiece();
  try {
    for (;;) {
      const piece = await next;
      if (total > file.size) break;
      const last = piece.length < pieceSize;
      if (!last) next = readPiece();
      if (piece.length > 0) {
        onBytes?.(piece.length);
        yield piece;
      }
      if (last) break;
    }
    if (total !== file.size)
      throw new UploadSourceError(`${file.shown} changed while it was read (${file.size} bytes before, ${total > file.size ? 'more' : total} now)`);
  } finally {
    // A read still under way (the consumer stopped early) ends before the file is closed.
    await next.catch(() => undefined);
    await handle.close();
  }
}

async function lstatOrThrow(absolute: string, shown: string): Promise<Stats> {
  try {
    return await fs.lstat(absolute);
  } catch (error) {
    throw new UploadSourceError(`cannot read ${shown}: ${fileErrorReason(error)}`);
  }
}

function linkError(shown: string): UploadSourceError {
  return new UploadSourceError(`${shown} is a symbolic link: an upload never follows links, so replace it with the file or folder it points to, or remove it`);
}

function specialFileError(shown: string): UploadSourceError {
  return new UploadSourceError(`${shown} is not a regular file or folder (a device, a pipe or a socket), which an upload cannot send`);
}

function shownPath(shown: string, relative: string): string {
  return relative === '' ? shown : `${shown.replace(/[\\/]+$/, '')}/${relative}`;
}
