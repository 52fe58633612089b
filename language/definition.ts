import type { Location, Position } from 'vscode-languageserver';
import { channelKeys, nameAt, secretDeclarations } from '../rules/index.js';
import type { OpenDocument } from './documents.js';
import { maskShown } from './masking.js';

/**
 * From an `env:NAME` channel token to the declaration of secret NAME in `secrets[]`, and from a
 * task's `delivery.channel` to the channel's key under `channels`.
 */
export function provideDefinition(document: OpenDocument, position: Position): Location[] | null {
  return maskShown(document, definitions(document, position));
}

function definitions(document: OpenDocument, position: Position): Location[] | null {
  const doc = document.parsed;
  const found = nameAt(doc, document.offsetAt(position));
  if (!found) return null;
  const at = (start: number, end: number): Location => ({ uri: document.uri, range: document.rangeOf(start, end) });
  if (found.kind === 'env-reference') {
    const declarations = secretDeclarations(doc).filter((declaration) => declaration.name === found.name);
    return declarations.length > 0 ? declarations.map((d) => at(d.node.offset, d.node.offset + d.node.length)) : null;
  }
  if (found.kind === 'delivery-channel') {
    const key = channelKeys(doc).get(found.name);
    return key ? [at(key.offset, key.offset + key.length)] : null;
  }
  return null;
}
