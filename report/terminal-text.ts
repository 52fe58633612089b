/** Helpers for text shown on a terminal: no control sequences from the input, and column widths. */
import { eastAsianWidth } from 'get-east-asian-width';

/**
 * A visible stand-in for a code point a terminal would interpret: C0 controls become their
 * control pictures, DEL `␡`, C1 controls, bidirectional overrides and line separators `�`.
 * Returns undefined for a code point that is safe to print as it is.
 */
export function visibleControl(cp: number): string | undefined {
  if (cp < 0x20) return String.fromCharCode(0x2400 + cp);
  if (cp === 0x7f) return '\u2421';
  if (cp >= 0x80 && cp <= 0x9f) return '\ufffd';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return '\ufffd';
  if (cp === 0x2028 || cp === 0x2029) return '\ufffd';
  if (cp >= 0xd800 && cp <= 0xdfff) return '\ufffd';
  return undefined;
}

/** One line, whatever the original message held. */
export function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]|\p{Cs}/u;

/** Makes a one-line message safe to print: newlines become spaces, other controls visible. */
export function safeLine(text: string): string {
  if (!UNSAFE.test(text)) return text;
  let out = '';
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    if (cp === 0x0a || cp === 0x0d || cp === 0x09) out += ' ';
    else out += visibleControl(cp) ?? char;
  }
  return out;
}

/**
 * Terminal columns a code point takes: 0 for combining marks, joiners, variation selectors and
 * skin-tone modifiers (they change the character before), otherwise what Unicode's East Asian
 * Width says (2 for wide and fullwidth characters, emoji included), as terminals draw them.
 */
export function charWidth(cp: number): number {
  if (
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  ) {
    return 0;
  }
  return eastAsianWidth(cp);
}
