/**
 * Running Debian's `pre-commit` against this repository without the network. pre-commit installs a
 * node hook from a clone of the hook's repository at a commit (`npm install` with the development
 * dependencies, `npm pack`, whose `prepare` builds the CLI, then a global install of the tarball),
 * so the tests give it a commit holding this working tree: the files git tracks or would track,
 * copied and committed in a temporary repository. (Pointed at this checkout itself, pre-commit
 * would see HEAD only, plus tracked changes through its shadow commit — never a new file.) npm
 * installs from the cache `npm ci` filled; nothing of this machine's user configuration applies.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { git } from '../offline-npm.js';
import { workspace, writeFile } from '../workspace.js';

export const IN_CI = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI.toLowerCase());

/** Where `pre-commit` is on PATH, if anywhere. */
export const PRE_COMMIT = (process.env.PATH ?? '')
  .split(path.delimiter)
  .map((folder) => path.join(folder, 'pre-commit'))
  .find((file) => fs.existsSync(file));

/** A git repository holding the given files, all staged (and committed, unless `commit: false`). */
export function gitRepository(files: Record<string, string>, env: NodeJS.ProcessEnv, options: { commit?: boolean } = {}): string {
  const dir = workspace({}, { git: false });
  for (const [name, content] of Object.entries(files)) writeFile(dir, name, content);
  git(dir, env, 'init', '--quiet', '--template=');
  git(dir, env, 'add', '-A');
  if (options.commit !== false) git(dir, env, 'commit', '--quiet', '--no-verify', '-m', 'Files under test');
  return dir;
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
