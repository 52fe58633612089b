import type { Node } from 'jsonc-parser';
import { channelTokens, ENV_PREFIX, type TokenField } from './channel-tokens.js';
import { arrayItems, contentSpan, nodeAt, propertyNode, type ParsedDocument } from '../framework/document.js';
import type { Span } from '../framework/rule.js';
import type { JsonPath } from '../framework/types.js';

/**
 * Where names are declared and used across a manifest, for editors: the secrets that `env:`
 * references in channel tokens read, and the channels that task deliveries name.
 */

/** A `secrets[].name` string. */
export interface SecretDeclaration {
  index: number;
  name: string;
  /** The string node of the name. */
  node: Node;
  path: JsonPath;
  /** The name's characters, without the quotes. */
  span: Span;
}

/** A channel token of the form `env:NAME`. */
export interface EnvReference {
  channel: string;
  field: TokenField;
  name: string;
  node: Node;
  path: JsonPath;
  /** The whole string content, without the quotes. */
  span: Span;
  /**
   * The name's characters. Equal to `span` when the text spells the prefix with escapes, so
   * that the name cannot be told apart from it.
   */
  nameSpan: Span;
}

/** A name and what it is, found at an offset. */
export type NameAt =
  | { kind: 'secret'; name: string; span: Span }
  | { kind: 'env-reference'; name: string; span: Span }
  | { kind: 'delivery-channel'; name: string; span: Span };

/** Every string `name` of `secrets[]`, in document order (duplicates included). */
export function secretDeclarations(doc: ParsedDocument): SecretDeclaration[] {
  const found: SecretDeclaration[] = [];
  for (const { index, node } of arrayItems(doc.root, ['secrets'])) {
    const name = node.type === 'object' ? propertyNode(node, 'name')?.children?.[1] : undefined;
    if (name?.type !== 'string') continue;
    found.push({ index, name: name.value as string, node: name, path: ['secrets', index, 'name'], span: contentSpan(doc.text, name) });
  }
  return found;
}

/** Every `env:` channel token, duplicates included. */
export function envReferences(doc: ParsedDocument): EnvReference[] {
  const found: EnvReference[] = [];
  for (const token of channelTokens(doc)) {
    if (token.envName === undefined) continue;
    const raw = doc.text.slice(token.span.start, token.span.end);
    const plain = raw === token.value;
    found.push({
      channel: token.channel,
      field: token.field,
      name: token.envName,
      node: token.node,
      path: token.path,
      span: token.span,
      nameSpan: plain ? { start: token.span.start + ENV_PREFIX.length, end: token.span.end } : token.span,
    });
  }
  return found;
}

/** The key nodes of `channels`, by channel name (the last of duplicate keys). */
export function channelKeys(doc: ParsedDocument): Map<string, Node> {
  const keys = new Map<string, Node>();
  const channels = nodeAt(doc.root, ['channels']);
  if (channels?.type !== 'object') return keys;
  for (const property of channels.children ?? []) {
    const key = property.children?.[0];
    if (typeof key?.value === 'string') keys.set(key.value, key);
  }
  return keys;
}

/** `tasks[i].delivery.channel` strings. */
export function deliveryChannels(doc: ParsedDocument): { taskIndex: number; name: string; node: Node; span: Span }[] {
  const found: { taskIndex: number; name: string; node: Node; span: Span }[] = [];
  for (const { index, node } of arrayItems(doc.root, ['tasks'])) {
    const channel = nodeAt(node, ['delivery', 'channel']);
    if (channel?.type === 'string') found.push({ taskIndex: index, name: channel.value as string, node: channel, span: contentSpan(doc.text, channel) });
  }
  return found;
}

/** The secret name, `env:` reference or delivery channel whose string holds `offset`, if any. */
export function nameAt(doc: ParsedDocument, offset: number): NameAt | undefined {
  const inside = (node: Node) => offset >= node.offset && offset <= node.offset + node.length;
  const declaration = secretDeclarations(doc).find((d) => inside(d.node));
  if (declaration) return { kind: 'secret', name: declaration.name, span: declaration.span };
  const reference = envReferences(doc).find((r) => inside(r.node));
  if (reference) return { kind: 'env-reference', name: reference.name, span: reference.nameSpan };
  const delivery = deliveryChannels(doc).find((d) => inside(d.node));
  if (delivery) return { kind: 'delivery-channel', name: delivery.name, span: delivery.span };
  return undefined;
}
