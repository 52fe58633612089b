import fs from 'node:fs';
import type { GitRunner } from './runner.js';

const SIGNALS: NodeJS.Signals[] = process.platform === 'win32' ? ['SIGINT'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Removes a clone's temporary folder however the process ends: when disposed, at exit, and on
 * SIGINT / SIGTERM / SIGHUP (after killing a running git), re-raising the signal afterwards.
 * A SIGKILL runs no handler: then the watchdog (watchdog-program.ts) removes the folder.
 */
export class CleanupGuard {
  /** The clone's git, while its commands run. */
  runner: GitRunner | undefined;
  private disposed = false;
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.runner?.stop();
    this.dispose();
    process.kill(process.pid, signal);
  };
  private readonly onExit = () => this.dispose();

  constructor(readonly folder: string) {
    for (const signal of SIGNALS) process.once(signal, this.onSignal);
    process.once('exit', this.onExit);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const signal of SIGNALS) process.removeListener(signal, this.onSignal);
    process.removeListener('exit', this.onExit);
    this.runner?.stop();
    try {
      fs.rmSync(this.folder, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // nothing more can be done; the system's temporary folder is cleaned eventually
    }
  }
}
