import { maskFor, type SecretMask } from '../rules/index.js';
import type { OpenDocument } from './documents.js';

/** Fields of LSP results that a person reads: masked. */
const SHOWN = new Set(['label', 'title', 'detail', 'name', 'message', 'tooltip', 'value', 'labelDetails', 'description']);
/** Fields that change the document: left whole, since an edit must keep the text it moves. */
const EDITS = new Set(['edit', 'textEdit', 'additionalTextEdits', 'insertText', 'newText', 'range', 'selectionRange', 'data']);

/**
 * A copy of a feature's result with every secret of the document masked in what the user reads
 * (hover text, completion labels and documentation, symbol names, code action titles, inlay
 * hints); the edits the result carries are left as they are.
 */
export function maskShown<T>(document: OpenDocument, result: T): T {
  const mask = maskFor(document.parsed);
  return maskFields(mask, result, false) as T;
}

function maskFields(mask: SecretMask, value: unknown, shown: boolean): unknown {
  if (typeof value === 'string') return shown ? mask.mask(value) : value;
  if (Array.isArray(value)) return value.map((item) => maskFields(mask, item, shown));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = EDITS.has(key) ? item : maskFields(mask, item, shown || SHOWN.has(key));
  }
  return copy;
}
