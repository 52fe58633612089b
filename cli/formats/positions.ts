import type { Range } from '../../rules/index.js';

/** A range as the machine formats count: 1-based lines and columns (UTF-16 code units), exclusive ends. */
export function positions(range: Range): { line: number; column: number; endLine: number; endColumn: number } {
  return {
    line: range.start.line + 1,
    column: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}
