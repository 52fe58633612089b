/**
 * The watchdog: a program run by Node.js in a process of its own, one for a clone, with a channel
 * to the process that started it (watchdog-runner.ts) and the clone's temporary folder as its
 * argument. It runs the commands it is sent in that folder, each in a process group of its own,
 * passing their output and end back. When asked to stop (SIGTERM), or when the channel closes
 * before it was told the clone's commands are done (the process that started it died, however,
 * even by SIGKILL), it kills the group of the command under way and removes the folder.
 *
 * Never imported: the build bundles it into a script of its own (generated/watchdog-script.js),
 * which Node.js runs with `-e`, so it runs from a single-file bundle too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { WatchdogReport, WatchdogRequest } from './watchdog-protocol.js';

/** The exit code of a watchdog that stopped the command: a shell's code for a process killed by SIGKILL. */
const STOPPED = 137;
/** How long a process that left the command's group may hold its output before the watchdog exits anyway. */
const LEFT_GROUP_GRACE_MS = 2000;

// `node -e <script> -- <folder>`: the first argument after the script.
const folder = process.argv[1]!;
let command: ChildProcess | undefined;
let stopping = false;

const send = (report: WatchdogReport) => {
  if (!stopping && process.connected) process.send!(report);
};

const stop = () => {
  if (stopping) return;
  stopping = true;
  const exit = () => {
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // nothing more can be done; the system's temporary folder is cleaned eventually
    }
    process.exit(STOPPED);
  };
  if (!command) return exit();
  try {
    process.kill(-command.pid!, 'SIGKILL');
  } catch {
    // the group is gone already
  }
  // Once every process of the group has let go of the command's output, it is gone: only then is
  // the process that started the watchdog told the clone stopped.
  command.on('close', exit);
  setTimeout(exit, LEFT_GROUP_GRACE_MS);
};

function run(file: string, args: string[]): void {
  const child = spawn(file, args, { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  command = child;
  let failed = false;
  child.stdout.on('data', (chunk: Buffer) => send({ stdout: chunk }));
  child.stderr.on('data', (chunk: Buffer) => send({ stderr: chunk }));
  child.on('error', (error: NodeJS.ErrnoException) => {
    failed = true;
    send({ spawnError: String(error.code) });
  });
  child.on('close', (code) => {
    if (command === child && !stopping) command = undefined;
    if (!failed) send({ exit: code === null ? 128 : code });
  });
}

process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('message', (request: WatchdogRequest) => {
  if ('done' in request) {
    process.removeListener('disconnect', stop);
    process.disconnect();
    return;
  }
  run(request.command, request.args);
});
