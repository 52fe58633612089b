/** The unified diff `--fix-dry-run` prints, computed by jsdiff and printed as GNU diff does. */
import { load as loadDiff } from './lazy/jsdiff.js';

const CONTEXT = 3;
/**
 * Past this many changed lines the diff is not searched for: the change is shown as the whole
 * text removed and added. The search takes time in the square of this bound (about 0.4 s at
 * 2,000 on one core), and a fix run changes a handful of lines.
 */
const MAX_EDIT_LENGTH = 2_000;
const NO_NEWLINE = '\\ No newline at end of file';

interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

/**
 * A unified diff (`--- a/<name>` / `+++ b/<name>`, hunks with 3 lines of context), or `''` when
 * the texts are equal. `mapLine` may rewrite each printed line (to mask secrets, say).
 */
export function unifiedDiff(before: string, after: string, name: string, mapLine: (line: string) => string = (line) => line): string {
  if (before === after) return '';
  const patch = loadDiff().structuredPatch(name, name, before, after, '', '', { context: CONTEXT, maxEditLength: MAX_EDIT_LENGTH });
  const hunks: Hunk[] = patch?.hunks ?? [wholeHunk(before, after)];
  let out = `--- a/${name}\n+++ b/${name}\n`;
  for (const hunk of hunks) {
    out += `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@\n`;
    for (const line of hunk.lines) out += line === NO_NEWLINE ? `${line}\n` : `${line[0]}${mapLine(line.slice(1))}\n`;
  }
  return out;
}

/** `start,count` as GNU diff writes it: one line is just its number; an empty side names the line before. */
function range(start: number, count: number): string {
  if (count === 0) return `${start - 1},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}

/** Every line of `before` removed and every line of `after` added, in one hunk. */
function wholeHunk(before: string, after: string): Hunk {
  const side = (text: string, mark: string): string[] => {
    if (text === '') return [];
    const lines = text.split('\n');
    const complete = lines.at(-1) === '';
    if (complete) lines.pop();
    const marked = lines.map((line) => `${mark}${line}`);
    return complete ? marked : [...marked, NO_NEWLINE];
  };
  const removed = side(before, '-');
  const added = side(after, '+');
  const count = (lines: string[]) => lines.filter((line) => line !== NO_NEWLINE).length;
  return { oldStart: 1, oldLines: count(removed), newStart: 1, newLines: count(added), lines: [...removed, ...added] };
}
