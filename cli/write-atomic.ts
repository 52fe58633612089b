import fs from 'node:fs';
import path from 'node:path';
import { CliError } from './errors.js';
import { fileErrorReason } from '../io/paths.js';

/** Why a file was left as it was. */
export type WriteSkipped = 'read-only' | 'changed';

/**
 * Replaces a file's content atomically: a temporary file in the same folder (so the rename never
 * crosses file systems) with the original's mode, flushed, then renamed over the original. A
 * symlink is resolved first, so the link stays a link. Readers see the old or the new content,
 * never a mix. The file is left alone when it is read-only (no write bit: even root, who could,
 * respects it) or when its content is no longer `expected` (someone edited it meanwhile: the
 * edit wins); the reason is returned.
 */
export function writeFileAtomic(file: string, content: string, displayPath: string, expected?: string): WriteSkipped | undefined {
  let target: string;
  let stat: fs.Stats;
  try {
    target = fs.realpathSync(file);
    stat = fs.statSync(target);
    if ((stat.mode & 0o222) === 0) return 'read-only';
    fs.accessSync(target, fs.constants.W_OK);
  } catch (error) {
    throw new CliError(`cannot write ${displayPath}: ${fileErrorReason(error)}`);
  }
  const mode = stat.mode & 0o7777;
  const suffix = `${process.pid.toString(36)}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${suffix}.tmp`);

  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, 'wx', mode & 0o777);
    fs.writeFileSync(fd, content, 'utf8');
    fs.fchmodSync(fd, mode);
    try {
      fs.fchownSync(fd, stat.uid, stat.gid);
    } catch {
      // Only the owner or root may change ownership; the file then belongs to whoever runs the fix.
    }
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    // The last moment to notice an edit made while the fix was computed.
    if (expected !== undefined && fs.readFileSync(target, 'utf8') !== expected) {
      fs.unlinkSync(temp);
      return 'changed';
    }
    fs.renameSync(temp, target);
    return undefined;
  } catch (error) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // already failing; the original error is the one to report
      }
    }
    try {
      fs.unlinkSync(temp);
    } catch {
      // the temporary file may not exist
    }
    throw new CliError(`cannot write ${displayPath}: ${fileErrorReason(error)}`);
  }
}
