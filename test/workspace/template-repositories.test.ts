/**
 * The template repositories of the workspace layer: each repository's facts read once and kept
 * until a file in it changes (outside `.git` and `node_modules`), and each file not read, or
 * repository skipped, told once across lookups.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TemplateRepositories } from '../../workspace/template-repositories.js';
import { workspace } from '../workspace.js';

describe('the template repositories of a workspace', () => {
  it("keep a repository's facts until a file in it changes", async () => {
    const root = workspace({ 'README.md': '# Notes\n', 'workspace/notes.md': 'x\n', 'node_modules/pkg/index.js': '' });
    const repositories = new TemplateRepositories(() => undefined);
    const facts = await repositories.facts(root);
    expect(facts?.folders).toContain('workspace');
    expect(await repositories.facts(root)).toBe(facts);
    const generation = repositories.generation;

    const outside = workspace();
    expect(repositories.changed([path.join(outside, 'README.md'), path.join(root, '.git/index'), path.join(root, 'node_modules/pkg/index.js'), root])).toBe(
      false,
    );
    expect(repositories.generation).toBe(generation);
    expect(await repositories.facts(root)).toBe(facts);

    fs.writeFileSync(path.join(root, 'workspace/more.md'), 'y\n');
    expect(repositories.changed([path.join(root, 'workspace/more.md')])).toBe(true);
    expect(repositories.generation).toBe(generation + 1);
    const again = await repositories.facts(root);
    expect(again).not.toBe(facts);
    expect(again?.files.map((file) => file.path)).toContain('workspace/more.md');

    repositories.invalidate();
    expect(repositories.generation).toBe(generation + 2);
    expect(await repositories.facts(root)).not.toBe(again);
  });

  it('tell a file not read once across lookups, and a repository that cannot be read', async () => {
    const root = workspace({ 'README.md': '# Notes\n', 'outside.md': 'elsewhere\n' });
    fs.linkSync(path.join(root, 'outside.md'), path.join(root, '.env'));
    const warnings: string[] = [];
    const repositories = new TemplateRepositories((message) => warnings.push(message));
    await repositories.facts(root);
    repositories.invalidate();
    await repositories.facts(root);
    const hardLinked = 'it has more than one hard link, so it may be a copy of a file outside the repository';
    expect(warnings).toEqual([
      `Template checks do not read ${path.join(root, '.env')}: ${hardLinked}.`,
      `Template checks do not read ${path.join(root, 'outside.md')}: ${hardLinked}.`,
    ]);

    const missing = path.join(root, 'gone');
    expect(await repositories.facts(missing)).toBeUndefined();
    expect(warnings.at(-1)).toBe(`Template checks skip ${missing}: cannot read ${missing}: no such file or folder.`);
  });
});
