/**
 * `skill-cid-stale` in the CLI: a skill pinned by CID whose source folder (`skills/<name>/` or
 * the config's `skillSources`) lies beside the manifest is compared with the CID the folder has
 * now; `skill upload --pin` against the local storage server makes the manifest clean again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, parseJson, ruleIds, runCli, workspace, writeFile, type RunResult } from './helpers.js';
import { startStorageServer, type StorageServer } from '../cid/storage-server.js';
import { parseConfig, parseDocument } from '../../rules/index.js';
import { ownHover } from '../../language/own-hover.js';
import { SkillSourceHasher } from '../../io/skill-folder-cids.js';
import { cidOfSource } from '../../io/unixfs-cid.js';

/** A made-up key of the real shape (a JWT), assembled at run time so that no literal sits in the repository. */
const TOKEN = ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', 'eyJzdWIiOiJza2lsbC1zdGFsZS10ZXN0In0', 'Vb3nQ7xK2mWp9cYt4sLd8fGh1jRz6uNe0aQi5oHy3kP'].join('.');
const RULE = 'skill-cid-stale';

let server: StorageServer;
beforeAll(async () => {
  server = await startStorageServer(TOKEN);
});
afterAll(() => server.close());

function manifest(skills: { name: string; cid: string }[]): string {
  return `${JSON.stringify({ $schema: 'https://agents.pinata.cloud/schemas/manifest.v1.json', version: 1, agent: { name: 'Notes' }, skills }, null, 2)}\n`;
}

async function cidOf(cwd: string, target: string, profile = 'v1'): Promise<string> {
  const result = await runCli(['cid', target, '--profile', profile], { cwd });
  expect(result.code).toBe(0);
  return result.stdout.trim();
}

const lint = (cwd: string, args: string[] = []) => runCli(['--now', NOW, '--format', 'json', ...args], { cwd });
const staleFindings = (result: RunResult) => parseJson(result).flatMap((file) => file.diagnostics.filter((d) => d.ruleId === RULE));

describe('skill-cid-stale in the CLI', () => {
  it('reports a template folder whose skills/x/ changed after pinning, and after skill upload --pin x it lints clean', async () => {
    const cwd = workspace({ 'skills/x/SKILL.md': '# X\nDoes x.\n', 'skills/x/scripts/run.sh': 'echo x\n', 'README.md': '# Notes\n' });
    const pinned = await cidOf(cwd, 'skills/x');
    writeFile(cwd, 'manifest.json', manifest([{ name: 'x', cid: pinned }]));

    const fresh = await runCli(['--now', NOW, 'manifest.json'], { cwd });
    expect(fresh.stdout).toBe('');
    expect(fresh.code).toBe(0);
    expect(staleFindings(await runCli(['template', '.', '--now', NOW, '--format', 'json'], { cwd }))).toEqual([]);

    writeFile(cwd, 'skills/x/SKILL.md', '# X\nDoes x, and now y too.\n');
    const now = await cidOf(cwd, 'skills/x');
    expect(now).not.toBe(pinned);
    const stale = await lint(cwd, ['--max-warnings', '0', 'manifest.json']);
    expect(stale.code).toBe(1);
    const [finding] = staleFindings(stale);
    expect(finding).toMatchObject({ ruleId: RULE, severity: 'warning', line: 10 });
    expect(finding!.message).toContain(`the folder \`skills/x/\` is now \`${now}\` under \`v1\``);
    expect(finding!.message).toContain('manifest-lint skill upload skills/x --pin x');
    const template = await runCli(['template', '.', '--now', NOW, '--format', 'json'], { cwd });
    expect(ruleIds(parseJson(template))).toContain(RULE);

    const upload = await runCli(['skill', 'upload', 'skills/x', '--pin', 'x', '--upload-url', server.url], { cwd, env: { PINATA_JWT: TOKEN } });
    expect(upload.code).toBe(0);
    expect(upload.stdout.trim()).toBe(now);
    const clean = await runCli(['--now', NOW, 'manifest.json'], { cwd });
    expect(clean.stdout).toBe('');
    expect(clean.code).toBe(0);
    expect(staleFindings(await runCli(['template', '.', '--now', NOW, '--format', 'json'], { cwd }))).toEqual([]);
  });

  it('leaves --pin out of its advice for a manifest of another name, which skill upload --pin would not write', async () => {
    // `skill upload --pin` writes ./manifest.json: run beside agents/prod.json, it would edit the other manifest.
    const cwd = workspace({ 'agents/skills/x/SKILL.md': '# X\n', 'agents/manifest.json': manifest([]) });
    const pinned = await cidOf(cwd, 'agents/skills/x');
    writeFile(cwd, 'agents/prod.json', manifest([{ name: 'x', cid: pinned }]));
    writeFile(cwd, 'agents/skills/x/SKILL.md', '# X, edited\n');
    const [finding] = staleFindings(await lint(cwd, ['agents/prod.json']));
    expect(finding!.message).toContain(
      "Upload it again with `manifest-lint skill upload skills/x` (in the manifest's folder) and pin the CID it prints, or pin the new CID.",
    );
    expect(finding!.message).not.toContain('--pin');
    // Named manifest.json, the same folder gets the command that pins.
    writeFile(cwd, 'agents/manifest.json', manifest([{ name: 'x', cid: pinned }]));
    const [beside] = staleFindings(await lint(cwd, ['agents/manifest.json']));
    expect(beside!.message).toContain('manifest-lint skill upload skills/x --pin x');
  });

  it('compares a CIDv0 pin under v0, and a scoped name under skills/@scope/name/', async () => {
    const cwd = workspace({ 'skills/legacy/SKILL.md': '# Legacy\n', 'skills/@team/tool/SKILL.md': '# Tool\n' });
    const legacy = await cidOf(cwd, 'skills/legacy', 'v0');
    const tool = await cidOf(cwd, 'skills/@team/tool');
    writeFile(
      cwd,
      'manifest.json',
      manifest([
        { name: 'legacy', cid: legacy },
        { name: '@team/tool', cid: tool },
      ]),
    );
    expect(staleFindings(await lint(cwd))).toEqual([]);

    writeFile(cwd, 'skills/legacy/SKILL.md', '# Legacy, edited\n');
    writeFile(cwd, 'skills/@team/tool/extra.md', 'more\n');
    const messages = staleFindings(await lint(cwd)).map((m) => m.message);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain(`\`skills/legacy/\` is now \`${await cidOf(cwd, 'skills/legacy', 'v0')}\` under \`v0\``);
    expect(messages[0]).toContain('--pin legacy --profile v0');
    expect(messages[1]).toContain(`\`skills/@team/tool/\` is now \`${await cidOf(cwd, 'skills/@team/tool')}\` under \`v1\``);
  });

  it('never takes a folder for a name that leads out of skills/', async () => {
    const cwd = workspace({ 'bot/skills/.keep': '', 'bot/notes/SKILL.md': '# Notes\n', 'notes/SKILL.md': '# Notes\n' });
    const cid = 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue';
    writeFile(
      cwd,
      'bot/manifest.json',
      manifest([
        { name: '../notes', cid },
        { name: '../../notes', cid },
        { name: 'a//b', cid },
      ]),
    );
    const result = await lint(cwd, ['bot/manifest.json']);
    expect(staleFindings(result)).toEqual([]);
    expect(ruleIds(parseJson(result))).toContain('skill-name-path');
    expect(result.stderr).toBe('');
  });

  it('reads the folder the config maps a skill to, relative to the config file', async () => {
    const cwd = workspace({ 'vendor/notes/SKILL.md': '# Notes\n', 'bot/.keep': '' });
    const pinned = await cidOf(cwd, 'vendor/notes');
    writeFile(cwd, '.manifestlintrc.json', `${JSON.stringify({ skillSources: { notes: 'vendor/notes' } })}\n`);
    writeFile(cwd, 'bot/manifest.json', manifest([{ name: 'notes', cid: pinned }]));
    expect(staleFindings(await lint(cwd, ['bot/manifest.json']))).toEqual([]);
    writeFile(cwd, 'vendor/notes/SKILL.md', '# Notes, changed\n');
    const [finding] = staleFindings(await lint(cwd, ['bot/manifest.json']));
    expect(finding!.message).toContain('the folder `../vendor/notes/` is now');

    const printed = await runCli(['--print-config', 'bot/manifest.json'], { cwd });
    expect(JSON.parse(printed.stdout)[0].skillSources).toEqual({ notes: 'vendor/notes' });

    // Checking `bot` as a template repository, the caller's own config maps none of its skills,
    // unless --config names it.
    const template = (args: string[]) => runCli(['template', 'bot', '--now', NOW, '--format', 'json', ...args], { cwd });
    expect(staleFindings(await template([]))).toEqual([]);
    expect(staleFindings(await template(['--config', '.manifestlintrc.json']))).toHaveLength(1);
  });

  it('compares no pin with a file that skillSources maps a skill to, and says why', async () => {
    const cwd = workspace({ 'vendor/notes.md': '# Notes\n' });
    const pinned = await cidOf(cwd, 'vendor/notes.md');
    writeFile(cwd, '.manifestlintrc.json', `${JSON.stringify({ skillSources: { notes: 'vendor/notes.md' } })}\n`);
    writeFile(cwd, 'manifest.json', manifest([{ name: 'notes', cid: pinned }]));
    writeFile(cwd, 'vendor/notes.md', '# Notes, changed\n');
    const result = await lint(cwd, ['manifest.json']);
    expect(staleFindings(result)).toEqual([]);
    expect(result.stderr).toContain("skillSources maps `notes` to vendor/notes.md, a file: a skill's source is a folder");
    // With --quiet a warning is not shown, so no folder is looked at for it; an error is.
    expect((await lint(cwd, ['--quiet', 'manifest.json'])).stderr).toBe('');
    expect((await lint(cwd, ['--quiet', '--rule', `${RULE}=error`, 'manifest.json'])).stderr).toContain('skillSources maps `notes`');
  });

  it('refuses a skillSources path that is absolute or leads outside the config folder', async () => {
    for (const [folder, problem] of [
      ['/srv/skills/notes', 'is an absolute path'],
      ['../elsewhere/notes', 'leads outside that folder'],
      ['skills/../../notes', 'leads outside that folder'],
      ['./skills/..', 'is that folder itself'],
      ['skills\\notes', 'holds a backslash'],
    ] as const) {
      const { problems } = parseConfig(JSON.stringify({ skillSources: { notes: folder } }));
      expect(problems.map((p) => p.message)).toEqual([expect.stringContaining(problem)]);
    }
    expect(parseConfig(JSON.stringify({ skillSources: { notes: './skills/../vendor/notes' } })).config.skillSources).toEqual({
      notes: './skills/../vendor/notes',
    });
    expect(parseConfig(JSON.stringify({ skillSources: ['x'] })).problems).toHaveLength(1);
    const cwd = workspace({ '.manifestlintrc.json': '{ "skillSources": { "notes": "../notes" } }\n', 'manifest.json': manifest([]) });
    const result = await lint(cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('.manifestlintrc.json:1:30: the folder of the skill `notes` leads outside that folder');
  });

  it('notes a symbolic link in the folder and reports nothing for that skill', async () => {
    const cwd = workspace({ 'skills/x/SKILL.md': '# X\n', 'outside.md': 'secret\n' });
    fs.symlinkSync(path.join(cwd, 'outside.md'), path.join(cwd, 'skills/x/linked.md'));
    writeFile(cwd, 'manifest.json', manifest([{ name: 'x', cid: 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue' }]));
    const result = await lint(cwd);
    expect(result.code).toBe(0);
    expect(staleFindings(result)).toEqual([]);
    expect(result.stderr).toBe(
      'manifest-lint: note: the skill `x` is not compared with its pinned CID: skills/x/linked.md is a symbolic link: an upload never follows links, so replace it with the file or folder it points to, or remove it\n',
    );

    fs.rmSync(path.join(cwd, 'skills'), { recursive: true });
    fs.mkdirSync(path.join(cwd, 'elsewhere'));
    fs.symlinkSync(path.join(cwd, 'elsewhere'), path.join(cwd, 'skills'));
    const linked = await lint(cwd);
    expect(staleFindings(linked)).toEqual([]);
    expect(linked.stderr).toContain('note: skills is a symbolic link, which is never followed');
  });

  it('masks a secret in a note and in the line a failing command ends with', async () => {
    const token = `ghp_${'A1b2C3d4E5'.repeat(3)}Zz9Yy8`;
    const cwd = workspace({ [`skills/${token}/SKILL.md`]: '# X\n', 'outside.md': 'x\n' });
    fs.symlinkSync(path.join(cwd, 'outside.md'), path.join(cwd, `skills/${token}/linked.md`));
    writeFile(cwd, 'manifest.json', manifest([{ name: token, cid: 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue' }]));
    const noted = await lint(cwd);
    expect(noted.stderr).toContain('manifest-lint: note: the skill `ghp_');
    expect(noted.stderr + noted.stdout).not.toContain(token);

    const failed = await runCli(['cid', `missing-${token}`], { cwd });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/^manifest-lint: .*missing-ghp_/);
    expect(failed.stderr).not.toContain(token);
  });

  it('says nothing on standard input, or with the rule off', async () => {
    const cwd = workspace({ 'skills/x/SKILL.md': '# X\n' });
    const text = manifest([{ name: 'x', cid: 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue' }]);
    writeFile(cwd, 'manifest.json', text);
    expect(staleFindings(await runCli(['--now', NOW, '--format', 'json', '--stdin'], { cwd, input: text }))).toEqual([]);
    expect(staleFindings(await lint(cwd, ['--rule', `${RULE}=off`]))).toEqual([]);
    expect(staleFindings(await lint(cwd))).toHaveLength(1);
  });
});

describe('the CIDs of skill folders', () => {
  it('are hashed once while the files keep their sizes and times, again when one changes, and each time while one is just written', async () => {
    const cwd = workspace({ 'skills/x/SKILL.md': '# X\n', 'skills/x/run.sh': 'echo x\n' });
    const setTime = (file: string, secondsAgo: number) => {
      const time = new Date(Date.now() - secondsAgo * 1000);
      fs.utimesSync(path.join(cwd, 'skills/x', file), time, time);
    };
    setTime('SKILL.md', 60);
    setTime('run.sh', 60);
    const hashed: string[] = [];
    const hasher = new SkillSourceHasher(async (source, profile) => {
      hashed.push(profile);
      return cidOfSource(source, profile);
    });
    const located = {
      name: 'x',
      absolute: path.join(cwd, 'skills/x'),
      shown: 'skills/x/',
      pins: ['bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue'],
    };
    const first = await hasher.facts(located, () => undefined);
    // A dag-pb CIDv1 pin that matches nothing: v1, unixfs-v1-2025, and v0 for its CIDv1 form.
    expect(Object.keys(first!.cids)).toEqual(['v1', 'unixfs-v1-2025', 'v0']);
    expect(hashed).toHaveLength(3);
    await hasher.facts(located, () => undefined);
    expect(hashed).toHaveLength(3);
    setTime('run.sh', 30);
    await hasher.facts(located, () => undefined);
    expect(hashed).toHaveLength(6);
    await hasher.facts(located, () => undefined);
    expect(hashed).toHaveLength(6);
    // Written a moment ago: its time may not tell a change that follows at once.
    setTime('run.sh', 0);
    await hasher.facts(located, () => undefined);
    await hasher.facts(located, () => undefined);
    expect(hashed).toHaveLength(12);
    setTime('run.sh', 30);
    // A pin that matches under v1 stops there: the folder, changed, is hashed under v1 alone.
    const matching = await hasher.facts({ ...located, pins: [first!.cids.v1!] }, () => undefined);
    expect(Object.keys(matching!.cids)).toEqual(['v1']);
    expect(hashed).toHaveLength(13);
  });
});

describe('a folder that cannot be hashed', () => {
  it("is noted with the reading problem as told, also when it comes from the UnixFS chunk's own copy of the error class", async () => {
    const cwd = workspace({ 'skills/x/SKILL.md': '# X\n' });
    // The chunk is a bundle of its own: its UploadSourceError is another class of the same name.
    const fromChunk = Object.assign(new Error('skills/x/SKILL.md changed while it was read (4 bytes before, more now)'), { name: 'UploadSourceError' });
    const hasher = new SkillSourceHasher(() => Promise.reject(fromChunk));
    const notes: string[] = [];
    const located = {
      name: 'x',
      absolute: path.join(cwd, 'skills/x'),
      shown: 'skills/x/',
      pins: ['bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue'],
    };
    expect(await hasher.facts(located, (note) => notes.push(note))).toBeUndefined();
    expect(notes).toEqual(['the skill `x` is not compared with its pinned CID: skills/x/SKILL.md changed while it was read (4 bytes before, more now)']);

    const other = new SkillSourceHasher(() => Promise.reject(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })));
    const otherNotes: string[] = [];
    await other.facts(located, (note) => otherNotes.push(note));
    expect(otherNotes).toEqual(['the skill `x` is not compared with its pinned CID: skills/x/ could not be hashed (EIO: i/o error, read)']);
  });
});

describe('the library', () => {
  it("reports a stale pin only when given the folder's facts", async () => {
    const { lint } = await import('../../lib/index.js');
    const text = manifest([{ name: 'notes', cid: 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue' }]);
    const stale = (result: { diagnostics: { ruleId: string }[] }) => result.diagnostics.filter((d) => d.ruleId === RULE);
    expect(stale(lint(text, { now: NOW }))).toEqual([]);
    const now = 'bafybeigks6arfsq3xxfpvqrrwonchxcnu6do76auprhhfomao6c273sixm';
    // A difference needs every profile the pin may come from (a CIDv1: v1 and unixfs-v1-2025).
    expect(stale(lint(text, { now: NOW, skillSources: { notes: { folder: 'skills/notes/', cids: { v1: now } } } }))).toEqual([]);
    expect(stale(lint(text, { now: NOW, skillSources: { notes: { folder: 'skills/notes/', cids: { v1: now, 'unixfs-v1-2025': now } } } }))).toHaveLength(1);
    expect(
      stale(
        lint(text, {
          now: NOW,
          skillSources: { notes: { folder: 'skills/notes/', cids: { v1: 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue' } } },
        }),
      ),
    ).toEqual([]);
  });
});

describe('the hover on a stale pin', () => {
  it('offers skill upload --pin for a manifest.json, and the upload alone for a manifest of another name', () => {
    const pinned = 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue';
    const now = 'bafybeigks6arfsq3xxfpvqrrwonchxcnu6do76auprhhfomao6c273sixm';
    const doc = parseDocument(manifest([{ name: 'notes', cid: pinned }]));
    const facts = { folder: 'skills/notes/', cids: { v1: now, 'unixfs-v1-2025': now } };
    const hover = (pinWritesManifest?: boolean) =>
      ownHover(doc, doc.text.indexOf(pinned) + 1, new Date(NOW), { notes: { ...facts, pinWritesManifest } })?.markdown;
    expect(hover()).toContain('Upload it again (`manifest-lint skill upload … --pin …`) or pin the new CID.');
    expect(hover(false)).toContain('Upload it again (`manifest-lint skill upload …`) and pin the CID it prints, or pin the new CID.');
  });
});
