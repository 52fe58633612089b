import type { Range } from '../../rules/index.js';

/** Where a range is, as the machine formats count: 1-based lines and columns (UTF-16 code units), exclusive ends. */
export interface Positions {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A range as the machine formats count it. */
export function positions(range: Range): Positions {
  return {
    line: range.start.line + 1,
    column: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}

/** The range the machine formats' positions stand for: `positions` read back. */
export function rangeOf(at: Positions): Range {
  return { start: { line: at.line - 1, character: at.column - 1 }, end: { line: at.endLine - 1, character: at.endColumn - 1 } };
}
