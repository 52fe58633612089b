import type { Range, SecretSpan } from '../rules/index.js';
import type { Painter } from './color.js';
import type { FileReport } from './report.js';
import { charWidth, visibleControl } from './terminal-text.js';

/** Lines of a multi-line range shown before the rest is elided. */
const MAX_FRAME_LINES = 3;
/** Code units of a long line shown around the range. */
const WINDOW = 160;
const WINDOW_LEAD = 40;

/** A hidden part of a line (a secret's shown characters stay outside it), drawn as one ellipsis. */
type Mask = SecretSpan;

/**
 * The source lines a range covers, with a `^~~~` underline of the range. Long lines are cut to a
 * window around the range, control characters made visible, and secrets masked (at most their
 * first characters, then `…`).
 */
export function codeFrame(report: FileReport, range: Range, paint: Painter, mark: (text: string) => string): string[] {
  const { text, lines } = report;
  const first = range.start.line;
  let last = range.end.line;
  if (last > first && range.end.character === 0) last -= 1;
  const shownLast = Math.min(last, first + MAX_FRAME_LINES - 1);
  const gutterWidth = String(shownLast + 1).length;
  const out: string[] = [];

  for (let line = first; line <= shownLast; line++) {
    const lineStart = lines.offsetAt({ line, character: 0 });
    const lineText = stripEol(text.slice(lineStart, lines.offsetAt({ line: line + 1, character: 0 })));
    const from = line === first ? Math.min(range.start.character, lineText.length) : firstNonBlank(lineText);
    const to = line === range.end.line ? Math.min(range.end.character, lineText.length) : lineText.length;
    const window = windowOf(lineText, Math.max(from, 0));
    const masks = masksFor(report, lineText, window);
    const rendered = renderLine(lineText, Math.max(from, 0), Math.max(to, from), masks, window);

    const number = String(line + 1).padStart(gutterWidth);
    out.push(`    ${paint.gray(`${number} |`)} ${rendered.text}`);
    const caret = line === first;
    const width = rendered.underlineEnd - rendered.underlineStart;
    if (caret || width > 0) {
      const underline = (caret ? '^' : '~') + '~'.repeat(Math.max(0, width - (caret ? 1 : 0)));
      out.push(`    ${paint.gray(`${' '.repeat(gutterWidth)} |`)} ${' '.repeat(rendered.underlineStart)}${mark(underline)}`);
    }
  }
  if (shownLast < last) {
    const more = last - shownLast;
    out.push(`    ${paint.gray(`${' '.repeat(gutterWidth)} |`)} ${paint.gray(`… ${more} more line${more === 1 ? '' : 's'}`)}`);
  }
  return out;
}

function stripEol(line: string): string {
  if (line.endsWith('\r\n')) return line.slice(0, -2);
  if (line.endsWith('\n') || line.endsWith('\r')) return line.slice(0, -1);
  return line;
}

function firstNonBlank(line: string): number {
  const match = /\S/.exec(line);
  return match ? match.index : 0;
}

type Window = [start: number, end: number];

/** The part of a line shown: all of it, or a window around column `from` when it is long. */
function windowOf(line: string, from: number): Window {
  if (line.length <= WINDOW) return [0, line.length];
  let start = Math.max(0, from - WINDOW_LEAD);
  const end = Math.min(line.length, start + WINDOW);
  start = Math.max(0, Math.min(start, end - WINDOW));
  if (start > 0 && isLowSurrogate(line.charCodeAt(start))) start -= 1;
  return [start, end];
}

/**
 * Code units on each side of the window that the mask reads too, so that a secret crossing the
 * window's edge is seen whole. A longer one is still hidden where it shows: the run's mask has
 * learned every secret of the file's text, and hides any run of its hidden part.
 */
const MASK_MARGIN = 1024;

/**
 * The hidden parts of secrets (see `SecretMask`) in the shown window of a line and its margins:
 * not the whole line, which in a minified or oversized file is the whole file, framed many times.
 */
function masksFor(report: FileReport, lineText: string, [windowStart, windowEnd]: Window): Mask[] {
  const from = Math.max(0, windowStart - MASK_MARGIN);
  const read = lineText.slice(from, Math.min(lineText.length, windowEnd + MASK_MARGIN));
  return report.mask.hiddenSpans(read).map((span) => ({ start: from + span.start, end: from + span.end }));
}

interface RenderedLine {
  text: string;
  underlineStart: number;
  underlineEnd: number;
}

function renderLine(line: string, from: number, to: number, masks: Mask[], window: Window): RenderedLine {
  const [windowStart, windowEnd] = window;

  let text = '';
  let width = 0;
  if (windowStart > 0) {
    text += '…';
    width += 1;
  }
  // Display column of each code unit in the window (and of the window's end).
  const columns = new Int32Array(windowEnd - windowStart + 1);
  let maskIndex = 0;
  let i = windowStart;
  while (i < windowEnd) {
    while (maskIndex < masks.length && (masks[maskIndex] as Mask).end <= i) maskIndex++;
    const mask = masks[maskIndex];
    if (mask && i >= mask.start) {
      const stop = Math.min(mask.end, windowEnd);
      for (let j = i; j < stop; j++) columns[j - windowStart] = width;
      text += '…';
      width += 1;
      i = stop;
      continue;
    }
    const cp = line.codePointAt(i) as number;
    const size = cp > 0xffff ? 2 : 1;
    columns[i - windowStart] = width;
    if (size === 2 && i + 1 < windowEnd) columns[i + 1 - windowStart] = width;
    if (cp === 0x09) {
      text += '  ';
      width += 2;
    } else {
      const control = visibleControl(cp);
      if (control !== undefined) {
        text += control;
        width += 1;
      } else {
        text += String.fromCodePoint(cp);
        width += charWidth(cp);
      }
    }
    i += size;
  }
  columns[windowEnd - windowStart] = width;
  if (windowEnd < line.length) text += '…';

  const column = (offset: number): number => {
    if (offset <= windowStart) return windowStart > 0 ? 1 : 0;
    if (offset >= windowEnd) return width + (windowEnd < line.length && offset > windowEnd ? 1 : 0);
    return columns[offset - windowStart] as number;
  };
  const underlineStart = column(from);
  const underlineEnd = Math.max(underlineStart, column(to));
  return { text, underlineStart, underlineEnd };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
