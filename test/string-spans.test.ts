import { describe, expect, it } from 'vitest';
import { spanInString } from '../rules/analyzers/string-spans.js';
import { parseDocument, nodeAt } from '../rules/framework/document.js';

/** The written text `spanInString` gives for `value.slice(start, end)` of the string at `/name`. */
function writtenPart(json: string, start: number, end: number): string {
  const doc = parseDocument(json);
  const span = spanInString(doc, nodeAt(doc.root, ['name'])!, start, end);
  return json.slice(span.start, span.end);
}

describe('spanInString', () => {
  it('maps a part of a plain string one to one', () => {
    expect(writtenPart('{"name": "web/search"}', 4, 10)).toBe('search');
  });

  it('covers the escapes a part is written with', () => {
    // The value is `a<TAB>b\c`: the tab and the backslash are each one character written as two.
    expect(writtenPart('{"name": "a\\tb\\\\c"}', 1, 2)).toBe('\\t');
    expect(writtenPart('{"name": "a\\tb\\\\c"}', 3, 5)).toBe('\\\\c');
    expect(writtenPart('{"name": "x\\u0007y"}', 1, 2)).toBe('\\u0007');
  });

  it('gives the whole string when the written text does not read back as the value', () => {
    // A zero-width space shows as nothing, and a reading leaves it out.
    expect(writtenPart('{"name": "a\u200bb"}', 2, 3)).toBe('"a\u200bb"');
  });
});
