import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../report/code-frame.js';
import { painter } from '../../report/color.js';
import { unifiedDiff } from '../../cli/diff.js';
import { escapeData, escapeProperty } from '../../report/formats/github.js';
import type { FileReport } from '../../report/report.js';
import { maskFor, maskSecret, parseDocument } from '../../rules/index.js';
import { safeLine } from '../../report/terminal-text.js';
import { LineIndex } from '../../rules/index.js';
import { forbiddenRuns, leakIn } from '../security/leaks.js';
import { telegramToken } from './helpers.js';

/** Applies a unified diff produced by `unifiedDiff` to `before` (a minimal patch(1)). */
function applyDiff(before: string, diff: string): string {
  const source = before.split(/(?<=\n)/);
  const out: string[] = [];
  let cursor = 0;
  const lines = diff.split('\n');
  lines.pop(); // trailing newline
  let i = 2;
  while (i < lines.length) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(lines[i] as string);
    if (!header) throw new Error(`bad hunk header ${lines[i]}`);
    const count = header[2] === undefined ? 1 : Number(header[2]);
    const start = count === 0 ? Number(header[1]) : Number(header[1]) - 1;
    while (cursor < start) out.push(source[cursor++] as string);
    i++;
    while (i < lines.length && !(lines[i] as string).startsWith('@@')) {
      const line = lines[i] as string;
      const noNewline = lines[i + 1] === '\\ No newline at end of file';
      const text = line.slice(1) + (noNewline ? '' : '\n');
      if (line[0] === ' ') {
        expect(source[cursor]).toBe(text);
        out.push(text);
        cursor++;
      } else if (line[0] === '-') {
        expect(source[cursor]).toBe(text);
        cursor++;
      } else if (line[0] === '+') {
        out.push(text);
      } else {
        throw new Error(`bad diff line ${line}`);
      }
      i += noNewline ? 2 : 1;
    }
  }
  while (cursor < source.length) out.push(source[cursor++] as string);
  return out.join('');
}

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\n', 'a\n', 'f')).toBe('');
  });

  it('prints hunks with three lines of context and joins close changes', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}\n`).join('');
    const after = before.replace('line 5\n', 'five\n').replace('line 9\n', 'nine\n').replace('line 19\n', '');
    expect(unifiedDiff(before, after, 'm.json')).toBe(
      [
        '--- a/m.json',
        '+++ b/m.json',
        '@@ -2,11 +2,11 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+five',
        ' line 6',
        ' line 7',
        ' line 8',
        '-line 9',
        '+nine',
        ' line 10',
        ' line 11',
        ' line 12',
        '@@ -16,5 +16,4 @@',
        ' line 16',
        ' line 17',
        ' line 18',
        '-line 19',
        ' line 20',
        '',
      ].join('\n'),
    );
  });

  it('marks a missing newline at the end of a file', () => {
    expect(unifiedDiff('a', 'b', 'f')).toBe('--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n');
    expect(unifiedDiff('', 'x\n', 'f')).toBe('--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+x\n');
  });

  it('round-trips: applying the diff gives the new text', () => {
    const line = fc.constantFrom('a', 'b', 'c', '{', '}', '  "x": 1,', '');
    const text = fc
      .array(line, { maxLength: 30 })
      .chain((lines) => fc.boolean().map((newline) => lines.join('\n') + (newline && lines.length > 0 ? '\n' : '')));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const diff = unifiedDiff(before, after, 'f');
        expect(diff === '' ? before : applyDiff(before, diff)).toBe(after);
      }),
      { numRuns: 300 },
    );
  });

  // Every other line changed: `lines` removed and added in all, half of them kept in between.
  const alternating = (lines: number) => ({
    before: Array.from({ length: lines }, (_, i) => `a${i}\n`).join(''),
    after: Array.from({ length: lines }, (_, i) => (i % 2 === 0 ? `a${i}\n` : `b${i}\n`)).join(''),
  });
  const marked = (diff: string, mark: string) => diff.split('\n').filter((line) => line.startsWith(mark) && !line.startsWith(`${mark}${mark}${mark} `)).length;

  it('finds the smallest diff of many changes', () => {
    const { before, after } = alternating(1000);
    const diff = unifiedDiff(before, after, 'f');
    expect([marked(diff, '-'), marked(diff, '+')]).toEqual([500, 500]);
    expect(applyDiff(before, diff)).toBe(after);
  });

  it('falls back to one replacement block past 2,000 changed lines, still correct', () => {
    const { before, after } = alternating(5000);
    const diff = unifiedDiff(before, after, 'f');
    expect([marked(diff, '-'), marked(diff, '+')]).toEqual([5000, 5000]);
    // One block, every removed line before every added one: no line-by-line comparison was made.
    expect(diff.match(/^@@ /gm)).toHaveLength(1);
    const changed = diff.split('\n').filter((line) => /^[-+](?![-+]{2} )/.test(line));
    expect(changed.findIndex((line) => line.startsWith('+'))).toBe(5000);
    expect(applyDiff(before, diff)).toBe(after);
  });

  it('maps printed lines (to mask secrets)', () => {
    expect(unifiedDiff('secret\n', 'other\n', 'f', (l) => l.toUpperCase())).toContain('-SECRET\n+OTHER\n');
  });
});

describe('github escaping', () => {
  it('escapes %, CR and LF in data, and also , and : in properties', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a,b:c%d\n')).toBe('a%2Cb%3Ac%25d%0A');
  });
});

describe('terminal text', () => {
  it('makes control characters visible and keeps lines whole', () => {
    expect(safeLine('a\u001b[31mb\nc\u0000\u202e')).toBe('a\u241b[31mb c\u2400\ufffd');
    expect(safeLine('plain `text` ✓')).toBe('plain `text` ✓');
  });
});

describe('code frames', () => {
  const report = (text: string): FileReport => ({
    filePath: 'm.json',
    text,
    lines: new LineIndex(text),
    diagnostics: [],
    mask: maskFor(parseDocument(text)),
  });
  const paint = painter(false);
  const plain = (s: string) => s;

  it('underlines the range with ^~~~', () => {
    const frame = codeFrame(report('{\n  "port": 18789\n}\n'), { start: { line: 1, character: 10 }, end: { line: 1, character: 15 } }, paint, plain);
    expect(frame).toEqual(['    2 |   "port": 18789', '      |           ^~~~~']);
  });

  it('masks secrets, keeping at most 4 characters, wherever they appear on shown lines', () => {
    const token = 'xoxb-1111-2222-abcdefgh';
    const text = `{"botToken": "${token}", "note": "${token}", "bad": 1}`;
    const bad = text.indexOf('"bad"');
    const frame = codeFrame(report(text), { start: { line: 0, character: bad }, end: { line: 0, character: bad + 5 } }, paint, plain);
    expect(frame.join('\n')).not.toContain('1111');
    expect(frame[0]).toBe(`    1 | {"botToken": "${maskSecret(token)}", "note": "${maskSecret(token)}", "bad": 1}`);
    // the underline still points at "bad" after masking shortened the line
    const shown = frame[0] as string;
    expect((frame[1] as string).indexOf('^')).toBe(shown.indexOf('"bad"'));
  });

  it('masks secrets crossing the window of a long line, however long they are', () => {
    // The window opens 40 columns before the finding: inside each secret, which runs up to it.
    // The second is longer than what the frame reads beyond the window.
    for (const secret of [telegramToken(), ['sk-', 'Qm7vT2xR9pL4wZ8k'.repeat(200)].join('')]) {
      const text = `{"agent": {"description": "${'x'.repeat(5000)} ${secret}", "nmea": 1, "vibe": "${'y'.repeat(500)}"}}`;
      const at = text.indexOf('"nmea"');
      const frame = codeFrame(report(text), { start: { line: 0, character: at }, end: { line: 0, character: at + 6 } }, paint, plain).join('\n');
      expect(frame).toContain('"nmea"');
      expect(leakIn(frame, forbiddenRuns(secret)), secret.slice(0, 4)).toBeUndefined();
    }
  });

  it('masks a short secret the window cuts, reading the line beyond the window', () => {
    // An 8-character key shows its first 4: the other 4 are found only with the words before it.
    const secret = 'Zk93hQ2m';
    // 33 characters between the key and the finding: the window, opening 40 columns before the
    // finding, starts right after the part of the key the mask may show.
    const text = `{"agent": {"description": "${'x'.repeat(5000)}", "apiKey": "${secret}", ${'"k": 0, '.repeat(4)} "nmea": 1, "vibe": "${'y'.repeat(500)}"}}`;
    const at = text.indexOf('"nmea"');
    expect(at - 40).toBe(text.indexOf(secret) + 4);
    const frame = codeFrame(report(text), { start: { line: 0, character: at }, end: { line: 0, character: at + 6 } }, paint, plain).join('\n');
    expect(frame).toContain('"nmea"');
    expect(frame).not.toContain(secret.slice(4));
  });

  it('shows at most three lines of a long range', () => {
    const text = '[\n1,\n2,\n3,\n4,\n5\n]';
    const frame = codeFrame(report(text), { start: { line: 1, character: 0 }, end: { line: 5, character: 1 } }, paint, plain);
    expect(frame.filter((l) => /^\s+\d+ \|/.test(l))).toHaveLength(3);
    expect(frame.at(-1)).toContain('2 more lines');
  });

  it('aligns the underline after wide characters and tabs', () => {
    const text = '{\t"名前": 1, "x": 2}';
    const x = text.indexOf('"x"');
    const frame = codeFrame(report(text), { start: { line: 0, character: x }, end: { line: 0, character: x + 3 } }, paint, plain);
    // "{" 1 + tab 2 + '"' 1 + 名前 4 + '": 1, ' 6 = 14 columns before "x"
    expect((frame[1] as string).slice('      | '.length)).toBe(`${' '.repeat(14)}^~~`);
  });
});
