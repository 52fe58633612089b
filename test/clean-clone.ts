/**
 * A clean clone of this checkout for tests that pack or release it: its tracked files only (so
 * what is not committed cannot slip into a package), copied into a temporary folder, with this
 * checkout's installs linked beside them — `node_modules` (whose cache holds this checkout's build
 * of the same sources, so the clone's build takes it instead of building again) and the folders
 * of pinned tools named in `tools` (build/install-tools.mjs finds them installed).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspace } from './workspace.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function cleanClone(tools: string[] = []): string {
  const clone = workspace({}, { git: false });
  copyRepositoryFiles(clone, { untracked: false });
  for (const folder of ['.', ...tools]) fs.symlinkSync(path.join(ROOT, folder, 'node_modules'), path.join(clone, folder, 'node_modules'), 'dir');
  return clone;
}

/**
 * Copies this checkout's files into `into`: the tracked ones, and with `untracked` also new files
 * git does not ignore (the working tree as a commit of it would hold). Each keeps its time:
 * build/install-tools.mjs installs again when a lock file is newer than the install, which a
 * clone may share with this checkout.
 */
export function copyRepositoryFiles(into: string, { untracked }: { untracked: boolean }): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', ...(untracked ? ['--others', '--exclude-standard'] : [])], { cwd: ROOT, encoding: 'utf8' });
  for (const file of listed.split('\0').filter(Boolean)) {
    const source = path.join(ROOT, file);
    if (!fs.existsSync(source)) continue;
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    fs.copyFileSync(source, path.join(into, file));
    const { atime, mtime } = fs.statSync(source);
    fs.utimesSync(path.join(into, file), atime, mtime);
  }
}
