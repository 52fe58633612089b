/**
 * `skill-cid-stale` and the hover on a `cid` in the language server: the skill folder beside an
 * open manifest is hashed in the background (the first diagnostics may come without the
 * finding, a refreshed publish brings it), and a watched change of its files is seen.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentDiagnosticReport, Hover, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { cidOfPath } from '../../io/unixfs-cid.js';
import { parseDocument } from '../../rules/index.js';
import { SkillSourceFolders } from '../../server/skill-folder-watch.js';
import { fileUri, positionOf, PULL_CAPABILITIES, SCHEMA_URL, TestClient, workspace, writeFile } from './client.js';

const CHANGED = 2;
const RULE = 'skill-cid-stale';
const ORIGINAL = '# X\nDoes x.\n';

const hasStale = (published: PublishDiagnosticsParams | undefined) => published?.diagnostics.some((d) => d.code === RULE) ?? false;

describe('skill-cid-stale in the editor', () => {
  it('reports a skill folder changed after pinning, tells it on hover, and clears both when the folder is back', async () => {
    const dir = workspace({ 'skills/x/SKILL.md': ORIGINAL });
    const pinned = await cidOfPath(path.join(dir, 'skills/x'), 'v1');
    writeFile(dir, 'skills/x/SKILL.md', '# X\nDoes x, and y.\n');
    const now = await cidOfPath(path.join(dir, 'skills/x'), 'v1');
    const text = `{\n  "$schema": "${SCHEMA_URL}",\n  "version": 1,\n  "agent": { "name": "Notes" },\n  "skills": [{ "name": "x", "cid": "${pinned}" }]\n}\n`;

    const client = await TestClient.shared();
    await client.until(() => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'), 'a watcher registration');
    const uri = fileUri(dir, 'manifest.json');
    await client.open(uri, text);
    const stale = await client.until(() => client.publishedFor(uri).find(hasStale), 'a publish with the finding');
    const finding = stale.diagnostics.find((d) => d.code === RULE)!;
    expect(finding.severity).toBe(2);
    expect(finding.message).toContain(`the folder \`skills/x/\` is now \`${now}\` under \`v1\``);

    const hover = async () => {
      const result = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, pinned, 3) });
      return (result?.contents as { value: string } | undefined)?.value ?? '';
    };
    expect(await hover()).toContain(`**Differs from \`skills/x/\`**: the folder is now \`${now}\` under \`v1\``);

    writeFile(dir, 'skills/x/SKILL.md', ORIGINAL);
    const before = client.published.length;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(dir, 'skills/x/SKILL.md'), type: CHANGED }] });
    await client.until(() => {
      const latest = client.published
        .slice(before)
        .filter((p) => p.uri === uri)
        .at(-1);
      return latest && !hasStale(latest) ? latest : undefined;
    }, 'a publish without the finding');
    expect(await hover()).toContain('Matches `skills/x/` (`v1`).');
  });

  it('watches a folder the config maps outside skills/, and sees its files change', async () => {
    const dir = workspace({ 'src/skill-x/SKILL.md': ORIGINAL, '.manifestlintrc.json': '{ "skillSources": { "x": "src/skill-x" } }\n' });
    const pinned = await cidOfPath(path.join(dir, 'src/skill-x'), 'v1');
    const text = `{\n  "$schema": "${SCHEMA_URL}",\n  "version": 1,\n  "agent": { "name": "Mapped" },\n  "skills": [{ "name": "x", "cid": "${pinned}" }]\n}\n`;
    const client = await TestClient.shared();
    const uri = fileUri(dir, 'manifest.json');
    await client.open(uri, text);
    const folderGlob = `${path.join(dir, 'src/skill-x').split(path.sep).join('/')}/**/*`;
    const watcher = await client.until(
      () => client.registrations.find((r) => JSON.stringify(r.registerOptions).includes(JSON.stringify(folderGlob))),
      'a watcher of the mapped folder',
    );
    expect(watcher.method).toBe('workspace/didChangeWatchedFiles');
    // The mapped folder was read, and matches its pin.
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, pinned, 3) });
    expect((hover?.contents as { value: string } | undefined)?.value).toContain('Matches `src/skill-x/` (`v1`).');

    writeFile(dir, 'src/skill-x/SKILL.md', '# X\nDoes x, and y.\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(dir, 'src/skill-x/SKILL.md'), type: CHANGED }] });
    const stale = await client.until(() => client.publishedFor(uri).find(hasStale), 'a publish with the finding');
    expect(stale.diagnostics.find((d) => d.code === RULE)!.message).toContain('the folder `src/skill-x/`');
  });

  it('registers a watcher for the skill folders', async () => {
    const client = await TestClient.shared();
    await client.until(() => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'), 'a watcher registration');
    const { watchers } = client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles')!.registerOptions as {
      watchers: { globPattern: string; kind?: number }[];
    };
    expect(watchers).toContainEqual({ globPattern: '**/skills/**', kind: 7 });
  });
});

/** A `SkillSourceFolders` with no server around it, and a promise of each next arrival of facts. */
function foldersAlone(): { folders: SkillSourceFolders; nextFacts: () => Promise<void> } {
  const waiting: (() => void)[] = [];
  const folders = new SkillSourceFolders(
    () => undefined,
    () => waiting.shift()?.(),
  );
  return { folders, nextFacts: () => new Promise<void>((resolve) => waiting.push(resolve)) };
}

const manifestPinning = (name: string, cid: string) =>
  parseDocument(`{ "version": 1, "agent": { "name": "${name}" }, "skills": [{ "name": "x", "cid": "${cid}" }] }`);

describe("which watched changes touch an open manifest's skill folders", () => {
  it('a change in its own skills/ or a folder its facts come from, not in a skills/ folder elsewhere', async () => {
    const dir = workspace({ 'bot/skills/x/SKILL.md': ORIGINAL, 'elsewhere/skills/y/SKILL.md': ORIGINAL, 'mapped/src/x/SKILL.md': ORIGINAL });
    const { folders, nextFacts } = foldersAlone();
    let computed = nextFacts();
    folders.known(fileUri(dir, 'bot/manifest.json'), manifestPinning('Bot', await cidOfPath(path.join(dir, 'bot/skills/x'), 'v1')), undefined);
    await computed;
    // A manifest whose config maps its skill to a folder outside skills/: the facts come from there.
    const config = { absPath: path.join(dir, 'mapped/.manifestlintrc.json'), text: '', rules: {}, ignore: [], skillSources: { x: 'src/x' } };
    computed = nextFacts();
    folders.known(fileUri(dir, 'mapped/manifest.json'), manifestPinning('Mapped', await cidOfPath(path.join(dir, 'mapped/src/x'), 'v1')), config);
    await computed;
    expect(folders.changed([path.join(dir, 'elsewhere/skills/y/SKILL.md')])).toBe(false);
    expect(folders.changed([path.join(dir, 'bot/README.md')])).toBe(false);
    expect(folders.changed([path.join(dir, 'mapped/src/other/SKILL.md')])).toBe(false);
    expect(folders.changed([path.join(dir, 'bot/skills/z/SKILL.md')])).toBe(true);
    expect(folders.changed([path.join(dir, 'bot/skills/x/SKILL.md')])).toBe(true);
    expect(folders.changed([path.join(dir, 'mapped/src/x/SKILL.md')])).toBe(true);
  });
});

describe('pulled diagnostics and skill facts', () => {
  it("keep another manifest's report unchanged when one manifest's facts arrive", async () => {
    const dir = workspace({ 'a/skills/x/SKILL.md': ORIGINAL });
    const pinned = await cidOfPath(path.join(dir, 'a/skills/x'), 'v1');
    writeFile(dir, 'a/skills/x/SKILL.md', '# X\nDoes x, and y.\n');
    const client = await TestClient.start({ capabilities: PULL_CAPABILITIES });
    const pull = (uri: string, previousResultId?: string) =>
      client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) });
    const b = fileUri(dir, 'b/manifest.json');
    await client.open(b, `{\n  "$schema": "${SCHEMA_URL}",\n  "version": 1,\n  "agent": { "name": "B" }\n}\n`);
    const first = await pull(b);
    if (first.kind !== 'full') throw new Error('expected a full report');

    const a = fileUri(dir, 'a/manifest.json');
    await client.open(
      a,
      `{\n  "$schema": "${SCHEMA_URL}",\n  "version": 1,\n  "agent": { "name": "A" },\n  "skills": [{ "name": "x", "cid": "${pinned}" }]\n}\n`,
    );
    // A's folder is hashed in the background; the server asks for a refresh once its facts are in.
    await pull(a);
    await client.until(() => (client.refreshRequests > 0 ? true : undefined), 'workspace/diagnostic/refresh');
    const stale = await pull(a);
    expect(stale.kind === 'full' && stale.items.some((d) => d.code === RULE)).toBe(true);
    expect(await pull(b, first.resultId)).toEqual({ kind: 'unchanged', resultId: first.resultId });
  });
});

describe("the analysis key of an open manifest's skill facts", () => {
  it("changes when its own facts arrive, not when another document's do", async () => {
    const dir = workspace({ 'a/skills/x/SKILL.md': ORIGINAL, 'b/skills/x/SKILL.md': '# Other\n' });
    const pinned = await cidOfPath(path.join(dir, 'a/skills/x'), 'v1');
    const { folders, nextFacts } = foldersAlone();
    const a = fileUri(dir, 'a/manifest.json');
    const docA = manifestPinning('A', pinned);
    let arrived = nextFacts();
    const before = folders.known(a, docA, undefined).key;
    await arrived;
    const keyA = folders.known(a, docA, undefined).key;
    expect(keyA).not.toBe(before);
    arrived = nextFacts();
    folders.known(fileUri(dir, 'b/manifest.json'), manifestPinning('B', pinned), undefined);
    await arrived;
    expect(folders.known(a, docA, undefined).key).toBe(keyA);
  });
});
