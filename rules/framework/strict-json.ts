import type { Node } from 'jsonc-parser';

/**
 * The tree jsonc-parser's `parseTree` builds, for a text that is strict JSON with nothing to
 * report — or undefined at the first thing it would have to recover from (a comment, a syntax
 * error, whitespace other than space, tab and line breaks, a control character in a string),
 * so that `parseTree` reads that text instead. A manifest on disk is nearly always strict JSON,
 * and this reads it in one pass over character codes where `parseTree` runs a general scanner
 * and a visitor; the nodes have the same fields, in one shape, so what reads them stays fast.
 */
export function parseStrictJson(text: string): Node | undefined {
  const reader = new StrictReader(text);
  const root = reader.value(undefined, 0);
  if (root === undefined || reader.skipSpace() !== text.length) return undefined;
  return root;
}

/** A node while it is being read: its length and colon are known only once its value is. */
type OpenNode = { -readonly [Field in keyof Node]: Node[Field] };

/** As deep as a document may nest before the engine refuses it, with room to spare. */
const MAX_NESTING = 512;

const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

function isDigit(code: number): boolean {
  return code >= DIGIT_0 && code <= DIGIT_9;
}

function hexValue(code: number): number {
  if (code >= DIGIT_0 && code <= DIGIT_9) return code - DIGIT_0;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

const ESCAPED: Record<number, string> = {
  0x22: '"',
  0x5c: '\\',
  0x2f: '/',
  0x62: '\b',
  0x66: '\f',
  0x6e: '\n',
  0x72: '\r',
  0x74: '\t',
};

class StrictReader {
  position = 0;

  constructor(readonly text: string) {}

  /** Moves past spaces, tabs and line breaks (all that `parseTree` skips without a word); returns the position. */
  skipSpace(): number {
    const text = this.text;
    let at = this.position;
    for (let code = text.charCodeAt(at); code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09; ) {
      code = text.charCodeAt(++at);
    }
    this.position = at;
    return at;
  }

  /** A value from the position on; what follows it (`truex`, `01`, `1-2`) is the caller's, which expects a delimiter there. */
  value(parent: Node | undefined, depth: number): Node | undefined {
    const text = this.text;
    const start = this.skipSpace();
    const code = text.charCodeAt(start);
    if (code === QUOTE) {
      const value = this.string();
      return value === undefined ? undefined : leaf('string', start, this.position - start, parent, value);
    }
    if (code === OPEN_BRACE) return depth < MAX_NESTING ? this.object(parent, depth) : undefined;
    if (code === OPEN_BRACKET) return depth < MAX_NESTING ? this.array(parent, depth) : undefined;
    if (code === MINUS || isDigit(code)) return this.number(parent);
    for (const [word, value] of WORDS) {
      if (text.startsWith(word, start)) {
        this.position = start + word.length;
        return leaf(value === null ? 'null' : 'boolean', start, word.length, parent, value);
      }
    }
    return undefined;
  }

  /** A string from its opening quote: its value, or undefined for anything `parseTree` reports. */
  string(): string | undefined {
    const text = this.text;
    let at = this.position + 1;
    let from = at;
    let decoded = '';
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) break;
      if (code === BACKSLASH) {
        decoded += text.slice(from, at);
        const escape = text.charCodeAt(at + 1);
        if (escape === 0x75) {
          let unit = 0;
          for (let digit = 2; digit < 6; digit++) {
            const value = hexValue(text.charCodeAt(at + digit));
            if (value < 0) return undefined;
            unit = unit * 16 + value;
          }
          decoded += String.fromCharCode(unit);
          at += 6;
        } else {
          const character = ESCAPED[escape];
          if (character === undefined) return undefined;
          decoded += character;
          at += 2;
        }
        from = at;
        continue;
      }
      // Control characters (and the end of the text, NaN) are errors to `parseTree`.
      if (!(code >= 0x20)) return undefined;
      at++;
    }
    this.position = at + 1;
    return decoded + text.slice(from, at);
  }

  number(parent: Node | undefined): Node | undefined {
    const text = this.text;
    const start = this.position;
    let at = start;
    if (text.charCodeAt(at) === MINUS) at++;
    if (text.charCodeAt(at) === DIGIT_0) at++;
    else if (isDigit(text.charCodeAt(at))) while (isDigit(text.charCodeAt(++at)));
    else return undefined;
    if (text.charCodeAt(at) === DOT) {
      if (!isDigit(text.charCodeAt(++at))) return undefined;
      while (isDigit(text.charCodeAt(++at)));
    }
    if ((text.charCodeAt(at) | 0x20) === 0x65) {
      const sign = text.charCodeAt(++at);
      if (sign === 0x2b || sign === MINUS) at++;
      if (!isDigit(text.charCodeAt(at))) return undefined;
      while (isDigit(text.charCodeAt(++at)));
    }
    this.position = at;
    return leaf('number', start, at - start, parent, Number(text.slice(start, at)));
  }

  object(parent: Node | undefined, depth: number): Node | undefined {
    return this.entries('object', CLOSE_BRACE, parent, (node) => this.property(node, depth));
  }

  array(parent: Node | undefined, depth: number): Node | undefined {
    return this.entries('array', CLOSE_BRACKET, parent, (node) => this.value(node, depth + 1));
  }

  /** An object or an array from its opening bracket: its entries, read by `entry`, between commas. */
  entries(type: 'object' | 'array', closing: number, parent: Node | undefined, entry: (node: Node) => Node | undefined): Node | undefined {
    const text = this.text;
    const node = branch(type, this.position, parent);
    const children = node.children as Node[];
    this.position++;
    if (text.charCodeAt(this.skipSpace()) === closing) return close(node, ++this.position);
    for (;;) {
      const child = entry(node);
      if (child === undefined) return undefined;
      children.push(child);
      const next = text.charCodeAt(this.skipSpace());
      this.position++;
      if (next === closing) return close(node, this.position);
      if (next !== COMMA) return undefined;
      this.skipSpace();
    }
  }

  /** A property from its key's opening quote to the end of its value. */
  property(object: Node, depth: number): Node | undefined {
    const text = this.text;
    const keyStart = this.position;
    if (text.charCodeAt(keyStart) !== QUOTE) return undefined;
    const property = branch('property', keyStart, object);
    const name = this.string();
    if (name === undefined) return undefined;
    (property.children as Node[]).push(leaf('string', keyStart, this.position - keyStart, property, name));
    const colon = this.skipSpace();
    if (text.charCodeAt(colon) !== COLON) return undefined;
    property.colonOffset = colon;
    this.position++;
    const value = this.value(property, depth + 1);
    if (value === undefined) return undefined;
    (property.children as Node[]).push(value);
    property.length = this.position - keyStart;
    return property;
  }
}

const WORDS: ReadonlyArray<readonly [string, boolean | null]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];

// Every node has the same fields in the same order (one hidden class for V8), as `parseTree`'s
// have the same fields.
function leaf(type: Node['type'], offset: number, length: number, parent: Node | undefined, value: unknown): Node {
  return { type, offset, length, parent, value, children: undefined, colonOffset: undefined };
}

function branch(type: Node['type'], offset: number, parent: Node | undefined): OpenNode {
  return { type, offset, length: -1, parent, value: undefined, children: [], colonOffset: undefined };
}

function close(node: OpenNode, end: number): Node {
  node.length = end - node.offset;
  return node;
}
