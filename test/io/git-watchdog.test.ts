/**
 * The watchdog a template clone's git runs under (io/git/watchdog-program.ts), on its own: started
 * as a clone starts it (the script the build made from it, run with `node -e`), asked to run
 * commands other than git. It passes a command's output and end back, reports a command that
 * cannot start, and when the process that started it goes away or asks it to stop, kills the
 * command's whole process group and removes the clone's folder before it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchdogReport, WatchdogRequest } from '../../io/git/watchdog-protocol.js';
import { startWatchdog, watchdogLaunch } from '../../io/git/watchdog-runner.js';
import { gone, whenGone } from '../processes.js';
import { workspace } from '../workspace.js';

/** A clone's temporary folder, with a file in it. */
const cloneFolder = () => workspace({ 'repository/README.md': '# Notes\n' }, { git: false });

/** A shell that starts a second process in its group, prints both pids, and waits. */
const STARTS_ANOTHER: WatchdogRequest = { command: 'sh', args: ['-c', 'sleep 1000 & echo "$$ $!"; wait'] };

/** Sends `request` and collects the reports up to the command's end (an exit code or a spawn error). */
function reportsOf(watchdog: ChildProcess, request: WatchdogRequest): Promise<WatchdogReport[]> {
  return new Promise((resolve) => {
    const reports: WatchdogReport[] = [];
    const onReport = (report: WatchdogReport) => {
      reports.push(report);
      if ('exit' in report || 'spawnError' in report) {
        watchdog.off('message', onReport);
        resolve(reports);
      }
    };
    watchdog.on('message', onReport);
    watchdog.send(request);
  });
}

/** The text of the reports of one stream. */
const printed = (reports: WatchdogReport[], stream: 'stdout' | 'stderr') =>
  Buffer.concat(reports.flatMap((report) => (stream in report ? [(report as Record<typeof stream, Buffer>)[stream]] : []))).toString('utf8');

/** The first `count` lines a stream carries. */
function linesOf(stream: Readable, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const lines = text.split('\n');
      if (lines.length > count) {
        stream.off('data', onData);
        resolve(lines.slice(0, count));
      }
    };
    stream.on('data', onData);
    stream.once('end', () => reject(new Error(`the stream ended after: ${text}`)));
  });
}

/** The process groups `STARTS_ANOTHER` made: killed after each test, should a watchdog have left one. */
const groups: number[] = [];
/** Parents a test started: killed after it, should it fail before it kills them (their watchdog then cleans up). */
const parents: ChildProcess[] = [];
afterEach(() => {
  for (const parent of parents.splice(0)) parent.kill('SIGKILL');
  for (const group of groups.splice(0).filter((leader) => !gone(leader))) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

/** The pids `STARTS_ANOTHER` printed: the shell's (its group's) and the one it started. */
function pidsIn(line: string): [number, number] {
  const [shell, started] = line.split(' ').map(Number);
  expect(shell).toBeGreaterThan(0);
  expect(started).toBeGreaterThan(0);
  groups.push(shell!);
  return [shell!, started!];
}

/** A watchdog (started here) running `STARTS_ANOTHER`, once the shell has started its second process. */
async function watchdogRunningGroup(folder: string): Promise<{ watchdog: ChildProcess; exited: Promise<unknown[]>; pids: [number, number] }> {
  const watchdog = startWatchdog(folder, process.env);
  const exited = once(watchdog, 'exit');
  const firstLine = new Promise<string>((resolve) => {
    watchdog.on('message', (report: WatchdogReport) => {
      if ('stdout' in report) resolve(report.stdout.toString('utf8').split('\n')[0]!);
    });
  });
  watchdog.send(STARTS_ANOTHER);
  return { watchdog, exited, pids: pidsIn(await firstLine) };
}

describe('the watchdog', () => {
  it('runs a command in the folder, in a process group of its own, passing its stdout, its stderr and its exit code back', async () => {
    const folder = cloneFolder();
    const watchdog = startWatchdog(folder, process.env);
    const exited = once(watchdog, 'exit');
    const reports = await reportsOf(watchdog, {
      command: 'sh',
      args: ['-c', `echo "$$ $(cut -d' ' -f5 /proc/$$/stat)"; pwd; ls repository; echo 'no remote named origin' >&2; exit 3`],
    });
    expect(reports.at(-1)).toEqual({ exit: 3 });
    const [pidAndGroup, ranIn, listed] = printed(reports, 'stdout').trimEnd().split('\n');
    const [pid, group] = pidAndGroup!.split(' ');
    expect(group).toBe(pid);
    expect(ranIn).toBe(fs.realpathSync(folder));
    expect(listed).toBe('README.md');
    expect(printed(reports, 'stderr')).toBe('no remote named origin\n');

    // The next command of the same clone; then, told the clone's commands are done, it leaves
    // the folder to its owner and ends.
    expect(await reportsOf(watchdog, { command: 'sh', args: ['-c', 'exit 0'] })).toEqual([{ exit: 0 }]);
    watchdog.send({ done: true } satisfies WatchdogRequest);
    expect(await exited).toEqual([0, null]);
    expect(fs.existsSync(path.join(folder, 'repository', 'README.md'))).toBe(true);
  });

  it('reports a command that cannot start as a spawn error, and runs the next one', async () => {
    const folder = cloneFolder();
    const watchdog = startWatchdog(folder, process.env);
    const exited = once(watchdog, 'exit');
    expect(await reportsOf(watchdog, { command: path.join(folder, 'no-such-program'), args: [] })).toEqual([{ spawnError: 'ENOENT' }]);
    // No exit code of the command that never ran comes after it: this command's reports are its own.
    expect(await reportsOf(watchdog, { command: 'sh', args: ['-c', 'echo ran'] })).toEqual([{ stdout: Buffer.from('ran\n') }, { exit: 0 }]);
    watchdog.send({ done: true } satisfies WatchdogRequest);
    await exited;
  });

  const endings: [string, (watchdog: ChildProcess) => void][] = [
    ['its channel closes', (watchdog) => watchdog.disconnect()],
    ['it is asked to stop (SIGTERM)', (watchdog) => watchdog.kill('SIGTERM')],
  ];
  it.each(endings)("when %s, kills the command's whole process group and removes the folder, then exits", async (_, end) => {
    const folder = cloneFolder();
    const { watchdog, exited, pids } = await watchdogRunningGroup(folder);
    end(watchdog);
    // It exits only once the group is gone, and after removing the folder.
    expect(await exited).toEqual([137, null]);
    for (const pid of pids) expect(gone(pid), `process ${pid}`).toBe(true);
    expect(fs.existsSync(folder)).toBe(false);
  });

  it('with no command under way, removes the folder when its channel closes', async () => {
    const folder = cloneFolder();
    const watchdog = startWatchdog(folder, process.env);
    const exited = once(watchdog, 'exit');
    watchdog.disconnect();
    expect(await exited).toEqual([137, null]);
    expect(fs.existsSync(folder)).toBe(false);
  });

  it("when the process that started it is killed outright (SIGKILL), kills the command's whole process group and removes the folder", async () => {
    const folder = cloneFolder();
    // A parent of its own, which starts the watchdog as a clone does, has it run the command and
    // prints the watchdog's pid, then what the command printed.
    const parentProgram = [
      "const { spawn } = require('node:child_process');",
      'const [launch, request] = process.argv.slice(1).map((argument) => JSON.parse(argument));',
      'const watchdog = spawn(launch.file, launch.args, launch.options);',
      "watchdog.on('message', (report) => report.stdout && process.stdout.write(report.stdout));",
      'process.stdout.write(`${watchdog.pid}\\n`);',
      'watchdog.send(request);',
    ].join('\n');
    // The launch travels on the parent's command line, which any user can read: it carries no
    // environment but the PATH the watchdog needs to find `sh`.
    const launch = watchdogLaunch(folder, { PATH: process.env.PATH });
    const parent = spawn(process.execPath, ['-e', parentProgram, '--', JSON.stringify(launch), JSON.stringify(STARTS_ANOTHER)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    parents.push(parent);
    const closed = once(parent, 'close');
    const [watchdogPid, commandLine] = await linesOf(parent.stdout!, 2);
    const pids = pidsIn(commandLine!);
    expect(fs.existsSync(folder)).toBe(true);

    parent.kill('SIGKILL');
    expect(await closed).toEqual([null, 'SIGKILL']);
    // The watchdog is no child of this process: its end is seen by its pid.
    await whenGone(Number(watchdogPid));
    for (const pid of pids) expect(gone(pid), `process ${pid}`).toBe(true);
    expect(fs.existsSync(folder)).toBe(false);
  });
});
