import { maskFor } from '../rules/index.js';
import type { FeatureContext } from './context.js';
import type { HoldsSecretResult } from './secret-request.js';

/**
 * Whether the open document `uri` holds a secret the engine would mask in any output. A document
 * the server does not have counts as holding one: what was not checked is not shared.
 */
export function holdsSecret(context: FeatureContext, uri: string): HoldsSecretResult {
  const document = context.documents.get(uri);
  return { holdsSecret: document === undefined || !maskFor(document.parsed).empty };
}
