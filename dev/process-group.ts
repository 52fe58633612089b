/**
 * A lifecycle script run as the platform runs it: `sh -c <script>` in a process group of its
 * own (so that what it starts can be stopped with it), its output appended to a log file. A
 * group is stopped with SIGTERM, then SIGKILL after a grace period, and counts as gone when none
 * of its processes runs any more.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** How long a group has between SIGTERM and SIGKILL. */
const GRACE_MS = 3000;
/** How often a group's end, or a port, is looked at. */
const POLL_MS = 50;

export interface ScriptExit {
  /** The shell's exit code, or undefined when a signal ended it. */
  code: number | undefined;
  signal: NodeJS.Signals | undefined;
}

export interface ScriptProcess {
  /** The shell's pid, which is also its process group's id. */
  pid: number;
  /** Settles when the shell exits (what it started may still run: see `running`). */
  exited: Promise<ScriptExit>;
  /** Whether any process of the group still runs. */
  running(): boolean;
  /** Stops every process of the group; settles when none runs. */
  stop(): Promise<void>;
}

/** Starts `script` in `cwd` with exactly `env`, its output and errors written to `logFile`. */
export function startScript(script: string, options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): Promise<ScriptProcess> {
  const log = fs.openSync(options.logFile, 'w');
  try {
    const child = spawn('/bin/sh', ['-c', script], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', log, log] });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('spawn', () => {
        const pid = child.pid!;
        let shellExited = false;
        const exited = new Promise<ScriptExit>((settle) =>
          child.once('exit', (code, signal) => {
            shellExited = true;
            settle({ code: code ?? undefined, signal: signal ?? undefined });
          }),
        );
        remember(pid);
        // While its shell runs the group does: the process table is read only after (readiness asks often).
        resolve({ pid, exited, running: () => !shellExited || groupRunning(pid), stop: () => stopGroup(pid) });
      });
    });
  } finally {
    fs.closeSync(log);
  }
}

/** The groups started and not yet stopped. */
const live = new Set<number>();

/**
 * Keeps `pgid` to be killed if this process exits before stopping it (a closed output pipe ends
 * the command at once): no group outlives the command, however it ends.
 */
function remember(pgid: number): void {
  if (live.size === 0) process.on('exit', killLiveGroups);
  live.add(pgid);
}

function killLiveGroups(): void {
  for (const pgid of live) signalGroup(pgid, 'SIGKILL');
}

function forget(pgid: number): void {
  live.delete(pgid);
  if (live.size === 0) process.off('exit', killLiveGroups);
}

/** Sends `signal` to every process of the group; a group already gone is not an error. */
function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

async function stopGroup(pgid: number): Promise<void> {
  if (groupRunning(pgid)) {
    signalGroup(pgid, 'SIGTERM');
    if (!(await waitFor(() => !groupRunning(pgid), GRACE_MS))) {
      signalGroup(pgid, 'SIGKILL');
      await waitFor(() => !groupRunning(pgid), GRACE_MS);
    }
  }
  forget(pgid);
}

/**
 * Whether a process of the group runs. On Linux the process table says so exactly: a process
 * that ended but was not yet reaped by its parent (a zombie, as what a killed shell started
 * becomes until init collects it) holds no port and runs nothing, so it does not count. Elsewhere
 * the group is asked with signal 0.
 */
function groupRunning(pgid: number): boolean {
  if (process.platform === 'linux') return runningInGroup(pgid);
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function runningInGroup(pgid: number): boolean {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (stat && stat.pgrp === pgid && stat.state !== 'Z' && stat.state !== 'X') return true;
  }
  return false;
}

/** A process's state letter and group from `/proc/<pid>/stat` (Linux), or undefined when it is gone. */
function processStat(pid: number): { state: string; pgrp: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command's name, in parentheses, may hold spaces and parentheses: the fields follow the last one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, pgrp: Number(fields[2]) };
}

/** Resolves true as soon as `condition` holds, false when `timeoutMs` passed first. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
