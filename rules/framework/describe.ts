import type { Node } from 'jsonc-parser';
import { maskSecret } from './masking.js';
import { holdsCredential, looksLikeToken } from './secret-detector.js';
import type { ParsedDocument } from './document.js';
import type { JsonPath } from './types.js';
import { formatPath } from './json-path.js';

export { formatPath } from './json-path.js';

/** `` `tasks[0].schedule` `` or "the manifest", ready to start a sentence's subject. */
export function subject(path: JsonPath): string {
  return path.length === 0 ? 'The manifest' : `\`${formatPath(path)}\``;
}

const MAX_SHOWN = 40;

/**
 * A value as it appears in JSON, shortened for messages. The value of a key named as holding a
 * credential (`botToken`, `apiKey`, `password`) and token-shaped strings are masked: messages
 * never carry a secret. A number too large for a double (`1e400`, read as Infinity) is shown as
 * `written` in the document, when given.
 */
export function formatValue(value: unknown, path: JsonPath = [], written?: string): string {
  const last = path.at(-1);
  const credential = typeof last === 'string' && holdsCredential(last) && (typeof value === 'string' || typeof value === 'number');
  if (credential || (typeof value === 'string' && looksLikeToken(value))) {
    return `\`${maskSecret(typeof value === 'string' ? value : JSON.stringify(value))}\``;
  }
  let shown: string;
  if (Array.isArray(value)) shown = `an array of ${value.length}`;
  else if (value !== null && typeof value === 'object') shown = 'an object';
  else if (typeof value === 'number' && !Number.isFinite(value)) shown = written ?? String(value);
  else shown = JSON.stringify(value) ?? String(value);
  if (shown.length > MAX_SHOWN) shown = `${shown.slice(0, MAX_SHOWN - 1)}…`;
  return value !== null && typeof value === 'object' ? shown : `\`${shown}\``;
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'number out of range';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A node's text as written in the document (for values whose parsed form loses it). */
export function writtenText(doc: ParsedDocument, node: Node | undefined): string | undefined {
  return node ? doc.text.slice(node.offset, node.offset + node.length) : undefined;
}

export function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** "`a`, `b` or `c`" */
export function listOf(values: readonly unknown[], conjunction = 'or'): string {
  const shown = values.map((value) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``);
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} ${conjunction} ${shown.at(-1)}`;
}

export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}
