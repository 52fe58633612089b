import type { Node } from 'jsonc-parser';
import { nodeAt, propertyNode, type ParsedDocument } from './document.js';
import type { OffsetEdit } from './rule.js';
import type { JsonPath } from './types.js';

/**
 * Minimal edits that keep the user's formatting: only the touched property or item changes,
 * and new text copies the indentation and line endings around it. (jsonc-parser's `modify`
 * re-formats the whole enclosing container, which would rewrite lines the user did not touch.)
 */

interface Layout {
  eol: string;
  /** One level of indentation, as the document writes it. */
  unit: string;
}

// Rules ask for the layout once per fix, and a document can offer thousands: read it once per text.
let lastLayout: { text: string; layout: Layout } | undefined;

export function layoutOf(text: string): Layout {
  if (lastLayout?.text === text) return lastLayout.layout;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /\n([ \t]+)\S/.exec(text);
  const layout = { eol, unit: indented ? indented[1]! : '  ' };
  lastLayout = { text, layout };
  return layout;
}

function indentOfLine(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let end = lineStart;
  while (text[end] === ' ' || text[end] === '\t') end++;
  return text.slice(lineStart, end);
}

/** `value` as JSON, its continuation lines indented from `indent`. */
function render(value: unknown, layout: Layout, indent: string, inline: boolean): string {
  if (inline) {
    return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
  }
  return JSON.stringify(value, null, layout.unit)
    .split('\n')
    .join(layout.eol + indent);
}

/** Removes the property at `path` (the last occurrence) together with its separating comma. */
export function removeProperty(doc: ParsedDocument, path: JsonPath): OffsetEdit[] {
  const object = nodeAt(doc.root, path.slice(0, -1));
  const key = path.at(-1);
  if (object?.type !== 'object' || typeof key !== 'string') return [];
  const property = propertyNode(object, key);
  const siblings = object.children ?? [];
  const index = property ? siblings.indexOf(property) : -1;
  if (!property || index === -1) return [];
  const next = siblings[index + 1];
  const previous = siblings[index - 1];
  if (next) return [{ start: property.offset, end: next.offset, newText: '' }];
  if (previous) return [{ start: previous.offset + previous.length, end: property.offset + property.length, newText: '' }];
  return [{ start: object.offset + 1, end: object.offset + object.length - 1, newText: '' }];
}

/** Appends `value` to the array at `path`, or creates the array as the root's last property. */
export function appendToArray(doc: ParsedDocument, path: JsonPath, value: unknown): OffsetEdit[] {
  const { text } = doc;
  const layout = layoutOf(text);
  const array = nodeAt(doc.root, path);
  if (array?.type === 'array') return appendItem(text, layout, array, value);
  if (array !== undefined) return [];
  const parent = nodeAt(doc.root, path.slice(0, -1));
  const key = path.at(-1);
  if (parent?.type !== 'object' || typeof key !== 'string') return [];
  const last = parent.children?.at(-1);
  const multiline = !last || isMultiline(text, parent);
  const indent = !last ? indentOfLine(text, parent.offset) + layout.unit : multiline ? indentOfLine(text, last.offset) : '';
  return addProperties(doc, path.slice(0, -1), [[key, render([value], layout, indent, !multiline)]]);
}

function appendItem(text: string, layout: Layout, array: Node, value: unknown): OffsetEdit[] {
  const items = array.children ?? [];
  const last = items.at(-1);
  const close = array.offset + array.length - 1;
  if (!last) {
    const indent = indentOfLine(text, array.offset);
    const inner = indent + layout.unit;
    return [{ start: array.offset + 1, end: close, newText: `${layout.eol}${inner}${render(value, layout, inner, false)}${layout.eol}${indent}` }];
  }
  const before = items.length > 1 ? items.at(-2)! : undefined;
  // Separate the new item the way the last two items (or the bracket and the first) are.
  const gapStart = before ? before.offset + before.length : array.offset + 1;
  const separator = before ? text.slice(gapStart, last.offset).replace(/^\s*,/, '') : text.slice(gapStart, last.offset);
  const multiline = /\n/.test(separator);
  const indent = multiline ? indentOfLine(text, last.offset) : '';
  const inline = !text.slice(last.offset, last.offset + last.length).includes('\n');
  const end = last.offset + last.length;
  return [{ start: end, end, newText: `,${multiline ? separator : separator || ' '}${render(value, layout, indent, inline)}` }];
}

/** `text` with non-overlapping `edits` applied (in any order), from the last to the first. */
export function applyOffsetEdits(text: string, edits: readonly OffsetEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end))
    result = result.slice(0, edit.start) + edit.newText + result.slice(edit.end);
  return result;
}

/** Replaces a value node with `value`, keeping the rest of the line. */
export function replaceValue(node: Node, value: unknown): OffsetEdit {
  return { start: node.offset, end: node.offset + node.length, newText: JSON.stringify(value) };
}

/** The indentation of the line holding `offset`, as written. */
export function indentAt(text: string, offset: number): string {
  return indentOfLine(text, offset);
}

/** Whether an object or array writes its members on lines of their own. */
export function isMultiline(text: string, container: Node): boolean {
  const members = container.children ?? [];
  const first = members[0];
  return first ? text.slice(container.offset, first.offset).includes('\n') : text.slice(container.offset, container.offset + container.length).includes('\n');
}

/**
 * An object written from JSON texts of its values (kept as the user wrote them, escapes and
 * all): `{ "a": 1, "b": 2 }` inline, or one member a line indented one level from `indent`.
 */
export function renderObject(entries: readonly (readonly [key: string, json: string])[], layout: Layout, indent: string, inline: boolean): string {
  if (entries.length === 0) return '{}';
  if (inline) return `{ ${entries.map(([key, json]) => `${JSON.stringify(key)}: ${json}`).join(', ')} }`;
  const inner = indent + layout.unit;
  return `{${layout.eol}${entries.map(([key, json]) => `${inner}${JSON.stringify(key)}: ${json}`).join(`,${layout.eol}`)}${layout.eol}${indent}}`;
}

/**
 * Adds properties, their values given as JSON text, after the last property of the object at
 * `path`: each on a line of its own in a multi-line object, on the same line otherwise.
 */
export function addProperties(doc: ParsedDocument, path: JsonPath, entries: readonly (readonly [key: string, json: string])[]): OffsetEdit[] {
  const { text } = doc;
  const object = nodeAt(doc.root, path);
  if (object?.type !== 'object' || entries.length === 0) return [];
  const layout = layoutOf(text);
  const last = (object.children ?? []).at(-1);
  const member = ([key, json]: readonly [string, string]) => `${JSON.stringify(key)}: ${json}`;
  if (!last) {
    const indent = indentOfLine(text, object.offset);
    const inner = indent + layout.unit;
    return [
      {
        start: object.offset + 1,
        end: object.offset + object.length - 1,
        newText: `${layout.eol}${entries.map((entry) => inner + member(entry)).join(`,${layout.eol}`)}${layout.eol}${indent}`,
      },
    ];
  }
  const separator = isMultiline(text, object) ? layout.eol + indentOfLine(text, last.offset) : ' ';
  const end = last.offset + last.length;
  return [{ start: end, end, newText: entries.map((entry) => `,${separator}${member(entry)}`).join('') }];
}
