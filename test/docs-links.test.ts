/**
 * The documentation's links between its own pages: each relative link names a file of the
 * repository, and each `#anchor` a heading of the page it points to (as GitHub makes anchors of
 * headings). The README is a landing page whose reference lives in docs/, so a moved section
 * must not leave a dead link behind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const PAGES = [
  'README.md',
  'ARCHITECTURE.md',
  'CHANGELOG.md',
  'action/README.md',
  'client/README.md',
  'bench/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** A page's text without its code blocks and code spans, where `](…)` is not a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchors GitHub gives a page's headings. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    anchors.add(
      heading!
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    );
  }
  return anchors;
}

describe('links between the pages', () => {
  it.each(PAGES)('%s', (page) => {
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    const dead: string[] = [];
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(?:[a-z]+:|#$)/.test(target!)) continue;
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = file === '' ? path.join(ROOT, page) : path.resolve(path.dirname(path.join(ROOT, page)), decodeURIComponent(file));
      if (!existsSync(resolved)) dead.push(`${target} (no such file)`);
      else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor))
        dead.push(`${target} (no such heading)`);
    }
    expect(dead).toEqual([]);
  });
});
