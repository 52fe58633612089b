import type { SecretMask } from '../rules/index.js';
import type { Io } from './io.js';

/** Below this many bytes a command is over too soon for progress to help. */
const PROGRESS_FROM_BYTES = 32 * 1024 * 1024;
/** A terminal's line is rewritten at most this often. */
const TERMINAL_INTERVAL_MS = 200;
/** Elsewhere (a CI log) a line is written at each quarter. */
const LOG_STEPS = 4;

export interface Progress {
  /** `done` bytes of the total are through. */
  update(done: number): void;
  /** The work is over: a terminal's line is cleared. */
  finish(): void;
}

const SILENT: Progress = { update() {}, finish() {} };

/**
 * Progress of `verb`ing (`hashed`, `sent`) `total` bytes on standard error, for large inputs
 * only: on a terminal one line rewritten in place, in a log one line at each quarter. Standard
 * output stays the result alone. Lines go through `mask`, as every output does.
 */
export function progressOf(io: Io, mask: SecretMask, verb: string, total: number): Progress {
  if (total < PROGRESS_FROM_BYTES) return SILENT;
  const stderr = { write: (text: string) => io.stderr.write(mask.mask(text)), isTTY: io.stderr.isTTY };
  const describe = (done: number) => `${verb} ${formatBytes(done)} of ${formatBytes(total)} (${Math.floor((done / total) * 100)}%)`;
  if (stderr.isTTY) {
    let last = 0;
    let shown = false;
    return {
      update(done) {
        const now = Date.now();
        if (now - last < TERMINAL_INTERVAL_MS && done < total) return;
        last = now;
        shown = true;
        stderr.write(`\r\u001b[K${describe(done)}`);
      },
      finish() {
        if (shown) stderr.write('\r\u001b[K');
      },
    };
  }
  let step = 0;
  return {
    update(done) {
      const reached = Math.floor((done / total) * LOG_STEPS);
      if (reached <= step) return;
      step = reached;
      stderr.write(`manifest-lint: ${describe(done)}\n`);
    },
    finish() {},
  };
}

/** `512 bytes`, `20.5 KiB`, `40.0 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
