import fs from 'node:fs';
import type { TextOutput } from './io.js';

/**
 * Standard output or standard error, written straight to its file descriptor. Creating
 * `process.stdout` loads Node's stream modules (and for a terminal its tty and net modules), a
 * tenth of a short run's start, which a run writing to a pipe or a file needs none of. A
 * terminal, a descriptor Node could not use, or one that will not take a write at once (a
 * non-blocking pipe that is full) gets Node's stream, which every later write then goes through,
 * so the order of what is written is kept.
 */
export class StandardOutput implements TextOutput {
  readonly isTTY: boolean;
  #stream: NodeJS.WriteStream | undefined;

  /**
   * @param stream Node's stream for the descriptor (`process.stdout`), created only when needed.
   * @param failed What a failed write does (a closed pipe ends the command quietly); never returns.
   */
  constructor(
    private readonly fd: 1 | 2,
    private readonly stream: () => NodeJS.WriteStream,
    private readonly failed: (error: NodeJS.ErrnoException) => never,
  ) {
    this.isTTY = mayBeTerminal(fd) && this.nodeStream().isTTY === true;
  }

  write(text: string): void {
    if (this.#stream) {
      this.#stream.write(text);
      return;
    }
    const bytes = Buffer.from(text);
    let written = 0;
    try {
      while (written < bytes.length) written += fs.writeSync(this.fd, bytes, written);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EBADF') this.failed(error as NodeJS.ErrnoException);
      this.nodeStream().write(bytes.subarray(written));
    }
  }

  private nodeStream(): NodeJS.WriteStream {
    if (!this.#stream) {
      this.#stream = this.stream();
      this.#stream.on('error', this.failed);
    }
    return this.#stream;
  }
}

/** Whether `fd` may be a terminal: a pipe, a socket or a file is not, and only a character device is asked further. */
function mayBeTerminal(fd: number): boolean {
  try {
    return fs.fstatSync(fd).isCharacterDevice();
  } catch {
    // Node's stream stands in for a descriptor it cannot use.
    return true;
  }
}
