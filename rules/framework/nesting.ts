/**
 * How deep a text nests, read as jsonc-parser's scanner reads it, in one pass over its characters
 * (a tokenising pass cost a large document a third of its parse): brackets inside strings and
 * comments do not count; a string ends at its closing quote or at a line break (a backslash
 * takes the character after it, whatever it is), a `//` comment at a line break, a block comment
 * where it closes or at the text's end.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** The offset of the first opening bracket nested deeper than `limit`, or undefined when none is. */
export function firstBracketDeeperThan(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) i = stringEnd(text, i + 1);
    else if (code === SLASH) i = commentEnd(text, i);
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return i;
    } else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && depth > 0) depth--;
  }
  return undefined;
}

/** The offset of a string's last character: its closing quote, or the one before a line break. */
function stringEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) return i;
    if (code === BACKSLASH) i++;
    else if (code === LINE_FEED || code === CARRIAGE_RETURN) return i - 1;
  }
  return text.length;
}

/** The offset of a comment's last character, or `at` when the slash there opens none. */
function commentEnd(text: string, at: number): number {
  const next = text.charCodeAt(at + 1);
  if (next === SLASH) {
    for (let i = at + 2; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === LINE_FEED || code === CARRIAGE_RETURN) return i - 1;
    }
    return text.length;
  }
  if (next === STAR) {
    const end = text.indexOf('*/', at + 2);
    return end === -1 ? text.length : end + 1;
  }
  return at;
}
