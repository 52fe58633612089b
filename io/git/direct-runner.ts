import { spawn, type ChildProcess } from 'node:child_process';
import type { GitListener, GitRunner } from './runner.js';

/** git itself, a process per command: Windows has no process groups to put it in. */
export class DirectRunner implements GitRunner {
  private child: ChildProcess | undefined;

  constructor(
    private readonly folder: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  start(args: string[], listener: GitListener): void {
    let child: ChildProcess;
    try {
      child = spawn('git', args, { cwd: this.folder, env: this.env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    } catch (error) {
      listener.failed(error);
      return;
    }
    this.child = child;
    let failed = false;
    child.stdout?.on('data', (chunk: Buffer) => listener.output('stdout', chunk));
    child.stderr?.on('data', (chunk: Buffer) => listener.output('stderr', chunk));
    child.on('error', (error) => {
      failed = true;
      listener.failed(error);
    });
    child.on('close', (code) => {
      if (this.child === child) this.child = undefined;
      if (!failed) listener.end(code ?? 128);
    });
  }

  stop(): void {
    try {
      this.child?.kill('SIGKILL');
    } catch {
      // already gone
    }
  }

  close(): void {}
}
