/**
 * What runs a clone's git commands: one at a time, in its temporary folder, each in a process
 * group of its own where the system has them (watchdog-runner.ts; direct-runner.ts on Windows).
 */

/** What one git command printed, then how it ended: an exit code, or the error that kept it from starting. */
export interface GitListener {
  output(stream: 'stdout' | 'stderr', chunk: Buffer): void;
  end(code: number): void;
  failed(error: unknown): void;
}

/** Runs a clone's git commands one at a time in its temporary folder. */
export interface GitRunner {
  start(args: string[], listener: GitListener): void;
  /** Kills the command under way and what it started; the clone is over. */
  stop(): void;
  /** The clone's commands are done: lets the runner go, leaving the folder to its owner. */
  close(): void;
}
