/**
 * npm as a user runs it, without the network: a home of its own and the cache `npm ci` filled,
 * offline; and this working tree committed in a repository of its own, for installs from git.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { workspace } from './workspace.js';
import { copyRepositoryFiles } from './clean-clone.js';

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
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** This working tree, committed in a repository of its own: its path and the commit. */
export function committedWorkingTree(env: NodeJS.ProcessEnv): { repo: string; rev: string } {
  const repo = workspace({}, { git: false });
  copyRepositoryFiles(repo, { untracked: true });
  git(repo, env, 'init', '--quiet', '--template=');
  git(repo, env, 'add', '-A');
  git(repo, env, 'commit', '--quiet', '--no-verify', '-m', 'The working tree under test');
  return { repo, rev: git(repo, env, 'rev-parse', 'HEAD').trim() };
}
