/**
 * One git command of a clone, through its runner, bounded: stopped when the clone's deadline
 * passes, when the folder grows past the size bound, or when git prints more than a clone's
 * commands ever do.
 */
import { CloneError, GitFailure, spawnError } from './failures.js';
import type { GitRunner } from './runner.js';
import { folderSize, megabytes } from './size.js';

export interface RunOptions {
  /** The clone's temporary folder, where git runs and whose size is watched. */
  folder: string;
  deadline: number;
  timeoutMs: number;
  runner: GitRunner;
  /** The bound on the folder's size while the command runs, when it downloads or writes files. */
  maxBytes: number | undefined;
}

const MAX_OUTPUT = 64 * 1024 * 1024;
const MAX_STDERR = 64 * 1024;
const SIZE_POLL_MS = 200;

/** What git printed on stdout; rejects with a `CloneError` when stopped, a `GitFailure` when git failed. */
export function runGit(args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const timedOut = () => new CloneError(`the clone took longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped`);
    const remaining = options.deadline - Date.now();
    if (remaining <= 0) {
      reject(timedOut());
      return;
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let stopped: CloneError | undefined;
    const stop = (reason: CloneError) => {
      if (stopped) return;
      stopped = reason;
      options.runner.stop();
    };
    const timer = setTimeout(() => stop(timedOut()), remaining);
    let measuring = false;
    const { maxBytes } = options;
    const poll =
      maxBytes === undefined
        ? undefined
        : setInterval(() => {
            if (measuring || stopped) return;
            measuring = true;
            folderSize(options.folder, maxBytes)
              .then((size) => {
                if (size > maxBytes) stop(new CloneError(`the repository is larger than ${megabytes(maxBytes)} MB; the clone was stopped`));
              })
              .catch(() => undefined)
              .finally(() => (measuring = false));
          }, SIZE_POLL_MS);
    const finish = () => {
      clearTimeout(timer);
      if (poll) clearInterval(poll);
    };
    options.runner.start(args, {
      output(stream, chunk) {
        if (stream === 'stderr') {
          if (stderr.length < MAX_STDERR) stderr += chunk.toString('utf8');
        } else if ((stdoutBytes += chunk.length) > MAX_OUTPUT) stop(new CloneError('git printed more than expected and was stopped'));
        else stdout.push(chunk);
      },
      end(code) {
        finish();
        if (stopped) reject(stopped);
        else if (code === 0) resolve(Buffer.concat(stdout).toString('utf8'));
        else reject(new GitFailure(stderr));
      },
      failed(error) {
        finish();
        reject(stopped ?? spawnError(error));
      },
    });
  });
}
