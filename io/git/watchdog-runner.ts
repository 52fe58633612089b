import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import WATCHDOG_SCRIPT from './generated/watchdog-script.js';
import type { GitListener, GitRunner } from './runner.js';
import type { WatchdogReport, WatchdogRequest } from './watchdog-protocol.js';

/** How a clone's watchdog is started: a program, its arguments and the options to spawn it with. */
export interface WatchdogLaunch {
  file: string;
  args: string[];
  options: SpawnOptions;
}

/**
 * The watchdog for the clone in `folder` (watchdog-program.ts, as the build bundled it), run by
 * this Node.js with `-e` (so it needs no file beside the bundle it is in): in a process group of
 * its own (Ctrl-C signals this command's whole group, and the watchdog must outlive it to clean
 * up), with a channel to this process, and with git's environment but no `NODE_OPTIONS` (which
 * could make it load code).
 */
export function watchdogLaunch(folder: string, env: NodeJS.ProcessEnv): WatchdogLaunch {
  const { NODE_OPTIONS: _ignored, ...watchdogEnv } = env;
  return {
    file: process.execPath,
    args: ['-e', WATCHDOG_SCRIPT, '--', folder],
    options: { env: watchdogEnv, stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced', detached: true },
  };
}

/** Starts the watchdog `watchdogLaunch` describes. */
export function startWatchdog(folder: string, env: NodeJS.ProcessEnv): ChildProcess {
  const { file, args, options } = watchdogLaunch(folder, env);
  return spawn(file, args, options);
}

/** git under one watchdog process for the whole clone: a Node.js start per clone, not per command. */
export class WatchdogRunner implements GitRunner {
  private readonly watchdog: ChildProcess;
  private listener: GitListener | undefined;

  constructor(folder: string, env: NodeJS.ProcessEnv) {
    this.watchdog = startWatchdog(folder, env);
    this.watchdog.on('message', (report: WatchdogReport) => {
      const listener = this.listener;
      if (!listener) return;
      if ('stdout' in report) listener.output('stdout', report.stdout);
      else if ('stderr' in report) listener.output('stderr', report.stderr);
      else {
        this.listener = undefined;
        if ('exit' in report) listener.end(report.exit);
        else listener.failed({ code: report.spawnError });
      }
    });
    this.watchdog.on('error', (error) => this.settle((listener) => listener.failed(error)));
    // Stopped (or killed) while a command was under way: that command ends with it.
    this.watchdog.on('exit', (code) => this.settle((listener) => listener.end(code ?? 128)));
  }

  start(args: string[], listener: GitListener): void {
    if (!this.watchdog.connected) {
      listener.failed(new Error('the clone was stopped'));
      return;
    }
    this.listener = listener;
    this.request({ command: 'git', args });
  }

  stop(): void {
    if (this.watchdog.exitCode === null && this.watchdog.signalCode === null) this.watchdog.kill('SIGTERM');
  }

  close(): void {
    if (this.watchdog.connected) this.request({ done: true });
  }

  private request(request: WatchdogRequest): void {
    this.watchdog.send(request);
  }

  private settle(end: (listener: GitListener) => void): void {
    const listener = this.listener;
    this.listener = undefined;
    if (listener) end(listener);
  }
}
