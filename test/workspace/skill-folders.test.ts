/**
 * The skill folders of the workspace layer, as the CLI and the server use them: a folder's CIDs
 * kept across lookups while its files stay as they were, and each note about a folder that is not
 * compared told once across lookups, until `invalidate`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillSourceHasher } from '../../io/skill-folder-cids.js';
import { cidOfSource } from '../../io/unixfs-cid.js';
import { parseDocument } from '../../rules/index.js';
import { SkillFolders } from '../../workspace/skill-folders.js';
import { workspace } from '../workspace.js';

/** A CIDv1 that no folder of these tests has. */
const PIN = 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue';
const pinning = (...names: string[]) =>
  parseDocument(JSON.stringify({ version: 1, agent: { name: 'Bot' }, skills: names.map((name) => ({ name, cid: PIN })) }));

/** Files written a minute ago: their times tell a change (see the hasher's racy files). */
function settle(dir: string, files: string[]): void {
  const then = new Date(Date.now() - 60_000);
  for (const file of files) fs.utimesSync(path.join(dir, file), then, then);
}

describe('the skill folders of a workspace', () => {
  it('hash a folder once across lookups while its files are unchanged', async () => {
    const dir = workspace({ 'skills/x/SKILL.md': '# X\n' });
    settle(dir, ['skills/x/SKILL.md']);
    const hashed: string[] = [];
    const hasher = new SkillSourceHasher(async (source, profile) => {
      hashed.push(profile);
      return cidOfSource(source, profile);
    });
    const folders = new SkillFolders(() => undefined, hasher);
    const manifest = path.join(dir, 'manifest.json');
    const first = await folders.find(manifest, pinning('x'), undefined);
    expect(first?.folders).toEqual([path.join(dir, 'skills/x')]);
    expect(first?.facts.x?.folder).toBe('skills/x/');
    const afterFirst = hashed.length;
    expect(afterFirst).toBeGreaterThan(0);
    const second = await folders.find(manifest, pinning('x'), undefined);
    expect(second?.facts).toEqual(first?.facts);
    expect(hashed).toHaveLength(afterFirst);
  });

  it('note a folder that is not compared once across lookups, and again after invalidate', async () => {
    const dir = workspace({ 'elsewhere/x/SKILL.md': '# X\n' });
    fs.mkdirSync(path.join(dir, 'skills'));
    fs.symlinkSync(path.join(dir, 'elsewhere/x'), path.join(dir, 'skills/x'));
    const notes: string[] = [];
    const folders = new SkillFolders((note) => notes.push(note));
    const manifest = path.join(dir, 'manifest.json');
    expect(await folders.find(manifest, pinning('x'), undefined)).toBeUndefined();
    expect(await folders.find(manifest, pinning('x'), undefined)).toBeUndefined();
    const linked = 'skills/x is a symbolic link, which is never followed: the skill folder there is not compared with its pinned CID';
    expect(notes).toEqual([linked]);
    folders.invalidate();
    await folders.find(manifest, pinning('x'), undefined);
    expect(notes).toEqual([linked, linked]);
  });

  it('mask what a note quotes from the manifest, as its findings are', async () => {
    const secret = 'sk-ant-api03-' + 'a1B2c3D4e5F6g7H8i9J0'.repeat(4);
    const dir = workspace({ [`skills/${secret}`]: 'not a folder\n' });
    const notes: string[] = [];
    const folders = new SkillFolders((note) => notes.push(note));
    const config = { absPath: path.join(dir, '.manifestlintrc.json'), text: '', rules: {}, ignore: [], skillSources: { [secret]: `skills/${secret}` } };
    await folders.find(path.join(dir, 'manifest.json'), pinning(secret), config);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^skillSources maps .* its pin is not compared$/);
    expect(notes[0]).not.toContain(secret);
  });
});
