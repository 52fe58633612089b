import type { CompletionItem, CompletionList } from 'vscode-languageserver';
import { maskFor, type SecretMask } from '../rules/index.js';
import type { OpenDocument } from './documents.js';

/**
 * Fields that change the document: left whole, since an edit must keep the text it moves. A
 * completion whose insertion holds a secret is dropped instead (see `maskCompletion`).
 */
const EDITS = new Set(['edit', 'textEdit', 'additionalTextEdits', 'insertText', 'newText']);

/**
 * A copy of a feature's result with every secret of the document masked in every string it
 * carries — labels, sort and filter texts, documentation, details, symbol and container names,
 * titles, tooltips, commands, data — whatever the client does with it; the edits it carries are
 * left as they are.
 */
export function maskShown<T>(document: OpenDocument, result: T): T {
  return maskFields(maskFor(document.parsed), result) as T;
}

/**
 * Completions without those that would copy a secret into another place of the document (an
 * `env:` reference to a secret whose "name" is a pasted token, say), the others masked.
 */
export function maskCompletion(document: OpenDocument, list: CompletionList | null): CompletionList | null {
  if (!list) return list;
  const mask = maskFor(document.parsed);
  return maskFields(mask, { ...list, items: list.items.filter((item) => !insertsSecret(mask, item)) }) as CompletionList;
}

function insertsSecret(mask: SecretMask, item: CompletionItem): boolean {
  // Without an insert text or an edit, the label is what is inserted.
  const inserted = [item.label, item.insertText, item.textEdit?.newText, ...(item.additionalTextEdits ?? []).map((edit) => edit.newText)];
  return inserted.some((text) => text !== undefined && mask.hides(text));
}

function maskFields(mask: SecretMask, value: unknown): unknown {
  if (typeof value === 'string') return mask.mask(value);
  if (Array.isArray(value)) return value.map((item) => maskFields(mask, item));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = EDITS.has(key) ? item : maskFields(mask, item);
  }
  return copy;
}
