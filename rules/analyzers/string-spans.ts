import type { Node } from 'jsonc-parser';
import type { ParsedDocument } from '../framework/document.js';
import { readJsonEscapes } from '../framework/escapes.js';
import { spanOf, type Span } from '../framework/rule.js';

/**
 * The span of `value.slice(start, end)` inside a JSON string node, over the escapes its
 * characters are written with (`\t`, `\u0007`). The whole string when the written text does not
 * read back as the value (a character that shows as nothing, which a reading leaves out).
 */
export function spanInString(doc: ParsedDocument, node: Node, start: number, end: number): Span {
  if (node.type !== 'string') return spanOf(node);
  const value = node.value as string;
  const written = doc.text.slice(node.offset + 1, node.offset + node.length - 1);
  const reading = readJsonEscapes(written);
  if (!reading) return written === value ? { start: node.offset + 1 + start, end: node.offset + 1 + end } : spanOf(node);
  if (reading.text !== value) return spanOf(node);
  return { start: node.offset + 1 + reading.written[start]!, end: node.offset + 1 + reading.written[end]! };
}
