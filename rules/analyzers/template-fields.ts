import type { Node } from 'jsonc-parser';
import { keyNodeAt, nodeAt, propertiesNamed, type ParsedDocument } from '../framework/document.js';
import type { Span } from '../framework/rule.js';
import { spanOf } from '../framework/rule.js';

/** The `template` object (the last occurrence), or undefined when it is absent or not an object. */
export function templateObject(doc: ParsedDocument): Node | undefined {
  const template = nodeAt(doc.root, ['template']);
  return template?.type === 'object' ? template : undefined;
}

/** Whether the object has the key at all, whatever its value (the schema judges the value). */
export function hasKey(object: Node, key: string): boolean {
  return propertiesNamed(object, key).length > 0;
}

/** Where a key missing from `template` is reported: the `"template"` key (SPEC section 4). */
export function templateKeySpan(doc: ParsedDocument, template: Node): Span {
  const key = keyNodeAt(doc.root, ['template']);
  return key ? spanOf(key) : { start: template.offset, end: template.offset + 1 };
}

/** The documented partner fields and the author fields the published validator asked for. */
export const AUTHOR_FIELDS = [
  ['partnerName', 'authorName'],
  ['partnerUrl', 'authorUrl'],
  ['partnerLogoUrl', 'authorLogoUrl'],
] as const;
