/**
 * A shallow clone of a template repository into a temporary folder, for
 * `manifest-lint template <git-url>`: the one place the tools touch the network, hardened
 * against the ways a clone can run code or hang (SPEC section 7).
 *
 * - Only the allowed transports are cloned (source.ts), and every git command runs hardened
 *   (hardening.ts): no configuration, hook, filter, prompt or submodule; the clone has no
 *   template (`--template=`).
 * - Time is bounded (the whole clone is killed after `timeoutMs`), and so is size: the download
 *   is watched while it runs, and the checkout's size is read from the tree before any file is
 *   written (run-git.ts, size.ts).
 * - git runs through `spawn` with an argument array, in its own process group, which is killed
 *   as a whole; the temporary folder is removed afterwards, on failure, and on SIGINT/SIGTERM
 *   (cleanup.ts). A small watchdog process, one for the clone, starts each git command and holds
 *   a channel to this process: when asked to stop, or when the channel closes because this
 *   process died (even by SIGKILL), it kills git's process group and removes the temporary
 *   folder, so nothing outlives the command (watchdog-runner.ts, watchdog-program.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
// The mask alone, not the engine's entry: a clone needs no rules.
import { SecretMask } from '../../rules/framework/masking.js';
import { CleanupGuard } from './cleanup.js';
import { DirectRunner } from './direct-runner.js';
import { CloneError, explain, GitFailure, lastLine } from './failures.js';
import { gitEnvironment, hardeningConfig } from './hardening.js';
import { runGit } from './run-git.js';
import { checkTree, DEFAULT_MAX_BYTES } from './size.js';
import { refusedSource, shownUrl } from './source.js';
import { WatchdogRunner } from './watchdog-runner.js';

/** Temporary folders are named with this prefix in the system's temporary folder. */
export const TEMP_PREFIX = 'manifest-lint-template-';
export const DEFAULT_TIMEOUT_MS = 60_000;

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

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

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
    const run = (args: string[], watchSize: boolean) =>
      runGit(args, { folder: tempRoot, deadline, timeoutMs, runner, maxBytes: watchSize ? maxBytes : undefined });
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
          git(
            'clone',
            '--quiet',
            '--depth',
            '1',
            '--no-checkout',
            '--single-branch',
            '--no-tags',
            '--template=',
            '--no-recurse-submodules',
            '--no-local',
            ...branch,
            '--',
            url,
            dir,
          ),
          true,
        );
        revision = 'HEAD';
        if (ref === undefined) defaultBranch = branchOf(dir);
      }
    } catch (error) {
      if (error instanceof GitFailure)
        throw new CloneError(`cannot clone ${shownUrl(url)}${ref === undefined ? '' : ` at ${ref}`}: ${explain(error.stderr, ref)}`);
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
