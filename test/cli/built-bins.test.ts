/**
 * The built bins, run as users run them: each bin, each exit code, standard input and a real
 * write. The rest of the suite runs the CLI in-process through `run(argv, io)`; the few other
 * tests that start the built command say why they need a process, and the language server's
 * tests all speak to the built server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneLineError, fixture, NOW, parseJson, ROOT, ruleIds, runBinary, runCli, workspace } from './helpers.js';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };

describe('the built bins, end to end', () => {
  const binary = true;

  it('each bin of the package prints its version', async () => {
    const cwd = workspace();
    // Several names may share a file: each file is started once.
    for (const file of new Set(Object.values(pkg.bin))) {
      expect(await runBinary(['--version'], { cwd }, path.join(ROOT, file)), file).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    }
  });

  it('exits 0 on a clean manifest', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    expect(await runCli(['--now', NOW], { cwd, binary })).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('exits 1 on errors and 2 on a usage problem', async () => {
    const cwd = workspace({ 'manifest.json': fixture('problems.json') });
    const errors = await runCli(['--now', NOW, '--format', 'json'], { cwd, binary });
    expect(errors.code).toBe(1);
    expect(ruleIds(parseJson(errors)).length).toBeGreaterThan(0);
    expectOneLineError(await runCli(['--no-such-flag'], { cwd, binary }), /unknown/);
  });

  it('ends only after a report many times a pipe buffer is written whole', async () => {
    // The command exits as soon as its report is out; a pipe holds 64 KiB, the report is larger.
    const files: Record<string, string> = {};
    for (let i = 0; i < 120; i++) files[`agents/a${i}/manifest.json`] = fixture('problems.json');
    const cwd = workspace(files);
    const result = await runCli(['--now', NOW, '--format', 'json', '.'], { cwd, binary });
    expect(result.stdout.length).toBeGreaterThan(3 * 65536);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as unknown[]).length).toBe(120);
  });

  it('reads standard input and writes a fix to the file', async () => {
    const spaced = '{ "version": 1, "agent": { "name": "a" }, "model": " anthropic/claude-sonnet-4" }\n';
    const cwd = workspace({ 'manifest.json': spaced });
    const stdin = await runCli(['--now', NOW, '--stdin', '--format', 'compact'], { cwd, binary, input: spaced });
    expect(stdin.stdout).toContain('<stdin>:1:');
    expect(stdin.stdout).toContain('model-format');
    const fixed = await runCli(['--now', NOW, '--fix'], { cwd, binary });
    expect(fixed.code).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8')).toBe('{ "version": 1, "agent": { "name": "a" }, "model": "anthropic/claude-sonnet-4" }\n');
  });
});
