import { maskFor } from '../rules/index.js';
import type { OpenDocument } from './documents.js';
import type { HoldsSecretResult } from '../protocol/holds-secret.js';

/**
 * Whether an open document holds a secret the engine would mask in any output. A document
 * the host does not have counts as holding one: what was not checked is not shared.
 */
export function holdsSecret(document: OpenDocument | undefined): HoldsSecretResult {
  return { holdsSecret: document === undefined || !maskFor(document.parsed).empty };
}
