/**
 * A shallow clone of a template repository into a temporary folder, for
 * `manifest-lint template <git-url>`: the one place the tools touch the network, hardened
 * against the ways a clone can run code or hang (SPEC section 7).
 *
 * - No configuration of the user or the system applies (`GIT_CONFIG_NOSYSTEM`,
 *   `GIT_CONFIG_GLOBAL` = the null device), so their `core.hooksPath`, `init.templateDir`,
 *   filters, credential helpers, `core.sshCommand` and aliases never run; the clone has no
 *   template (`--template=`) and `core.hooksPath` points at the null device, so no hook exists.
 * - `core.fsmonitor` is off; the LFS smudge filter is off (`GIT_LFS_SKIP_SMUDGE`, empty
 *   `filter.lfs.*`); submodules are not fetched.
 * - Only the `https`, `ssh`, `git` and `file` transports are allowed (`protocol.allow=never`
 *   plus an allow list, and `GIT_ALLOW_PROTOCOL`), so `ext::` cannot run a command.
 * - No prompt ever waits: `GIT_TERMINAL_PROMPT=0`, empty `GIT_ASKPASS` / `SSH_ASKPASS`, ssh in
 *   batch mode (unknown host keys are refused rather than asked about).
 * - Time is bounded (the whole clone is killed after `timeoutMs`), and so is size: the download
 *   is watched while it runs, and the checkout's size is read from the tree before any file is
 *   written.
 * - Every `GIT_*` variable of the caller's environment is dropped, so none can point git at
 *   another repository, configuration or program.
 * - git runs through `spawn` with an argument array, in its own process group, which is killed
 *   as a whole; the temporary folder is removed afterwards, on failure, and on SIGINT/SIGTERM.
 *   A small watchdog process, one for the clone, starts each git command and holds a channel to
 *   this process: when asked to stop, or when the channel closes because this process died
 *   (even by SIGKILL), it kills git's process group and removes the temporary folder, so
 *   nothing outlives the command.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The mask alone, not the engine's entry: a clone needs no rules.
import { SecretMask } from '../rules/framework/masking.js';

/** Temporary folders are named with this prefix in the system's temporary folder. */
export const TEMP_PREFIX = 'manifest-lint-template-';
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;
/** Entries of the checked-out tree beyond which the repository is refused. */
export const MAX_TREE_ENTRIES = 100_000;

export interface CloneOptions {
  /** Branch, tag or full commit SHA; the remote's default branch when absent. */
  ref?: string | undefined;
  timeoutMs?: number;
  maxBytes?: number;
  /** The environment git's and the temporary folder's location are taken from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

export interface Clone {
  /** The checked-out repository. */
  dir: string;
  /** Without a ref: the branch the remote's HEAD names, which was checked out (when it names one). */
  defaultBranch?: string;
  /** Removes the temporary folder (safe to call twice). */
  dispose(): void;
}

/** The clone failed; the message is one line for the user. */
export class CloneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloneError';
  }
}

const URL_SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
const SCP_LIKE = /^[A-Za-z0-9._~-]+@[A-Za-z0-9.-]+:(?!\/\/)/;
const TRANSPORT_PREFIX = /^[A-Za-z][A-Za-z0-9+.-]*::/;
const ALLOWED_SCHEMES = new Set(['https', 'ssh', 'git', 'file']);

/**
 * Whether the argument names a git repository rather than a folder: a URL (`https://`,
 * `ssh://`, `git://`, `file://`, or any other scheme, refused later), `git@host:path`, or a
 * `transport::address` form (refused).
 */
export function isGitSource(source: string): boolean {
  return URL_SCHEME.test(source) || SCP_LIKE.test(source) || TRANSPORT_PREFIX.test(source);
}

/** Why a git source is refused, or undefined when it may be cloned. */
export function refusedSource(source: string): string | undefined {
  if (TRANSPORT_PREFIX.test(source)) return `unsupported git transport in ${shownUrl(source)}: only https, ssh, git and file URLs are cloned`;
  const scheme = URL_SCHEME.exec(source)?.[1]?.toLowerCase();
  if (scheme !== undefined && !ALLOWED_SCHEMES.has(scheme)) {
    return scheme === 'http'
      ? `plain http is not allowed for ${shownUrl(source)}: use https`
      : `unsupported URL scheme "${scheme}": only https, ssh, git and file URLs are cloned`;
  }
  return undefined;
}

/** A URL without the password or token it may carry. */
export function shownUrl(url: string): string {
  return url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^@/]*@/, '$1');
}

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/** The `-c` settings every git command runs with. */
export function hardeningConfig(): string[] {
  const settings = [
    `core.hooksPath=${os.devNull}`,
    'core.fsmonitor=false',
    'filter.lfs.smudge=',
    'filter.lfs.process=',
    'filter.lfs.required=false',
    'protocol.allow=never',
    'protocol.https.allow=always',
    'protocol.ssh.allow=always',
    'protocol.git.allow=always',
    'protocol.file.allow=always',
    'submodule.recurse=false',
    'fetch.recurseSubmodules=false',
    'credential.helper=',
    'core.askPass=',
    'advice.detachedHead=false',
    'init.defaultBranch=main',
    // A clone read once and removed needs no upkeep: after a fetch, git would start its automatic
    // maintenance, which may go on in the background in a folder about to be deleted.
    'maintenance.auto=false',
    'gc.auto=0',
  ];
  return settings.flatMap((setting) => ['-c', setting]);
}

/** The environment git runs in: the caller's without any `GIT_*`, plus the hardening variables. */
export function gitEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !key.startsWith('GIT_')) env[key] = value;
  }
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    SSH_ASKPASS_REQUIRE: 'never',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o ConnectTimeout=30',
    GIT_SSH_VARIANT: 'ssh',
    GIT_LFS_SKIP_SMUDGE: '1',
    GIT_ALLOW_PROTOCOL: 'https:ssh:git:file',
    GIT_PROTOCOL_FROM_USER: '0',
    GCM_INTERACTIVE: 'never',
    LC_ALL: 'C',
    LANGUAGE: 'C',
  };
}

/**
 * The system's temporary folder as `os.tmpdir()` finds it, but read from `env`: the command's
 * environment, which is not always this process's.
 */
function temporaryFolder(env: NodeJS.ProcessEnv): string {
  if (process.platform === 'win32') {
    const folder = env.TEMP || env.TMP || `${env.SystemRoot || env.windir || 'C:\\Windows'}\\temp`;
    return folder.length > 1 && folder.endsWith('\\') && !folder.endsWith(':\\') ? folder.slice(0, -1) : folder;
  }
  const folder = env.TMPDIR || env.TMP || env.TEMP || '/tmp';
  return folder.length > 1 && folder.endsWith('/') ? folder.slice(0, -1) : folder;
}

/**
 * Clones `url` at `options.ref` (shallow, no hooks, bounded) into a new temporary folder. A
 * failure's message hides the secrets of the URL as typed: git quotes it in forms of its own
 * (`unable to look up u:<password>@host`), which no rule for URLs recognises.
 */
export async function cloneRepository(url: string, options: CloneOptions = {}): Promise<Clone> {
  try {
    return await cloneBounded(url, options);
  } catch (error) {
    if (error instanceof CloneError) throw new CloneError(new SecretMask().learn(url).mask(error.message));
    throw error;
  }
}

async function cloneBounded(url: string, options: CloneOptions): Promise<Clone> {
  const refused = refusedSource(url);
  if (refused) throw new CloneError(refused);
  const ref = options.ref;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const env = gitEnvironment(options.env);
  const deadline = Date.now() + timeoutMs;

  const tempRoot = fs.mkdtempSync(path.join(temporaryFolder(options.env ?? process.env), TEMP_PREFIX));
  const dir = path.join(tempRoot, 'repository');
  const guard = new CleanupGuard(tempRoot);
  const runner = process.platform === 'win32' ? new DirectRunner(tempRoot, env) : new WatchdogRunner(tempRoot, env);
  guard.runner = runner;
  try {
    const run = (args: string[], watchSize: boolean) => runGit(args, { folder: tempRoot, deadline, timeoutMs, runner, maxBytes: watchSize ? maxBytes : undefined });
    const git = (...args: string[]) => [...hardeningConfig(), ...args];
    let revision: string;
    let defaultBranch: string | undefined;
    try {
      if (ref !== undefined && FULL_SHA.test(ref)) {
        // `--branch` takes names only: a commit is fetched by its id.
        await run(git('init', '--quiet', '--template=', dir), false);
        await run(git('-C', dir, 'fetch', '--quiet', '--depth', '1', '--no-tags', '--no-recurse-submodules', '--', url, ref), true);
        revision = 'FETCH_HEAD';
      } else {
        const branch = ref === undefined ? [] : ['--branch', ref];
        await run(
          git('clone', '--quiet', '--depth', '1', '--no-checkout', '--single-branch', '--no-tags', '--template=', '--no-recurse-submodules', '--no-local', ...branch, '--', url, dir),
          true,
        );
        revision = 'HEAD';
        if (ref === undefined) defaultBranch = branchOf(dir);
      }
    } catch (error) {
      if (error instanceof GitFailure) throw new CloneError(`cannot clone ${shownUrl(url)}${ref === undefined ? '' : ` at ${ref}`}: ${explain(error.stderr, ref)}`);
      throw error;
    }
    // The tree's size, known before any file is written.
    const tree = await run(git('-C', dir, 'ls-tree', '-r', '-l', '-z', '--full-tree', revision), false).catch((error: unknown) => {
      throw error instanceof GitFailure ? new CloneError(`cannot read the tree of ${shownUrl(url)}: ${lastLine(error.stderr)}`) : error;
    });
    checkTree(tree, maxBytes, url);
    await run(git('-C', dir, 'checkout', '--quiet', '--detach', revision), true).catch((error: unknown) => {
      throw error instanceof GitFailure ? new CloneError(`cannot check out ${shownUrl(url)}: ${lastLine(error.stderr)}`) : error;
    });
    runner.close();
    guard.runner = undefined;
    return { dir, ...(defaultBranch === undefined ? {} : { defaultBranch }), dispose: () => guard.dispose() };
  } catch (error) {
    guard.dispose();
    throw error;
  }
}

/** The branch a fresh clone's HEAD names (read before the checkout detaches it), if any. */
function branchOf(dir: string): string | undefined {
  try {
    return /^ref: refs\/heads\/(\S+)\s*$/.exec(fs.readFileSync(path.join(dir, '.git', 'HEAD'), 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** Blob sizes from `ls-tree -l -z`: refuses a checkout larger than the bound. */
function checkTree(listing: string, maxBytes: number, url: string): void {
  let total = 0;
  let entries = 0;
  for (const record of listing.split('\0')) {
    if (record === '') continue;
    entries++;
    const size = Number(/^\S+ blob \S+\s+(\d+)\t/.exec(record)?.[1] ?? 0);
    total += size;
  }
  if (entries > MAX_TREE_ENTRIES) throw new CloneError(`${shownUrl(url)} has more than ${MAX_TREE_ENTRIES} files, far more than a template repository`);
  if (total > maxBytes) throw new CloneError(`${shownUrl(url)} is larger than ${megabytes(maxBytes)} MB once checked out; a template repository is far smaller`);
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/** A git command that exited with an error. */
class GitFailure extends Error {
  constructor(readonly stderr: string) {
    super('git failed');
  }
}

interface RunOptions {
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

function runGit(args: string[], options: RunOptions): Promise<string> {
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

function spawnError(error: unknown): CloneError {
  const code = (error as { code?: unknown } | null)?.code;
  return new CloneError(code === 'ENOENT' ? 'git is not installed (or not on PATH); it is needed to check a git URL' : `cannot run git: ${String((error as Error)?.message ?? error)}`);
}

/** What one git command printed, then how it ended: an exit code, or the error that kept it from starting. */
interface GitListener {
  output(stream: 'stdout' | 'stderr', chunk: Buffer): void;
  end(code: number): void;
  failed(error: unknown): void;
}

/** Runs a clone's git commands one at a time in its temporary folder, each in a process group of its own. */
interface GitRunner {
  start(args: string[], listener: GitListener): void;
  /** Kills the command under way and what it started; the clone is over. */
  stop(): void;
  /** The clone's commands are done: lets the runner go, leaving the folder to its owner. */
  close(): void;
}

/**
 * Runs in its own process, one for a clone, and runs the git commands it is sent, each in a
 * process group of its own, passing their output and end back. When asked (SIGTERM), or when the
 * channel to the command closes before it said it was done (the command died, however), it kills
 * the group of the git under way and removes the temporary folder.
 * Argument: the temporary folder, where git runs.
 */
const WATCHDOG = `
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const folder = process.argv[1];
let git;
let stopping = false;
const send = (message) => {
  if (!stopping && process.connected) process.send(message);
};
const stop = () => {
  if (stopping) return;
  stopping = true;
  const exit = () => {
    try { fs.rmSync(folder, { recursive: true, force: true, maxRetries: 3 }); } catch {}
    process.exit(137);
  };
  if (!git) return exit();
  try { process.kill(-git.pid, 'SIGKILL'); } catch {}
  // Once every process of the group has let go of git's output, it is gone: only then is the
  // command told the clone stopped (a process that left the group is not waited for long).
  git.on('close', exit);
  setTimeout(exit, 2000);
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('message', (message) => {
  if (message.done) {
    process.removeListener('disconnect', stop);
    process.disconnect();
    return;
  }
  const child = spawn('git', message.args, { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  git = child;
  let failed = false;
  child.stdout.on('data', (chunk) => send({ stdout: chunk }));
  child.stderr.on('data', (chunk) => send({ stderr: chunk }));
  child.on('error', (error) => {
    failed = true;
    send({ spawnError: String(error.code) });
  });
  child.on('close', (code) => {
    if (git === child && !stopping) git = undefined;
    if (!failed) send({ exit: code === null ? 128 : code });
  });
});
`;

type WatchdogMessage = { stdout: Buffer } | { stderr: Buffer } | { exit: number } | { spawnError: string };

/**
 * git under one watchdog process for the whole clone (see WATCHDOG): a Node.js start per clone,
 * not per command.
 */
class WatchdogRunner implements GitRunner {
  private readonly watchdog: ChildProcess;
  private listener: GitListener | undefined;

  constructor(folder: string, env: NodeJS.ProcessEnv) {
    const { NODE_OPTIONS: _ignored, ...watchdogEnv } = env;
    this.watchdog = spawn(process.execPath, ['-e', WATCHDOG, '--', folder], {
      env: watchdogEnv,
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
      detached: true,
    });
    this.watchdog.on('message', (message: WatchdogMessage) => {
      const listener = this.listener;
      if (!listener) return;
      if ('stdout' in message) listener.output('stdout', message.stdout);
      else if ('stderr' in message) listener.output('stderr', message.stderr);
      else {
        this.listener = undefined;
        if ('exit' in message) listener.end(message.exit);
        else listener.failed({ code: message.spawnError });
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
    this.watchdog.send({ args });
  }

  stop(): void {
    if (this.watchdog.exitCode === null && this.watchdog.signalCode === null) this.watchdog.kill('SIGTERM');
  }

  close(): void {
    if (this.watchdog.connected) this.watchdog.send({ done: true });
  }

  private settle(end: (listener: GitListener) => void): void {
    const listener = this.listener;
    this.listener = undefined;
    if (listener) end(listener);
  }
}

/** git itself, a process per command: Windows has no process groups to put it in. */
class DirectRunner implements GitRunner {
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

/** Bytes under a folder (without following links), counted until `limit` is passed. */
async function folderSize(root: string, limit: number): Promise<number> {
  let total = 0;
  const pending = [root];
  while (pending.length > 0 && total <= limit) {
    const folder = pending.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) {
        try {
          total += (await fs.promises.lstat(full)).size;
        } catch {
          // removed meanwhile (git renames its temporary files)
        }
      }
    }
  }
  return total;
}

/**
 * Removes the temporary folder however the process ends: when disposed, at exit, and on
 * SIGINT / SIGTERM / SIGHUP (after killing a running git), re-raising the signal afterwards.
 */
class CleanupGuard {
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

const SIGNALS: NodeJS.Signals[] = process.platform === 'win32' ? ['SIGINT'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** One line saying why git failed, from its (C locale) messages. */
function explain(stderr: string, ref: string | undefined): string {
  const text = stderr;
  if (/Remote branch .* not found|couldn't find remote ref|not our ref|unadvertised object|upload-pack: not our ref|no such remote ref/i.test(text)) {
    return `the repository has no branch, tag or commit "${ref ?? 'HEAD'}"${ref !== undefined && /^[0-9a-f]{7,39}$/i.test(ref) ? ' (give a commit by its full SHA)' : ''}`;
  }
  if (/Host key verification failed/i.test(text)) return 'the SSH host key is not known (and no prompt is shown): add it to ~/.ssh/known_hosts first';
  if (/could not read (Username|Password)|terminal prompts disabled|Authentication failed|Permission denied \(publickey/i.test(text)) {
    return 'the repository needs credentials, and no prompt is shown: use a URL your SSH agent can read, or clone it yourself and check the folder';
  }
  if (/transport '[^']*' not allowed/i.test(text)) return 'this transport is not allowed (only https, ssh, git and file)';
  if (/does not appear to be a git repository|Repository not found|repository '[^']*' not found|not found|No such file or directory|does not exist/i.test(text)) {
    return 'the repository does not exist or cannot be read';
  }
  if (/Could not resolve host|Connection refused|Connection timed out|Network is unreachable/i.test(text)) return `cannot reach the server (${lastLine(text)})`;
  return lastLine(text) || 'git failed';
}

/** The last `fatal:`/`error:` line (or the last line), with URLs' credentials removed. */
function lastLine(stderr: string): string {
  const lines = stderr.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const fatal = [...lines].reverse().find((line) => /^(fatal|error):/.test(line)) ?? lines.at(-1) ?? '';
  return fatal.replace(/^(fatal|error):\s*/, '').replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^@/\s]*@/g, '$1');
}
