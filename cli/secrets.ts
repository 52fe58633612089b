import { maskSecret, type Diagnostic, type LineIndex, type Range } from '../rules/index.js';

/** How many characters of a secret code frames may show before the ellipsis. */
export const SHOWN_PREFIX = 4;

/** Offsets of a secret range's content, without the quotes of a JSON string. */
export function secretSpan(text: string, lines: LineIndex, range: Range): [number, number] {
  let start = lines.offsetAt(range.start);
  let end = lines.offsetAt(range.end);
  if (end - start >= 2 && text[start] === '"' && text[end - 1] === '"') {
    start += 1;
    end -= 1;
  }
  return [start, end];
}

/**
 * The secret strings of a text, raw and (when they hold JSON escapes) decoded, longest first.
 * Strings shorter than the shown prefix have nothing to hide and are left out.
 */
export function secretStrings(text: string, lines: LineIndex, ranges: readonly Range[]): string[] {
  const found = new Set<string>();
  for (const range of ranges) {
    const [start, end] = secretSpan(text, lines, range);
    const raw = text.slice(start, end);
    if (raw.length > SHOWN_PREFIX) found.add(raw);
    if (raw.includes('\\')) {
      try {
        const decoded: unknown = JSON.parse(`"${raw}"`);
        if (typeof decoded === 'string' && decoded.length > SHOWN_PREFIX) found.add(decoded);
      } catch {
        // not a valid JSON string body: the raw form is all there is
      }
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of a secret in `value` by its masked form. */
export function redact(value: string, secrets: readonly string[]): string {
  let result = value;
  for (const secret of secrets) {
    if (result.includes(secret)) result = result.split(secret).join(maskSecret(secret));
  }
  return result;
}

/** A copy of a finding with secrets masked in its message and fixes. */
export function redactDiagnostic(diagnostic: Diagnostic, secrets: readonly string[]): Diagnostic {
  if (secrets.length === 0) return diagnostic;
  const copy: Diagnostic = { ...diagnostic, message: redact(diagnostic.message, secrets) };
  if (diagnostic.fixes) {
    copy.fixes = diagnostic.fixes.map((fix) => ({
      title: redact(fix.title, secrets),
      edits: fix.edits.map((edit) => ({ range: edit.range, newText: redact(edit.newText, secrets) })),
    }));
  }
  return copy;
}
