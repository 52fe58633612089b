/** A small line-based unified diff, enough for the changes `--fix` makes to a manifest. */

const CONTEXT = 3;
/** Above this many cells the middle part is shown as one replacement instead of an exact LCS. */
const MAX_LCS_CELLS = 9_000_000;

type Op = { kind: ' ' | '-' | '+'; line: string; eofNoNewline: boolean };

/** Splits text into lines, each with its line break; the last one may have none. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines: string[] = [];
  let start = 0;
  for (;;) {
    const next = text.indexOf('\n', start);
    if (next === -1) {
      if (start < text.length) lines.push(text.slice(start));
      return lines;
    }
    lines.push(text.slice(start, next + 1));
    start = next + 1;
  }
}

/**
 * The edit script turning `a` into `b`: common head and tail first, then an LCS table over the
 * rest when it is small enough, otherwise one block removed and one added.
 */
function editScript(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) {
    tail++;
  }
  const ops: Op[] = [];
  const push = (kind: Op['kind'], line: string, isLastOfSide: boolean): void => {
    ops.push({ kind, line, eofNoNewline: isLastOfSide && !line.endsWith('\n') });
  };
  for (let i = 0; i < head; i++) push(' ', a[i] as string, i === a.length - 1 || i === b.length - 1);

  const aMid = a.slice(head, a.length - tail);
  const bMid = b.slice(head, b.length - tail);
  const n = aMid.length;
  const m = bMid.length;
  const aLast = (i: number) => head + i === a.length - 1;
  const bLast = (j: number) => head + j === b.length - 1;

  if (n > 0 && m > 0 && (n + 1) * (m + 1) <= MAX_LCS_CELLS) {
    // lcs[i * (m + 1) + j] = length of the LCS of aMid[i..] and bMid[j..]
    const width = m + 1;
    const lcs = new Uint16Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * width + j] =
          aMid[i] === bMid[j]
            ? (lcs[(i + 1) * width + j + 1] as number) + 1
            : Math.max(lcs[(i + 1) * width + j] as number, lcs[i * width + j + 1] as number);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (aMid[i] === bMid[j]) {
        push(' ', aMid[i] as string, aLast(i) || bLast(j));
        i++;
        j++;
      } else if ((lcs[(i + 1) * width + j] as number) >= (lcs[i * width + j + 1] as number)) {
        push('-', aMid[i] as string, aLast(i));
        i++;
      } else {
        push('+', bMid[j] as string, bLast(j));
        j++;
      }
    }
    for (; i < n; i++) push('-', aMid[i] as string, aLast(i));
    for (; j < m; j++) push('+', bMid[j] as string, bLast(j));
  } else {
    aMid.forEach((line, i) => push('-', line, aLast(i)));
    bMid.forEach((line, j) => push('+', line, bLast(j)));
  }

  for (let k = 0; k < tail; k++) {
    const i = a.length - tail + k;
    const j = b.length - tail + k;
    push(' ', a[i] as string, i === a.length - 1 || j === b.length - 1);
  }
  return ops;
}

function hunkRange(start: number, count: number): string {
  // An empty side names the line before the change (0 at the top), as GNU diff does.
  if (count === 0) return `${start},0`;
  return count === 1 ? `${start + 1}` : `${start + 1},${count}`;
}

/**
 * A unified diff (`--- a/<name>` / `+++ b/<name>`, hunks with 3 lines of context), or `''` when
 * the texts are equal. `mapLine` may rewrite each printed line (to mask secrets, say).
 */
export function unifiedDiff(
  before: string,
  after: string,
  name: string,
  mapLine: (line: string) => string = (line) => line,
): string {
  if (before === after) return '';
  const ops = editScript(splitLines(before), splitLines(after));
  const changes: number[] = [];
  ops.forEach((op, index) => {
    if (op.kind !== ' ') changes.push(index);
  });
  if (changes.length === 0) return '';

  let out = `--- a/${name}\n+++ b/${name}\n`;
  // Line numbers (0-based) in each file at the start of every op.
  const aStartOf = new Int32Array(ops.length + 1);
  const bStartOf = new Int32Array(ops.length + 1);
  for (let k = 0; k < ops.length; k++) {
    const kind = (ops[k] as Op).kind;
    aStartOf[k + 1] = (aStartOf[k] as number) + (kind === '+' ? 0 : 1);
    bStartOf[k + 1] = (bStartOf[k] as number) + (kind === '-' ? 0 : 1);
  }

  let c = 0;
  while (c < changes.length) {
    const first = changes[c] as number;
    let last = first;
    // Join changes whose context would touch or overlap.
    while (c + 1 < changes.length && (changes[c + 1] as number) - last <= 2 * CONTEXT + 1) {
      c++;
      last = changes[c] as number;
    }
    c++;
    const from = Math.max(0, first - CONTEXT);
    const to = Math.min(ops.length, last + CONTEXT + 1);
    const aStart = aStartOf[from] as number;
    const bStart = bStartOf[from] as number;
    const aCount = (aStartOf[to] as number) - aStart;
    const bCount = (bStartOf[to] as number) - bStart;
    out += `@@ -${hunkRange(aStart, aCount)} +${hunkRange(bStart, bCount)} @@\n`;
    for (let k = from; k < to; k++) {
      const op = ops[k] as Op;
      const text = op.line.endsWith('\n') ? op.line.slice(0, -1) : op.line;
      out += `${op.kind}${mapLine(text)}\n`;
      if (op.eofNoNewline) out += '\\ No newline at end of file\n';
    }
  }
  return out;
}
