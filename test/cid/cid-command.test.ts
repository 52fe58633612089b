import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, expectOneLineError, ROOT, runCli, workspace, writeFile } from '../cli/helpers.js';
import { publishedFolderCid, VECTOR_FOLDERS } from './vectors.js';

// Published CIDs of these folders (test/fixtures/unixfs-vectors/vectors.json).
const MOONS_V0 = publishedFolderCid('v0', 'moons');
const HELIA_V1 = publishedFolderCid('v1', 'helia-files');

describe('manifest-lint cid', () => {
  it('prints the CID alone, under v1 by default', async () => {
    const result = await runCli(['cid', 'helia-files'], { cwd: VECTOR_FOLDERS });
    expect(result).toMatchObject({ code: 0, stdout: `${HELIA_V1}\n`, stderr: '' });
  });

  it('takes --profile, and prints {"cid","profile"} with --format json', async () => {
    const text = await runCli(['cid', '--profile', 'v0', 'moons'], { cwd: VECTOR_FOLDERS });
    expect(text).toMatchObject({ code: 0, stdout: `${MOONS_V0}\n` });
    const json = await runCli(['cid', 'helia-files/', '--profile=unixfs-v1-2025', '-f', 'json'], { cwd: VECTOR_FOLDERS });
    expect(json.code).toBe(0);
    expect(json.stdout).toBe(`{"cid":"${HELIA_V1}","profile":"unixfs-v1-2025"}\n`);
  });

  it('gives a file its own CID', async () => {
    const result = await runCli(['cid', 'dag-pb/foo.txt'], { cwd: VECTOR_FOLDERS });
    expect(result.stdout).toBe('bafkreic3ondyhizrzeoufvoodehinugpj3ecruwokaygl7elezhn2khqfa\n');
  });

  it('refuses, with exit 2 and one line, an unknown profile or format, a missing or extra path, a missing file', async () => {
    const cwd = workspace({ 'skill/SKILL.md': '# Skill\n' });
    expectOneLineError(await runCli(['cid', 'skill', '--profile', 'v2'], { cwd }), /unknown profile: v2 \(use v0, v1, unixfs-v1-2025\)$/);
    expectOneLineError(await runCli(['cid', 'skill', '--format', 'sarif'], { cwd }), /unknown format for cid: sarif \(use text or json\)$/);
    expectOneLineError(await runCli(['cid'], { cwd }), /cid expects a file or folder \(see --help\)$/);
    expectOneLineError(await runCli(['cid', 'skill', 'other'], { cwd }), /one path at a time, got 2/);
    expectOneLineError(await runCli(['cid', 'skills/nope'], { cwd }), /^manifest-lint: cannot read skills\/nope: no such file or folder$/);
    expectOneLineError(await runCli(['cid', 'skill', '--rule', 'x=off'], { cwd }), /unknown option: --rule/);
  });

  it('refuses a folder holding a symbolic link that leads out, naming the link', async () => {
    const outside = workspace({ 'secret.txt': 'not for upload' });
    const cwd = workspace({ 'skills/x/SKILL.md': '# X\n' });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(cwd, 'skills/x/notes.txt'));
    const result = await runCli(['cid', 'skills/x'], { cwd });
    expectOneLineError(result, /^manifest-lint: skills\/x\/notes\.txt is a symbolic link: an upload never follows links/);
    expect(result.stdout).toBe('');
  });

  it('reports progress on standard error for a large folder, and nothing for a small one', async () => {
    const cwd = workspace();
    // Sparse: 40 MiB of zeros that take no room on disk.
    fs.truncateSync(writeFile(cwd, 'big/zeros.bin', ''), 40 * 1024 * 1024);
    const result = await runCli(['cid', 'big'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^bafybei[a-z2-7]+\n$/);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      'manifest-lint: hashed 10.0 MiB of 40.0 MiB (25%)',
      'manifest-lint: hashed 20.0 MiB of 40.0 MiB (50%)',
      'manifest-lint: hashed 30.0 MiB of 40.0 MiB (75%)',
      'manifest-lint: hashed 40.0 MiB of 40.0 MiB (100%)',
    ]);
  });

  it('is in --help, with skill upload', async () => {
    const result = await runCli(['cid', '--help'], { cwd: workspace() });
    expect(result.code).toBe(0);
    for (const text of ['cid <file|folder>', '--profile', 'unixfs-v1-2025', 'skill upload <folder>', '--network', '--pin', '--upload-url', 'PINATA_JWT']) {
      expect(result.stdout).toContain(text);
    }
  });
});

/** The bundle's chunks, and which of them a run loads: only the built command's own start-up shows that. */
describe('the built manifest-lint', () => {
  it("has the UnixFS code in a chunk of its own, without the rabin chunker's WebAssembly", () => {
    const chunk = fs.readFileSync(path.join(ROOT, 'dist', 'chunks', 'unixfs.cjs'), 'utf8');
    expect(chunk.length).toBeLessThan(150_000);
    expect(chunk).not.toMatch(/rabin|WebAssembly/);
    // The importer's own progress event names, in the chunk and nowhere in the command's bundle.
    expect(chunk).toContain('unixfs:importer');
    expect(fs.readFileSync(path.join(ROOT, 'dist', 'manifest-lint.bundle.cjs'), 'utf8')).not.toContain('unixfs:importer');
  });

  it('prints a published CID, and loads the UnixFS code for cid only, never for linting', () => {
    // A preload that tells which of the bundle's chunks a run requires.
    const hook = writeFile(
      workspace(),
      'hook.cjs',
      "const Module = require('node:module'); const load = Module._load;\n" +
        'Module._load = function (request, ...rest) { if (/chunks[\\\\/]/.test(request)) process.stderr.write(`loaded ${request}\\n`); return load.call(this, request, ...rest); };\n',
    );
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--require', hook, BIN, ...args], { cwd: VECTOR_FOLDERS, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });

    const cid = run(['cid', 'moons', '--profile', 'v0']);
    expect(cid.status).toBe(0);
    expect(cid.stdout).toBe(`${MOONS_V0}\n`);
    expect(cid.stderr).toContain('loaded ./chunks/unixfs.cjs');

    // A manifest with a skill CID: linting it loads nothing of UnixFS, nor, its CID being valid
    // and written as CIDs usually are, the CID library (see test/cli/lazy-loading.test.ts).
    const lint = run(['--now', '2026-11-23T09:00:00Z', path.join(ROOT, 'examples', 'needs-work', 'manifest.json')]);
    expect(lint.status).toBe(1);
    expect(lint.stderr).not.toContain('unixfs');
    expect(lint.stderr).not.toContain('multiformats');
  });
});
