/** Temporary folders for tests, removed after each test file (see test/setup.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const created: string[] = [];

/** Removes every folder `workspace` made so far. */
export function removeWorkspaces(): void {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A fresh temporary folder holding the given files. It also holds a `.git` folder (unless
 * `git: false`), so the config file lookup never climbs out of it into the machine's temp folder.
 */
export function workspace(files: Record<string, string> = {}, options: { git?: boolean } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-manifest-test-'));
  created.push(dir);
  if (options.git !== false) fs.mkdirSync(path.join(dir, '.git'));
  for (const [name, content] of Object.entries(files)) writeFile(dir, name, content);
  return dir;
}

export function writeFile(dir: string, name: string, content: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}
