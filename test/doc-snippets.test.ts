/**
 * Every code block of the README and docs/ says what it is to a reader who copies it (see
 * test/doc-snippets.ts): run by a test, to adapt (and the page says what to replace, where it
 * shows), or output to read. A `snippet` marker is true only if a test asks for that name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocksOf, docBlocks, ROOT, type DocBlock } from './doc-snippets.js';

const BLOCKS = docBlocks();
const where = (block: DocBlock) => `${block.page}:${block.line}`;

/** The test files' sources, but for this one: the names they ask `snippet()` for. */
function askedFor(): Map<string, string[]> {
  const asked = new Map<string, string[]>();
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.(?:ts|mts|js|mjs)$/.test(entry.name) && !file.endsWith(`${path.sep}doc-snippets.test.ts`)) {
        const source = fs.readFileSync(file, 'utf8');
        if (!/from '\.{1,2}\/(?:\.\.\/)*doc-snippets\.js'/.test(source)) continue;
        for (const [, name] of source.matchAll(/\bsnippet\('([^']+)'\)/g)) asked.set(name!, [...(asked.get(name!) ?? []), path.relative(ROOT, file)]);
      }
    }
  };
  visit(path.join(ROOT, 'test'));
  return asked;
}

/** Prose as it reads: emphasis marks gone, whitespace collapsed, case ignored. */
const shown = (text: string) => text.replace(/\*\*/g, '').replace(/\s+/g, ' ').toLowerCase();

describe('the code blocks of the README and docs/', () => {
  it('are found on every page, the generated rule pages aside', () => {
    expect(BLOCKS.length).toBeGreaterThan(30);
    expect(new Set(BLOCKS.map((block) => block.page))).toContain('README.md');
    expect(BLOCKS.some((block) => block.page.startsWith('docs/rules/'))).toBe(false);
  });

  it('each have a marker right above them: snippet, replace or output', () => {
    const unmarked = BLOCKS.filter((block) => block.markers.length === 0).map((block) => `${where(block)} (${block.code.split('\n')[0]})`);
    expect(unmarked, 'put <!-- snippet: NAME -->, <!-- replace: WHAT --> or <!-- output --> right above each').toEqual([]);
  });

  it('mark output alone, and name what a snippet is or what to replace', () => {
    for (const block of BLOCKS) {
      const kinds = block.markers.map((marker) => marker.kind);
      if (kinds.includes('output')) expect(kinds, where(block)).toEqual(['output']);
      expect(new Set(kinds).size, `${where(block)}: one marker of a kind`).toBe(kinds.length);
      for (const marker of block.markers) {
        if (marker.kind === 'snippet') expect(marker.name, where(block)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        if (marker.kind === 'replace') expect(marker.what.trim(), where(block)).not.toBe('');
      }
    }
  });

  it('give each snippet a name of its own, which a test asks for', () => {
    const names = BLOCKS.flatMap((block) => block.markers.flatMap((marker) => (marker.kind === 'snippet' ? [marker.name] : [])));
    expect(
      names.filter((name, index) => names.indexOf(name) !== index),
      'names used twice',
    ).toEqual([]);
    const asked = askedFor();
    expect(
      names.filter((name) => !asked.has(name)),
      "snippets no test runs (a test asks for each with snippet('NAME'))",
    ).toEqual([]);
    expect(
      [...asked.keys()].filter((name) => !names.includes(name)),
      'names tests ask for that no block has',
    ).toEqual([]);
  });

  it("say where they show what the user replaces: the replace marker's words are in the paragraph above or below", () => {
    const unsaid = BLOCKS.flatMap((block) =>
      block.markers.flatMap((marker) =>
        marker.kind === 'replace' && !shown(`${block.before}\n${block.after}`).includes(shown(marker.what)) ? [`${where(block)}: "${marker.what}"`] : [],
      ),
    );
    expect(unsaid).toEqual([]);
  });
});

describe('finding blocks and their markers', () => {
  const page = [
    'Run it, replacing `<dir>` with your folder:',
    '',
    '<!-- snippet: run-it -->',
    '<!-- replace: `<dir>` with your folder -->',
    '```sh',
    'manifest-lint <dir>',
    '```',
    '',
    '- In a list:',
    '',
    '  <!-- output -->',
    '  ~~~',
    '  printed',
    '  ```',
    '  still printed',
    '  ~~~',
    '',
    '<!-- snippet: far -->',
    '',
    '```json',
    '{}',
    '```',
    'After it.',
  ].join('\n');
  const [first, second, third] = blocksOf('page.md', page);

  it('reads the markers right above a fence, in order, and the paragraphs beside it', () => {
    expect(first).toMatchObject({ line: 5, language: 'sh', code: 'manifest-lint <dir>\n', before: 'Run it, replacing `<dir>` with your folder:' });
    expect(first!.markers).toEqual([
      { kind: 'snippet', name: 'run-it' },
      { kind: 'replace', what: '`<dir>` with your folder' },
    ]);
  });

  it('takes an indented fence of another kind whole, its indentation removed', () => {
    expect(second).toMatchObject({ language: '', code: 'printed\n```\nstill printed\n', markers: [{ kind: 'output' }] });
  });

  it('takes no marker across a blank line', () => {
    expect(third).toMatchObject({ code: '{}\n', markers: [], after: 'After it.' });
  });
});
