/**
 * What the CLI reads and writes: only regular files, never through a link out of the folder it
 * was asked about.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOW, runCli, workspace } from '../cli/helpers.js';

const MARKER = 'OUTSIDE-THE-TREE-7f3a9c';
const CLEAN = '{ "version": 1, "agent": { "name": "Inside" } }\n';
const LEGACY = '{ "version": 1, "agent": { "name": "Outside" }, "model": { "primary": "a/b" }, "note": "' + MARKER + '" }\n';

/** A manifest in another temporary folder: outside the tree a test lints. */
function outsideFile(content = LEGACY): string {
  const file = path.join(workspace(), 'manifest.json');
  fs.writeFileSync(file, content);
  return file;
}

describe('folder walks', () => {
  it('skip a manifest.json that links out of the folder, saying so without reading it', async () => {
    const outside = outsideFile();
    const cwd = workspace({ 'inside/manifest.json': CLEAN });
    fs.mkdirSync(path.join(cwd, 'escape'));
    fs.symlinkSync(outside, path.join(cwd, 'escape', 'manifest.json'));
    fs.mkdirSync(path.join(cwd, 'environ'));
    fs.symlinkSync('/proc/self/environ', path.join(cwd, 'environ', 'manifest.json'));
    for (const format of ['stylish', 'json', 'compact']) {
      const result = await runCli(['--now', NOW, '--format', format, '.'], { cwd });
      expect(result.stdout + result.stderr).not.toContain(MARKER);
      expect(result.stdout + result.stderr).not.toContain('PATH=');
      expect(result.stderr).toContain('skipping escape/manifest.json: a symbolic link to a file outside .');
      expect(result.code).toBe(0);
    }
  });

  it('follow a link that stays inside the folder', async () => {
    const cwd = workspace({ 'real/manifest.json': CLEAN });
    fs.mkdirSync(path.join(cwd, 'alias'));
    fs.symlinkSync('../real/manifest.json', path.join(cwd, 'alias', 'manifest.json'));
    const result = await runCli(['--now', NOW, '--format', 'json', '.'], { cwd });
    expect((JSON.parse(result.stdout) as { filePath: string }[]).map((entry) => entry.filePath)).toEqual(['alias/manifest.json', 'real/manifest.json']);
  });

  it('never write through a link out of the folder with --fix', async () => {
    const outside = outsideFile();
    const cwd = workspace({ 'inside/manifest.json': CLEAN });
    fs.mkdirSync(path.join(cwd, 'escape'));
    fs.symlinkSync(outside, path.join(cwd, 'escape', 'manifest.json'));
    await runCli(['--now', NOW, '--fix', '.'], { cwd });
    expect(fs.readFileSync(outside, 'utf8')).toBe(LEGACY);
  });
});

/**
 * The built command, in a process of its own: were a check missing, opening a FIFO would wait for
 * a writer and reading a device would never end, which in this process would block every test.
 */
describe('files that are not regular files', () => {
  it('refuses a device at once', async () => {
    const result = await runCli(['--now', NOW, '/dev/zero'], { cwd: workspace(), binary: true, timeout: 10_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('manifest-lint: cannot read /dev/zero: not a regular file (a device)\n');
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    const cwd = workspace();
    execFileSync('mkfifo', [path.join(cwd, 'manifest.json')]);
    const result = await runCli(['--now', NOW, 'manifest.json'], { cwd, binary: true, timeout: 10_000 });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('manifest-lint: cannot read manifest.json: not a regular file (a FIFO)\n');
  });

  it('refuses a link to a device given explicitly', async () => {
    const cwd = workspace();
    fs.symlinkSync('/dev/zero', path.join(cwd, 'manifest.json'));
    const result = await runCli(['--now', NOW], { cwd, binary: true, timeout: 10_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('not a regular file');
  });
});
