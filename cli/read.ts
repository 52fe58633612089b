import { decodeUtf8, type DecodedText } from '../rules/index.js';
import fs from 'node:fs';
import { CliError } from './errors.js';
import { fileErrorReason } from '../io/paths.js';

/** Inputs above this size are refused rather than parsed. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

function tooLarge(name: string, bytes: number): CliError {
  const mib = (bytes / (1024 * 1024)).toFixed(1);
  return new CliError(`file too large: ${name} (${mib} MiB; the limit is 64 MiB)`);
}

/**
 * Reads a regular file as UTF-8, exactly (a BOM stays in the text for the engine to report).
 * Anything else is refused before a byte is read: a device such as `/dev/zero` never ends, and
 * a FIFO would block until someone writes to it (it is opened without blocking, then refused).
 */
export function readTextFile(absPath: string, displayPath: string): DecodedText {
  let fd: number | undefined;
  try {
    fd = fs.openSync(absPath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) throw new CliError(`cannot read ${displayPath}: is a folder`);
    if (!stat.isFile()) throw new CliError(`cannot read ${displayPath}: not a regular file (${fileKind(stat)})`);
    if (stat.size > MAX_INPUT_BYTES) throw tooLarge(displayPath, stat.size);
    return decodeUtf8(fs.readFileSync(fd));
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (error instanceof RangeError) throw tooLarge(displayPath, MAX_INPUT_BYTES + 1);
    throw new CliError(`cannot read ${displayPath}: ${fileErrorReason(error)}`);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function fileKind(stat: fs.Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a file';
}

function checkStdinDescriptor(displayPath: string): void {
  try {
    const stat = fs.fstatSync(0);
    if (stat.isDirectory()) throw new CliError('cannot read standard input: is a folder');
    if (stat.isFile() && stat.size > MAX_INPUT_BYTES) throw tooLarge(displayPath, stat.size);
  } catch (error) {
    if (error instanceof CliError) throw error;
    // fstat can fail on unusual descriptors; reading will tell
  }
}

/** Reads standard input to its end as UTF-8, refusing more than the size limit. */
export async function readStdin(displayPath: string, stdin: NodeJS.ReadableStream = process.stdin): Promise<DecodedText> {
  const chunks: Buffer[] = [];
  let total = 0;
  // Only the process's own standard input has a descriptor to look at before reading.
  if (stdin === process.stdin) checkStdinDescriptor(displayPath);
  try {
    for await (const chunk of stdin) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
      total += buffer.length;
      if (total > MAX_INPUT_BYTES) {
        if (stdin === process.stdin) process.stdin.destroy();
        throw tooLarge(displayPath, total);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read standard input: ${fileErrorReason(error)}`);
  }
  return decodeUtf8(Buffer.concat(chunks, total));
}
