/**
 * The fenced code blocks of the user-facing pages (README.md, RELEASING.md, docs/*.md; the
 * generated docs/rules/ aside) and the marker comment right above each, which says what the block
 * is to a reader who copies it:
 *
 * - `<!-- snippet: NAME -->` — a test runs it as written (a URL or a path substituted at most,
 *   as the page says next to it), asking for it by name through `snippet()` below;
 * - `<!-- replace: WHAT -->` — the user adapts it: WHAT says what to replace, and the page's prose
 *   beside the block says the same where it shows (a comment alone is invisible on GitHub);
 * - `<!-- output -->` — what a command printed, or a synopsis: to read, not to copy.
 *
 * A block may carry a `snippet` and a `replace` marker at once: run by a test with the
 * replacement the marker names. test/doc-snippets.test.ts requires a marker on every block.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export type Marker = { kind: 'snippet'; name: string } | { kind: 'replace'; what: string } | { kind: 'output' };

export interface DocBlock {
  /** The page, relative to the repository's root, with forward slashes. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info string (`sh`, `json`…), empty for a bare fence. */
  language: string;
  /** The block's text, its fence's indentation removed, ending with a newline. */
  code: string;
  markers: Marker[];
  /** The paragraph above the markers and the one below the closing fence, as shown. */
  before: string;
  after: string;
}

/** The pages whose blocks a reader copies from; a page added under docs/ is included by itself. */
export function snippetPages(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', 'RELEASING.md', ...docs].filter((page) => fs.existsSync(path.join(ROOT, page)));
}

const FENCE = /^( {0,12})(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const MARKER = /^\s*<!-- (snippet|replace|output)(?:: (.*?))? -->\s*$/;

/** The paragraph next to line `from` of `lines`: the one above it (`step` -1) or below it (1), blank lines skipped. */
function paragraph(lines: string[], from: number, step: 1 | -1): string {
  let at = from;
  while (at >= 0 && at < lines.length && lines[at]!.trim() === '') at += step;
  const taken: string[] = [];
  while (at >= 0 && at < lines.length && lines[at]!.trim() !== '' && !FENCE.test(lines[at]!)) {
    taken.push(lines[at]!);
    at += step;
  }
  return (step === 1 ? taken : taken.reverse()).join('\n');
}

export function blocksOf(page: string, text: string): DocBlock[] {
  const lines = text.split('\n');
  const blocks: DocBlock[] = [];
  for (let at = 0; at < lines.length; at++) {
    const open = FENCE.exec(lines[at]!);
    if (!open) continue;
    const [, indent, fence] = open;
    let end = at + 1;
    while (end < lines.length && !new RegExp(`^ {0,${indent!.length + 3}}${fence![0]}{${fence!.length},}\\s*$`).test(lines[end]!)) end++;
    const markers: Marker[] = [];
    let above = at - 1;
    for (let match; above >= 0 && (match = MARKER.exec(lines[above]!)); above--) {
      const [, kind, value = ''] = match;
      markers.unshift(kind === 'output' ? { kind } : kind === 'snippet' ? { kind, name: value } : { kind: 'replace', what: value });
    }
    blocks.push({
      page,
      line: at + 1,
      language: open[3]!,
      code: lines
        .slice(at + 1, end)
        .map((line) => line.slice(Math.min(indent!.length, line.length - line.trimStart().length)))
        .join('\n')
        .concat('\n'),
      markers,
      before: paragraph(lines, above, -1),
      after: paragraph(lines, end + 1, 1),
    });
    at = end;
  }
  return blocks;
}

/** Every block of every page, in page order. */
export function docBlocks(): DocBlock[] {
  return snippetPages().flatMap((page) => blocksOf(page, fs.readFileSync(path.join(ROOT, page), 'utf8')));
}

/** The block marked `<!-- snippet: NAME -->`; there must be exactly one. */
export function snippet(name: string): DocBlock {
  const found = docBlocks().filter((block) => block.markers.some((marker) => marker.kind === 'snippet' && marker.name === name));
  if (found.length !== 1) throw new Error(`${found.length} blocks are marked <!-- snippet: ${name} --> (one expected)`);
  return found[0]!;
}
