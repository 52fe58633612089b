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
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    const source = path.join(ROOT, file);
    if (!fs.existsSync(source)) continue;
    fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    fs.copyFileSync(source, path.join(clone, file));
    // With its time: build/install-tools.mjs installs again when a lock file is newer than the
    // install, which here is this checkout's, linked.
    const { atime, mtime } = fs.statSync(source);
    fs.utimesSync(path.join(clone, file), atime, mtime);
  }
  for (const folder of ['.', ...tools]) fs.symlinkSync(path.join(ROOT, folder, 'node_modules'), path.join(clone, folder, 'node_modules'), 'dir');
  return clone;
}
