import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { parseStrictJson } from './strict-json.js';
import { LineIndex } from './line-index.js';
import { firstBracketDeeperThan } from './nesting.js';
import type { JsonPath } from './types.js';

/**
 * Nesting deeper than this is refused before parsing: jsonc-parser's tree builder recurses and
 * overflows the stack near 10,000 levels, and a manifest never nests more than a handful.
 */
export const MAX_DEPTH = 256;

/**
 * Longest text the engine parses. The largest real manifest is a few kilobytes; this leaves two
 * orders of magnitude of headroom while keeping memory bounded for hostile inputs.
 */
export const MAX_LENGTH = 4 * 1024 * 1024;

export type Refusal = { kind: 'too-deep'; offset: number } | { kind: 'too-long'; length: number };

export interface ParsedDocument {
  text: string;
  lines: LineIndex;
  /** Undefined when the text is empty, refused, or not JSON at all. */
  root: Node | undefined;
  /**
   * The value the platform's JSON.parse would see (the last of duplicate keys wins), made from the
   * tree on first use: a lint reads only the schema check's bounded view of it.
   */
  readonly value: unknown;
  syntaxErrors: ParseError[];
  refusal: Refusal | undefined;
  /** Values computed once per document and shared by the rules (see `derived`). */
  derived: Map<(doc: ParsedDocument) => unknown, unknown>;
}

export function parseDocument(text: string): ParsedDocument {
  const lines = new LineIndex(text);
  const refusal = refuse(text);
  if (refusal) return new Document(text, lines, undefined, [], refusal);
  const syntaxErrors: ParseError[] = [];
  const root = parseStrictJson(text) ?? parseTree(text, syntaxErrors, { disallowComments: true, allowTrailingComma: false });
  return new Document(text, lines, root, syntaxErrors, undefined);
}

/**
 * A class rather than an object literal with a getter: V8 kept such literals, made one per lint,
 * through its young-generation collections, and collecting them took half of a small lint's time.
 * The lazily made value is a private field, so a document compares and prints as its parts.
 */
class Document implements ParsedDocument {
  readonly derived = new Map<(doc: ParsedDocument) => unknown, unknown>();
  #value: { of: unknown } | undefined;

  constructor(
    readonly text: string,
    readonly lines: LineIndex,
    readonly root: Node | undefined,
    readonly syntaxErrors: ParseError[],
    readonly refusal: Refusal | undefined,
  ) {}

  get value(): unknown {
    this.#value ??= { of: this.root ? valueOfNode(this.root) : undefined };
    return this.#value.of;
  }
}

function refuse(text: string): Refusal | undefined {
  if (text.length > MAX_LENGTH) return { kind: 'too-long', length: text.length };
  if (openingBrackets(text) <= MAX_DEPTH) return undefined;
  const offset = firstBracketDeeperThan(text, MAX_DEPTH);
  return offset === undefined ? undefined : { kind: 'too-deep', offset };
}

// jsonc-parser's `SyntaxKind` is a const enum, which this build cannot import: its values.
export const OPEN_BRACE = 1;
export const CLOSE_BRACE = 2;
export const OPEN_BRACKET = 3;
export const CLOSE_BRACKET = 4;
export const COMMA = 5;
export const COLON = 6;
export const STRING_LITERAL = 10;
export const EOF = 17;

/** Nesting can only go as deep as there are opening brackets; counting them natively is cheap. */
function openingBrackets(text: string): number {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let i = text.indexOf(bracket); i !== -1 && count <= MAX_DEPTH; i = text.indexOf(bracket, i + 1)) count++;
  }
  return count;
}

/**
 * The value of a node as JSON.parse gives it for strict JSON (the last of duplicate keys wins),
 * but a `__proto__` key stays an ordinary own property. With a `limit`, every array and object
 * keeps its first `limit` entries (distinct keys, for an object) and `cut` is told when one loses any.
 */
export function valueOfNode(node: Node, limit = Infinity, cut?: () => void): unknown {
  // Index loops: this walks every node of every document, and iterators cost here.
  const children = node.children;
  switch (node.type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      let kept = 0;
      for (let i = 0; children && i < children.length; i++) {
        const parts = children[i]!.children;
        const key = parts?.[0]?.value;
        if (typeof key !== 'string') continue;
        if (limit !== Infinity && !Object.prototype.hasOwnProperty.call(result, key)) {
          if (kept === limit) {
            cut?.();
            continue;
          }
          kept++;
        }
        const value = parts![1];
        const converted = value ? valueOfNode(value, limit, cut) : null;
        if (key === '__proto__') {
          Object.defineProperty(result, key, { value: converted, enumerable: true, writable: true, configurable: true });
        } else {
          result[key] = converted;
        }
      }
      return result;
    }
    case 'array': {
      const count = children ? Math.min(children.length, limit) : 0;
      if (children && children.length > limit) cut?.();
      const items: unknown[] = [];
      for (let i = 0; i < count; i++) items.push(valueOfNode(children![i]!, limit, cut));
      return items;
    }
    default:
      return node.value;
  }
}

/** The property nodes of an object node whose key is `key`, in document order. */
export function propertiesNamed(object: Node, key: string): Node[] {
  if (object.type !== 'object' || !object.children) return [];
  if (object.children.length > INDEXED_FROM) return propertiesByKey(object).get(key) ?? [];
  return object.children.filter((property) => property.children?.[0]?.value === key);
}

/** The first property node of an object node whose key is `key` (the one a duplicate hides). */
export function firstPropertyNamed(object: Node, key: string): Node | undefined {
  if (object.type !== 'object' || !object.children) return undefined;
  if (object.children.length > INDEXED_FROM) return propertiesByKey(object).get(key)?.[0];
  // An index loop: `duplicate-key` asks this of every key of every object.
  const properties = object.children;
  for (let i = 0; i < properties.length; i++) if (properties[i]!.children?.[0]?.value === key) return properties[i];
  return undefined;
}

/** Objects with more properties than this are looked up through an index built once. */
const INDEXED_FROM = 32;

/**
 * Indexes built once for a node are kept on the node itself, under these symbols, so that they
 * go with its tree. Kept in module-level weak maps instead, they held every tree alive through
 * V8's young-generation collections (an entry's value points back at its key): a tenth of all a
 * lint allocates was promoted to the old generation, only to be collected there.
 */
const PROPERTY_INDEX = Symbol('properties by key');
const ITEM_LIST = Symbol('items with their index');

interface IndexedNode extends Node {
  [PROPERTY_INDEX]?: Map<unknown, Node[]>;
  [ITEM_LIST]?: readonly { index: number; node: Node }[];
}

/**
 * An object's properties by key, so that rules looking up every key of a huge object (a
 * hundred thousand unknown keys) do linear work, not quadratic.
 */
function propertiesByKey(object: IndexedNode): Map<unknown, Node[]> {
  let index = object[PROPERTY_INDEX];
  if (!index) {
    index = new Map();
    for (const property of object.children ?? []) {
      const key = property.children?.[0]?.value;
      const same = index.get(key);
      if (same) same.push(property);
      else index.set(key, [property]);
    }
    object[PROPERTY_INDEX] = index;
  }
  return index;
}

/** The property node (key and value) that determines `key`'s value: the last occurrence. */
export function propertyNode(object: Node, key: string): Node | undefined {
  if (object.type !== 'object' || !object.children) return undefined;
  if (object.children.length > INDEXED_FROM) return propertiesByKey(object).get(key)?.at(-1);
  // From the end: the last occurrence wins, and rules look values up often (no array built).
  for (let i = object.children.length - 1; i >= 0; i--) {
    const property = object.children[i]!;
    if (property.children?.[0]?.value === key) return property;
  }
  return undefined;
}

/** The value node at `path`, following the last occurrence of duplicate keys. */
export function nodeAt(root: Node | undefined, path: JsonPath): Node | undefined {
  let node = root;
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === 'number') {
      node = node.type === 'array' ? node.children?.[segment] : undefined;
    } else {
      node = propertyNode(node, segment)?.children?.[1];
    }
  }
  return node;
}

/** The key node of the property at `path` (whose last segment must be a key). */
export function keyNodeAt(root: Node | undefined, path: JsonPath): Node | undefined {
  const key = path.at(-1);
  if (typeof key !== 'string') return undefined;
  const parent = nodeAt(root, path.slice(0, -1));
  return parent ? propertyNode(parent, key)?.children?.[0] : undefined;
}

/** The items of the array at `path`, with their nodes; empty when it is absent or not an array. */
export function arrayItems(root: Node | undefined, path: JsonPath): readonly { index: number; node: Node }[] {
  const array: IndexedNode | undefined = nodeAt(root, path);
  if (array?.type !== 'array' || !array.children) return [];
  // Many rules walk the same arrays: keep the list on the array node itself.
  return (array[ITEM_LIST] ??= array.children.map((node, index) => ({ index, node })));
}

/** Child value of an object node, or undefined. */
export function childValue(object: Node | undefined, key: string): Node | undefined {
  return object ? propertyNode(object, key)?.children?.[1] : undefined;
}

export function stringValue(node: Node | undefined): string | undefined {
  return node?.type === 'string' ? (node.value as string) : undefined;
}

/**
 * Whether a syntax error lies inside the node or right after it: the value jsonc-parser
 * recovered there may be cut short, so rules leave it alone (SPEC section 4).
 */
export function touchesSyntaxError(doc: ParsedDocument, node: Node): boolean {
  return syntaxErrorBetween(doc, node.offset, node.offset + node.length);
}

/** Whether a syntax error starts at an offset from `start` to `end`, both included. */
export function syntaxErrorBetween(doc: ParsedDocument, start: number, end: number): boolean {
  return doc.syntaxErrors.length > 0 && anyBetween(derived(doc, errorOffsets), start, end);
}

/**
 * Whether a sorted list holds a value from `start` to `end`, both included: a binary search, so
 * a document with a million syntax errors and a million nodes is checked in n log n.
 */
export function anyBetween(sorted: ArrayLike<number>, start: number, end: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < start) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low]! <= end;
}

/** Ascending offsets of a document's syntax errors (the parser reports them in text order). */
export function sortedOffsets(errors: readonly ParseError[]): Float64Array {
  const offsets = Float64Array.from(errors, (error) => error.offset);
  for (let i = 1; i < offsets.length; i++) if (offsets[i]! < offsets[i - 1]!) return offsets.sort();
  return offsets;
}

const errorOffsets = (doc: ParsedDocument) => sortedOffsets(doc.syntaxErrors);

/**
 * `compute(doc)`, computed once per document and shared by every rule that asks (a parsed
 * document never changes). Callers must not modify what they get.
 */
export function derived<T>(doc: ParsedDocument, compute: (doc: ParsedDocument) => T): T {
  if (doc.derived.has(compute)) return doc.derived.get(compute) as T;
  const value = compute(doc);
  doc.derived.set(compute, value);
  return value;
}

/** What `derived(doc, compute)` has computed already, without computing it. */
export function derivedIfComputed<T>(doc: ParsedDocument, compute: (doc: ParsedDocument) => T): T | undefined {
  return doc.derived.get(compute) as T | undefined;
}

/** A string node's characters without its quotes (a string cut short has no closing quote). */
export function contentSpan(text: string, node: Node): { start: number; end: number } {
  const end = node.offset + node.length;
  const start = Math.min(node.offset + 1, end);
  const closed = end - start >= 1 && text.charCodeAt(end - 1) === 34; /* " */
  return { start, end: closed ? end - 1 : end };
}
