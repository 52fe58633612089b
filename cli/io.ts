import type { ReadingMask } from '../rules/framework/reading-mask.js';

/** Where a command's lines go: a stream, or what stands for one in a test. */
export interface TextOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Io {
  stdout: TextOutput;
  stderr: TextOutput;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Standard input (`--stdin`); the process's own when absent. */
  stdin?: NodeJS.ReadableStream;
  /**
   * The command's own file, which worker threads can run to lint a large run on every core;
   * absent where the command does not run from its bundle (then one thread lints).
   */
  workerEntry?: string;
}

/**
 * A command's streams and the run's mask. The mask learns the secrets of every file the command
 * reads, and every line written to standard error passes through it: a path, a config problem or
 * another tool's message may quote a secret, and no write site can forget it.
 */
export interface CommandIo extends Io {
  mask: ReadingMask;
}

export function commandIo(io: Io, mask: ReadingMask): CommandIo {
  const stderr = io.stderr;
  return { ...io, mask, stderr: { write: (text: string) => stderr.write(mask.mask(text)), isTTY: stderr.isTTY } };
}
