import { applyIgnores, type IgnoreEntry } from './config.js';
import { applyOffsetEdits } from './json-edits.js';
import { LineIndex } from './line-index.js';
import type { EngineLintOptions, EngineLintResult } from './options.js';
import type { OffsetEdit } from './rule.js';
import type { Diagnostic } from './types.js';

export interface FixTextResult {
  output: string;
  /** How many findings were fixed, over all passes. */
  fixCount: number;
  /** What is left to do after the fixes applied (`Fix.afterwards`), each once, in order. */
  afterwards: string[];
}

/** Fixing one finding can reveal or move another; ESLint settles on the same bound. */
const MAX_PASSES = 10;

/**
 * Applies every fix that a finding offers alone (alternatives are left to the editor), pass after
 * pass until nothing changes. Fixes whose edits overlap one already taken wait for the next pass.
 * Findings that `ignore` entries silence are left alone.
 */
export function fixTextWith(
  lint: (text: string, options: EngineLintOptions) => EngineLintResult,
  text: string,
  options: EngineLintOptions = {},
  ignore: readonly IgnoreEntry[] = [],
): FixTextResult {
  let output = text;
  let fixCount = 0;
  const afterwards = new Set<string>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { kept } = applyIgnores(lint(output, options).diagnostics, ignore);
    const { text: next, applied } = applyOnePass(output, kept, afterwards);
    if (applied === 0) break;
    output = next;
    fixCount += applied;
  }
  return { output, fixCount, afterwards: [...afterwards] };
}

function applyOnePass(text: string, diagnostics: Diagnostic[], afterwards: Set<string>): { text: string; applied: number } {
  const lines = new LineIndex(text);
  const taken: OffsetEdit[] = [];
  let applied = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.fixes?.length !== 1) continue;
    const replacements = diagnostic.fixes[0]!.edits.map((edit) => ({
      start: lines.offsetAt(edit.range.start),
      end: lines.offsetAt(edit.range.end),
      newText: edit.newText,
    }));
    if (replacements.some((r) => taken.some((t) => overlaps(r, t)))) continue;
    taken.push(...replacements);
    if (diagnostic.fixes[0]!.afterwards) afterwards.add(diagnostic.fixes[0]!.afterwards);
    applied++;
  }
  return { text: applyOffsetEdits(text, taken), applied };
}

/**
 * Two edits conflict when their ranges intersect, when they start at the same point, or when an
 * insertion touches the other edit: the order of the result would be ambiguous.
 */
function overlaps(a: OffsetEdit, b: OffsetEdit): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  if (a.start === b.start) return true;
  const insertion = a.start === a.end || b.start === b.end;
  return insertion && (a.start === b.end || b.start === a.end);
}
