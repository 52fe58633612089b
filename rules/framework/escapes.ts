/**
 * Texts that write characters as escapes — JSON's `\u0078`, HTML's `&#105;` and `&lowbar;`,
 * Markdown's `\_` — read as a parser or a person reads them, with where each character read was
 * written: what is found in the reading can then be hidden where it was written.
 */

/** A text as read, and where each of its characters was written. */
export interface Reading {
  text: string;
  /**
   * `written[i]`: the offset in the written text of the escape (or character) read as `text[i]`;
   * `written[text.length]`: the written text's length. A character outside the BMP written as one
   * escape gives two entries with the same offset.
   */
  written: Int32Array;
}

/** What one escape at an offset reads as, and how many characters it was written with. */
type Escape = { read: string; length: number } | undefined;

/**
 * Characters that show as nothing (zero-width spaces and joiners, direction marks, the word
 * joiner and the invisible operators, a byte order mark, a soft hyphen): a token written with
 * them reads, and is copied, as the token.
 */
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/;
const EVERY_INVISIBLE = new RegExp(INVISIBLE.source, 'g');

/** Whether a text holds a character that shows as nothing. */
export function hasInvisible(text: string): boolean {
  return INVISIBLE.test(text);
}

/** `text` without what shows as nothing. */
export function withoutInvisible(text: string): string {
  return hasInvisible(text) ? text.replace(EVERY_INVISIBLE, '') : text;
}

/**
 * Reads the escapes of JSON strings (`\u0078`, `\n`, `\"`…) wherever they stand, and leaves out
 * what shows as nothing; undefined when the text has neither, so that most texts cost a search.
 */
export function readJsonEscapes(written: string): Reading | undefined {
  return written.includes('\\') || INVISIBLE.test(written) ? readWith(written, jsonEscapeAt) : undefined;
}

/**
 * Reads HTML and Markdown prose as it shows: character references (`&#105;`, `&#x73;`, and the
 * named ones of ASCII characters, `&lowbar;`…) and backslash escapes (`\_`) as what they write;
 * emphasis marks (`**`, `*`, `~~`), comments and tags, which may split a token without showing, and
 * what shows as nothing (also written as a reference, `&shy;`, `&#8203;`), left out; a hyphen
 * written as a reference (`&hyphen;`) reads as `-`. Undefined when the text has none of them. Named references of
 * other characters are left as written: secrets are ASCII, and HTML names no ASCII letter or digit.
 */
export function readMarkupEscapes(written: string): Reading | undefined {
  return /[&\\*~<]/.test(written) || INVISIBLE.test(written) ? readWith(written, markupEscapeAt) : undefined;
}

/** The spans of a reading, as spans of the written text (each over the escapes it was read from). */
export function writtenSpans(reading: Reading, spans: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  return spans.map((span) => ({ start: reading.written[span.start]!, end: reading.written[span.end]! }));
}

function readWith(written: string, escapeAt: (text: string, at: number) => Escape): Reading {
  let text = '';
  const offsets: number[] = [];
  for (let at = 0; at < written.length; ) {
    const escape = escapeAt(written, at);
    const read = escape?.read ?? written[at]!;
    text += read;
    for (let i = 0; i < read.length; i++) offsets.push(at);
    at += escape?.length ?? 1;
  }
  offsets.push(written.length);
  return { text, written: Int32Array.from(offsets) };
}

const JSON_SHORT: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function jsonEscapeAt(text: string, at: number): Escape {
  if (INVISIBLE.test(text[at]!)) return { read: '', length: 1 };
  if (text.charCodeAt(at) !== 92 /* \ */) return undefined;
  const next = text[at + 1];
  if (next !== undefined && Object.hasOwn(JSON_SHORT, next)) return { read: JSON_SHORT[next]!, length: 2 };
  const hex = /^u([0-9A-Fa-f]{4})/.exec(text.slice(at + 1, at + 6));
  if (!hex) return undefined;
  const read = String.fromCharCode(parseInt(hex[1]!, 16));
  return { read: INVISIBLE.test(read) ? '' : read, length: 6 };
}

/** HTML's named character references of ASCII characters, the only ones a secret can be written with. */
const ASCII_REFERENCES: Readonly<Record<string, string>> = {
  Tab: '\t',
  NewLine: '\n',
  excl: '!',
  quot: '"',
  QUOT: '"',
  num: '#',
  dollar: '$',
  percnt: '%',
  amp: '&',
  AMP: '&',
  apos: "'",
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  lt: '<',
  LT: '<',
  equals: '=',
  gt: '>',
  GT: '>',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  UnderBar: '_',
  grave: '`',
  DiacriticalGrave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  rcub: '}',
  rbrace: '}',
};

const MARKDOWN_ESCAPABLE = /[!-/:-@[-`{-~]/;

/** An HTML comment or tag, which shows as nothing in the text around it. */
const MARKUP_HIDDEN = /^(?:<!--[\s\S]*?-->|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>)/;

function markupEscapeAt(text: string, at: number): Escape {
  const c = text[at]!;
  if (INVISIBLE.test(c)) return { read: '', length: 1 };
  if (c === '*' || (c === '~' && text[at + 1] === '~')) {
    let end = at;
    while (text[end] === c) end++;
    return { read: '', length: end - at };
  }
  if (c === '<') {
    const hidden = MARKUP_HIDDEN.exec(text.slice(at, at + 2000));
    return hidden ? { read: '', length: hidden[0].length } : undefined;
  }
  if (c === '\\') {
    const next = text[at + 1];
    return next !== undefined && MARKDOWN_ESCAPABLE.test(next) ? { read: next, length: 2 } : undefined;
  }
  if (c !== '&') return undefined;
  const rest = text.slice(at, at + 40);
  // Browsers read a numeric reference without its `;` too.
  const numeric = /^&#(?:([0-9]{1,7})|[xX]([0-9A-Fa-f]{1,6}));?/.exec(rest);
  if (numeric) {
    const code = numeric[1] !== undefined ? Number(numeric[1]) : parseInt(numeric[2]!, 16);
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    const read = valid ? String.fromCodePoint(code) : '';
    return valid ? { read: INVISIBLE.test(read) ? '' : HYPHENS.test(read) ? '-' : read, length: numeric[0].length } : undefined;
  }
  const named = /^&([A-Za-z]+);/.exec(rest);
  if (named && INVISIBLE_REFERENCES.has(named[1]!)) return { read: '', length: named[0].length };
  if (named && HYPHEN_REFERENCES.has(named[1]!)) return { read: '-', length: named[0].length };
  return named && Object.hasOwn(ASCII_REFERENCES, named[1]!) ? { read: ASCII_REFERENCES[named[1]!]!, length: named[0].length } : undefined;
}

/** Hyphens other than ASCII's, which show as it does: a token written with them is read with `-`. */
const HYPHENS = /^[\u2010\u2011]$/;
const HYPHEN_REFERENCES: ReadonlySet<string> = new Set(['hyphen', 'dash']);

/** HTML's named character references of characters that show as nothing (see `INVISIBLE`), which a token may be split with. */
const INVISIBLE_REFERENCES: ReadonlySet<string> = new Set([
  'shy',
  'ZeroWidthSpace',
  'NegativeVeryThinSpace',
  'NegativeThinSpace',
  'NegativeMediumSpace',
  'NegativeThickSpace',
  'zwnj',
  'zwj',
  'lrm',
  'rlm',
  'NoBreak',
  'af',
  'ApplyFunction',
  'it',
  'InvisibleTimes',
  'ic',
  'InvisibleComma',
]);
