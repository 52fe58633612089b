/** The messages between a watchdog (watchdog-program.ts) and the process that started it (watchdog-runner.ts). */

/** To the watchdog: run a command (in the folder, in a process group of its own), or: the clone's commands are done. */
export type WatchdogRequest = { command: string; args: string[] } | { done: true };

/** From the watchdog: what the command printed, then how it ended (its exit code, or the code of the error that kept it from starting). */
export type WatchdogReport = { stdout: Buffer } | { stderr: Buffer } | { exit: number } | { spawnError: string };
