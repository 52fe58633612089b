/**
 * `agentManifest.templateChecks` in the language server: `auto` (a manifest with a `template`
 * object is checked as a template, with the repository rules of its folder), `on` and `off`;
 * findings about other files shown on the manifest's `"template"` key (or its first line), the
 * file named first; and refreshed when watched files change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { fileUri, PULL_CAPABILITIES, rangeOf, SCHEMA_URL, TestClient, workspace, writeFile } from './client.js';

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code).sort();
const CREATED = 1;
const DELETED = 3;

const TEMPLATE = `{
  "version": 1,
  "agent": { "name": "Field Notes" },
  "scripts": { "build": "cd ./workspace/projects/app && npm ci" },
  "template": { "slug": "field-notes", "category": "productivity", "authorName": "Pinata" }
}
`;
const PLAIN = `{
  "version": 1,
  "agent": { "name": "Field Notes" }
}
`;

describe('templateChecks', () => {
  it('auto: a manifest with a template object gets the repository checks, on its template key', async () => {
    const dir = workspace();
    const client = await TestClient.shared();
    const uri = fileUri(dir, 'manifest.json');
    await client.open(uri, TEMPLATE);
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    expect(codes(diagnostics)).toEqual(['script-path-missing', 'template-readme-missing', 'template-workspace-missing']);

    const readme = diagnostics.find((d) => d.code === 'template-readme-missing')!;
    expect(readme.range).toEqual(rangeOf(TEMPLATE, '"template"'));
    expect(readme.severity).toBe(1);
    // A finding about another file names it first.
    expect(readme.message).toMatch(/^README\.md: \S/);
    const script = diagnostics.find((d) => d.code === 'script-path-missing')!;
    expect(script.range).toEqual(rangeOf(TEMPLATE, './workspace/projects/app'));
    expect(script.severity).toBe(2);
  });

  it('auto: a manifest without a template object is linted as before', async () => {
    const client = await TestClient.shared();
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, PLAIN);
    expect((await client.diagnosticsFor(uri, 1)).diagnostics).toEqual([]);
  });

  it('on: every manifest, a missing template object included; findings about other files on line 1 without one', async () => {
    const client = await TestClient.shared({ settings: { templateChecks: 'on' } });
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, PLAIN);
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    expect(codes(diagnostics)).toEqual(['template-metadata-missing', 'template-readme-missing', 'template-workspace-missing']);
    expect(diagnostics.find((d) => d.code === 'template-metadata-missing')!.range).toEqual(rangeOf(PLAIN, '{'));
    expect(diagnostics.find((d) => d.code === 'template-workspace-missing')!.range).toEqual(rangeOf(PLAIN, '{'));
    expect(diagnostics.find((d) => d.code === 'template-workspace-missing')!.message).toMatch(/^workspace: /);
  });

  it('off: a plain lint, where the template object is only a hint', async () => {
    const client = await TestClient.shared({ settings: { templateChecks: 'off' } });
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, TEMPLATE);
    expect(codes((await client.diagnosticsFor(uri, 1)).diagnostics)).toEqual(['template-ignored']);
  });

  it('switching the setting re-lints open manifests', async () => {
    const client = await TestClient.start({ settings: { templateChecks: 'off' } });
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, TEMPLATE);
    await client.diagnosticsFor(uri, 1);
    client.settings = { templateChecks: 'auto' };
    const before = client.published.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    expect(codes((await client.diagnosticsFor(uri, 1, before)).diagnostics)).toEqual(expect.arrayContaining(['template-readme-missing']));
  });

  it("refreshes when README.md, the workspace folder or a script's target appear or go", async () => {
    const dir = workspace();
    // Publications are looked at for this test's manifest only.
    const client = await TestClient.shared();
    const uri = fileUri(dir, 'manifest.json');
    await client.open(uri, TEMPLATE);
    await client.diagnosticsFor(uri, 1);

    const notify = async (type: number, ...names: string[]) => {
      const before = client.published.length;
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: names.map((name) => ({ uri: fileUri(dir, name), type })) });
      return codes((await client.diagnosticsFor(uri, 1, before)).diagnostics);
    };

    writeFile(dir, 'README.md', '# Field Notes\n');
    expect(await notify(CREATED, 'README.md')).toEqual(['script-path-missing', 'template-workspace-missing']);

    writeFile(dir, 'workspace/projects/app/package.json', '{}\n');
    expect(await notify(CREATED, 'workspace', 'workspace/projects/app/package.json')).toEqual([]);

    fs.rmSync(path.join(dir, 'workspace', 'projects'), { recursive: true });
    writeFile(dir, 'workspace/AGENTS.md', 'Keep notes.\n');
    expect(await notify(DELETED, 'workspace/projects')).toEqual(['script-path-missing']);

    // Changes inside .git and node_modules are not the repository's.
    const before = client.published.length;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: fileUri(dir, '.git/index'), type: 2 },
        { uri: fileUri(dir, 'node_modules/x/a.js'), type: CREATED },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.published.slice(before).filter((p) => p.uri === uri)).toEqual([]);
  });

  it('registers the watchers it needs', async () => {
    const client = await TestClient.shared();
    await client.until(() => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'), 'a watcher registration');
    const { watchers } = client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles')!.registerOptions as {
      watchers: { globPattern: string; kind?: number }[];
    };
    expect(watchers).toEqual(
      expect.arrayContaining([{ globPattern: '**/*', kind: 5 }, expect.objectContaining({ globPattern: expect.stringContaining('README.md') })]),
    );
  });

  it('pull mode: a changed watched file gives a new result, not "unchanged"', async () => {
    const dir = workspace();
    const client = await TestClient.start({ capabilities: PULL_CAPABILITIES });
    const uri = fileUri(dir, 'manifest.json');
    await client.open(uri, TEMPLATE);
    const pull = (previousResultId?: string) =>
      client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) });
    const first = (await pull()) as { resultId: string; items: Diagnostic[] };
    expect(codes(first.items)).toContain('template-readme-missing');
    writeFile(dir, 'README.md', '# Field Notes\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(dir, 'README.md'), type: CREATED }] });
    const second = await pull(first.resultId);
    expect(second.kind).toBe('full');
    expect(codes((second as { items: Diagnostic[] }).items)).not.toContain('template-readme-missing');
  });

  it('a manifest that is not a file on disk is checked as a template without repository facts', async () => {
    const client = await TestClient.shared({ settings: { templateChecks: 'on' } });
    const uri = 'untitled:Untitled-1';
    await client.open(uri, PLAIN.replace('{', `{\n  "$schema": "${SCHEMA_URL}",`));
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    expect(codes(diagnostics)).toEqual(['template-metadata-missing']);
  });
});

describe('agentManifest/templateReport', () => {
  interface Report {
    files: { uri: string; diagnostics: Diagnostic[] }[];
    errors: number;
    warnings: number;
    others: number;
  }
  const folderUri = (dir: string) => fileUri(dir, '.').replace(/\/\.$/, '');

  it('checks a folder as a template repository: every finding on its own file, the manifest first', async () => {
    const dir = workspace({ 'manifest.json': TEMPLATE, '.env': 'NOTES_API_KEY=abc123def456\n' });
    const client = await TestClient.shared();
    const report = await client.request<Report>('agentManifest/templateReport', { folder: folderUri(dir) });
    expect(report.files.map((file) => [path.basename(new URL(file.uri).pathname), codes(file.diagnostics)])).toEqual([
      ['manifest.json', ['script-path-missing']],
      ['.env', ['template-secret-file']],
      ['README.md', ['template-readme-missing']],
      ['workspace', ['template-workspace-missing']],
    ]);
    expect([report.errors, report.warnings, report.others]).toEqual([2, 2, 0]);
    // Findings about other files are at their own place, not on the manifest's `template` key.
    expect(report.files[2]!.diagnostics[0]!.range).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  });

  it('checks an open manifest as the editor shows it, and a folder without one', async () => {
    const dir = workspace({ 'manifest.json': TEMPLATE, 'README.md': '# Notes\n', 'workspace/AGENTS.md': 'x' });
    const client = await TestClient.shared();
    const uri = fileUri(dir, 'manifest.json');
    await client.open(uri, TEMPLATE.replace('"field-notes"', '"Field Notes!"'));
    const report = await client.request<Report>('agentManifest/templateReport', { folder: folderUri(dir) });
    expect(report.files.flatMap((file) => codes(file.diagnostics))).toContain('invalid-value');
    const empty = workspace({ 'README.md': '# Notes\n' });
    const missing = await client.request<Report>('agentManifest/templateReport', { folder: folderUri(empty) });
    expect(missing.files.flatMap((file) => codes(file.diagnostics))).toEqual(['template-manifest-missing', 'template-workspace-missing']);
  });

  const WARNING = 2;
  const warned = (client: TestClient, text: string) =>
    client.until(() => client.messages.find((m) => m.type === WARNING && m.message.includes(text)), `a warning: ${text}`);

  it("never applies the repository's own config, and says so; the editor's settings still apply", async () => {
    const dir = workspace({ 'manifest.json': TEMPLATE, '.env': 'NOTES_API_KEY=abc123def456\n', '.manifestlintrc.json': '{ "ignore": [{ "path": "" }] }\n' });
    const client = await TestClient.shared({ settings: { rules: { 'template-secret-file': 'off' } } });
    const report = await client.request<Report>('agentManifest/templateReport', { folder: folderUri(dir) });
    expect(report.files.map((file) => [path.basename(new URL(file.uri).pathname), codes(file.diagnostics)])).toEqual([
      ['manifest.json', ['script-path-missing']],
      ['README.md', ['template-readme-missing']],
      ['workspace', ['template-workspace-missing']],
    ]);
    await warned(client, `${path.join(dir, '.manifestlintrc.json')} is not used: it belongs to the repository under test`);
  });

  it('reads no file with more than one hard link, and says so', async () => {
    const outside = workspace({ 'notes.md': 'Notes from elsewhere.\n', 'README.md': '# Elsewhere\n' });
    const dir = workspace({ 'manifest.json': TEMPLATE, 'workspace/AGENTS.md': 'x' });
    fs.linkSync(path.join(outside, 'README.md'), path.join(dir, 'README.md'));
    fs.linkSync(path.join(outside, 'notes.md'), path.join(dir, 'workspace', 'notes.md'));
    const client = await TestClient.shared();
    const report = await client.request<Report>('agentManifest/templateReport', { folder: folderUri(dir) });
    // Its text unknown, the README cannot pass.
    expect(report.files.flatMap((file) => codes(file.diagnostics))).toContain('template-readme-missing');
    for (const name of ['README.md', 'workspace/notes.md']) {
      await warned(client, `${path.join(dir, ...name.split('/'))} is not read: it has more than one hard link`);
    }
  });

  it('refuses what is not a folder URI, and says why a folder cannot be read', async () => {
    const client = await TestClient.shared();
    await expect(client.request('agentManifest/templateReport', { folder: 'untitled:x' })).rejects.toThrow(/file: URI/);
    await expect(client.request('agentManifest/templateReport', { folder: folderUri(path.join(workspace(), 'absent')) })).rejects.toThrow(/absent/);
  });
});
