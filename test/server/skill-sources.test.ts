/**
 * `skill-cid-stale` and the hover on a `cid` in the language server: the skill folder beside an
 * open manifest is hashed in the background (the first diagnostics may come without the
 * finding, a refreshed publish brings it), and a watched change of its files is seen.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Hover, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { cidOfPath } from '../../io/unixfs-cid.js';
import { fileUri, positionOf, SCHEMA_URL, TestClient, workspace, writeFile } from './client.js';

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
      const latest = client.published.slice(before).filter((p) => p.uri === uri).at(-1);
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
    expect(hasStale(client.publishedFor(uri).at(-1))).toBe(false);

    writeFile(dir, 'src/skill-x/SKILL.md', '# X\nDoes x, and y.\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(dir, 'src/skill-x/SKILL.md'), type: CHANGED }] });
    const stale = await client.until(() => client.publishedFor(uri).find(hasStale), 'a publish with the finding');
    expect(stale.diagnostics.find((d) => d.code === RULE)!.message).toContain('the folder `src/skill-x/`');
  });

  it('registers a watcher for the skill folders', async () => {
    const client = await TestClient.shared();
    await client.until(() => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'), 'a watcher registration');
    const { watchers } = client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles')!.registerOptions as { watchers: { globPattern: string; kind?: number }[] };
    expect(watchers).toContainEqual({ globPattern: '**/skills/**', kind: 7 });
  });
});
