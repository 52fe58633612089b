import type { Position } from './types.js';

/** Converts between string offsets and LSP positions (0-based lines, UTF-16 characters). */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  /** Offset of the first character of every line; computed on first use, since a clean manifest never needs it. */
  private get lineStarts(): number[] {
    return (this.starts ??= this.computeLineStarts());
  }

  private computeLineStarts(): number[] {
    // `indexOf` runs natively: a 50 MB text is read in a fraction of a character loop's time.
    const starts = [0];
    const { text } = this;
    let lf = text.indexOf('\n');
    let cr = text.indexOf('\r');
    while (lf !== -1 || cr !== -1) {
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        const next = lf === cr + 1 ? cr + 2 : cr + 1;
        starts.push(next);
        if (lf === cr + 1) lf = text.indexOf('\n', next);
        cr = text.indexOf('\r', next);
      } else {
        starts.push(lf + 1);
        lf = text.indexOf('\n', lf + 1);
      }
    }
    return starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.lineStarts[low]! };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line]!;
    const end = this.lineEnd(position.line);
    return Math.min(start + Math.max(0, position.character), end);
  }

  /** Offset just past the last character of a line, before its line break. */
  lineEnd(line: number): number {
    const next = this.lineStarts[line + 1];
    if (next === undefined) return this.text.length;
    let end = next;
    if (end > 0 && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > 0 && this.text.charCodeAt(end - 1) === 13) end--;
    return Math.max(end, this.lineStarts[line]!);
  }

  lineText(line: number): string {
    return this.text.slice(this.lineStarts[line] ?? this.text.length, this.lineEnd(line));
  }
}
