/**
 * Running Debian's `pre-commit` against this repository without the network. pre-commit installs a
 * node hook from a clone of the hook's repository at a commit (`npm install` with the development
 * dependencies, `npm pack`, whose `prepare` builds the CLI, then a global install of the tarball),
 * so the tests give it a commit holding this working tree: the files git tracks or would track,
 * copied and committed in a temporary repository. (Pointed at this checkout itself, pre-commit
 * would see HEAD only, plus tracked changes through its shadow commit — never a new file.) npm
 * installs from the cache `npm ci` filled; nothing of this machine's user configuration applies.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspace, writeFile } from '../workspace.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const IN_CI = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI.toLowerCase());

/** Where `pre-commit` is on PATH, if anywhere. */
export const PRE_COMMIT = (process.env.PATH ?? '')
  .split(path.delimiter)
  .map((folder) => path.join(folder, 'pre-commit'))
  .find((file) => fs.existsSync(file));

/** The npm cache `npm ci` filled: this process's, before the tests move HOME. */
const NPM_CACHE = process.env.npm_config_cache || path.join(os.homedir(), '.npm');

let registry: string | undefined;
/** The registry `npm ci` used, which names the packages' metadata in the cache. */
function npmRegistry(): string {
  registry ??= execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  return registry;
}

/**
 * An environment with a home of its own, git's identity, and npm offline on the filled cache.
 * What `npm test` passes to its script (`npm_config_*`, `npm_package_*`, INIT_CWD…) is left out:
 * it names this checkout as npm's project folder.
 */
export function isolatedEnvironment(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|INIT_CWD$|NODE_OPTIONS$|FORCE_COLOR$|NO_COLOR$|GIT_|PRE_COMMIT)/i.test(key)) env[key] = value;
  }
  return {
    ...env,
    HOME: home,
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    PRE_COMMIT_HOME: path.join(home, 'pre-commit'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
    npm_config_cache: NPM_CACHE,
    npm_config_registry: npmRegistry(),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

export function git(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A git repository holding the given files, all staged (and committed, unless `commit: false`). */
export function gitRepository(files: Record<string, string>, env: NodeJS.ProcessEnv, options: { commit?: boolean } = {}): string {
  const dir = workspace({}, { git: false });
  for (const [name, content] of Object.entries(files)) writeFile(dir, name, content);
  git(dir, env, 'init', '--quiet', '--template=');
  git(dir, env, 'add', '-A');
  if (options.commit !== false) git(dir, env, 'commit', '--quiet', '--no-verify', '-m', 'Files under test');
  return dir;
}

/** This working tree, committed in a repository of its own: its path and the commit. */
export function hookRepository(env: NodeJS.ProcessEnv): { repo: string; rev: string } {
  const repo = workspace({}, { git: false });
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    const source = path.join(ROOT, file);
    if (!fs.existsSync(source)) continue;
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    fs.copyFileSync(source, path.join(repo, file));
  }
  git(repo, env, 'init', '--quiet', '--template=');
  git(repo, env, 'add', '-A');
  git(repo, env, 'commit', '--quiet', '--no-verify', '-m', 'The working tree under test');
  return { repo, rev: git(repo, env, 'rev-parse', 'HEAD').trim() };
}

export interface PreCommitRun {
  status: number | null;
  output: string;
  elapsed: number;
}

/** `pre-commit <args>` in `cwd`, standard output and error together, without colour. */
export function preCommit(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<PreCommitRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(PRE_COMMIT!, [...args, '--color', 'never'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output, elapsed: Date.now() - started }));
  });
}
