import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cidOfFiles, cidOfPath, cidOfSource, readUploadSource, UploadSourceError } from '../../io/unixfs-cid.js';
import { profilesOfPinnedCid } from '../../rules/index.js';
import { workspace, writeFile } from '../workspace.js';

const text = (value: string) => new TextEncoder().encode(value);

describe('the files an upload of a folder sends', () => {
  it('are every file below it with its path relative to it, dotfiles included, in name order', async () => {
    const folder = workspace({ 'SKILL.md': '# Skill\n', '.env.example': 'A=1\n', 'lib/a.js': 'a', 'lib/.hidden/b.js': 'b', 'z.txt': '' }, { git: false });
    const source = await readUploadSource(folder, 'skills/x');
    expect(source.kind).toBe('folder');
    expect(source.name).toBe(path.basename(folder));
    expect(source.files.map((file) => file.path)).toEqual(['.env.example', 'SKILL.md', 'z.txt', 'lib/a.js', 'lib/.hidden/b.js']);
    expect(source.files.map((file) => file.shown)).toContain('skills/x/lib/.hidden/b.js');
    expect(source.size).toBe(8 + 4 + 0 + 1 + 1);
  });

  it('leave folders without files out, so they do not change the CID', async () => {
    const folder = workspace({ 'b/x.txt': 'x' }, { git: false });
    fs.mkdirSync(path.join(folder, 'a/deeper'), { recursive: true });
    const expected = await cidOfFiles([{ path: 'b/x.txt', content: text('x') }], 'v1');
    expect(await cidOfPath(folder, 'v1')).toBe(expected.toString());
  });

  it('count dotfiles in the CID', async () => {
    const folder = workspace({ '.config': 'c', 'x.txt': 'x' }, { git: false });
    const withDotfile = await cidOfFiles(
      [
        { path: '.config', content: text('c') },
        { path: 'x.txt', content: text('x') },
      ],
      'v1',
    );
    const without = await cidOfFiles([{ path: 'x.txt', content: text('x') }], 'v1');
    expect(await cidOfPath(folder, 'v1')).toBe(withDotfile.toString());
    expect(withDotfile.equals(without)).toBe(false);
  });

  it('give the folder its own CID, whatever its name and wherever it is', async () => {
    const one = workspace({ 'x.txt': 'x' }, { git: false });
    const other = path.join(workspace({}, { git: false }), 'another-name');
    writeFile(other, 'x.txt', 'x');
    expect(await cidOfPath(one, 'v0')).toBe(await cidOfPath(other, 'v0'));
  });

  it('are the file itself for a file, whose CID is not wrapped in a folder', async () => {
    const folder = workspace({ 'hello.txt': 'hello world' }, { git: false });
    const source = await readUploadSource(path.join(folder, 'hello.txt'));
    expect(source).toMatchObject({ kind: 'file', name: 'hello.txt', size: 11 });
    expect(await cidOfPath(path.join(folder, 'hello.txt'), 'v1')).toBe('bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e');
  });
});

describe('what an upload refuses', () => {
  const refusal = async (target: string, shown: string): Promise<string> => {
    const error = await readUploadSource(target, shown).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UploadSourceError);
    return (error as Error).message;
  };

  it('a symbolic link inside the folder, named as the user wrote the folder, never followed', async () => {
    const outside = workspace({ 'secret.txt': 'outside' }, { git: false });
    const folder = workspace({ 'lib/a.js': 'a' }, { git: false });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(folder, 'lib', 'link.txt'));
    expect(await refusal(folder, 'skills/x/')).toBe(
      'skills/x/lib/link.txt is a symbolic link: an upload never follows links, so replace it with the file or folder it points to, or remove it',
    );
  });

  it('a link to a folder inside, and a folder that is itself a link', async () => {
    const folder = workspace({ 'lib/a.js': 'a' }, { git: false });
    fs.symlinkSync('lib', path.join(folder, 'again'));
    expect(await refusal(folder, 'x')).toMatch(/^x\/again is a symbolic link/);
    const link = path.join(workspace({}, { git: false }), 'skill');
    fs.symlinkSync(folder, link);
    expect(await refusal(link, 'skill')).toMatch(/^skill is a symbolic link/);
  });

  it('a path that does not exist, and a pipe', async () => {
    const folder = workspace({}, { git: false });
    expect(await refusal(path.join(folder, 'nope'), 'nope')).toBe('cannot read nope: no such file or folder');
    execFileSync('mkfifo', [path.join(folder, 'pipe')]);
    expect(await refusal(folder, 'x')).toMatch(/^x\/pipe is not a regular file or folder/);
  });
});

describe('a file that changed after the folder was read', () => {
  it('is an error rather than a CID of something else', async () => {
    const folder = workspace({ 'a.txt': 'abc', 'b.txt': 'abcdef' }, { git: false });
    const source = await readUploadSource(folder, 'x');
    fs.writeFileSync(path.join(folder, 'a.txt'), 'abcd');
    fs.writeFileSync(path.join(folder, 'b.txt'), 'ab');
    await expect(cidOfSource(source, 'v1')).rejects.toThrow(
      /^x\/(a.txt changed while it was read \(3 bytes before, more now\)|b.txt changed while it was read \(6 bytes before, 2 now\))$/,
    );
  });
});

describe('the profiles a pinned CID may have been made with', () => {
  it('are v0 for a CIDv0, v1 or unixfs-v1-2025 for a CIDv1, none for what is not a CID', () => {
    expect(profilesOfPinnedCid('QmbGoaQZm8kjYfCiN1aBsgwhqfUBGDYTrDb91Mz7Dvq81B')).toEqual(['v0']);
    expect(profilesOfPinnedCid('bafybeievhllpjjjbyg53g74wcl5hckdccjjj7zgtexqcacjegoduegnkyu')).toEqual(['v1', 'unixfs-v1-2025']);
    expect(profilesOfPinnedCid('bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e')).toEqual(['v1', 'unixfs-v1-2025']);
    expect(profilesOfPinnedCid('not a cid')).toEqual([]);
  });
});
