import type { Node } from 'jsonc-parser';
import { nodeAt, propertiesNamed } from './document.js';
import type { ParsedDocument } from './document.js';
import { spanOf, type Span } from './rule.js';
import { forEachValue } from './walk.js';
import type { JsonPath } from './types.js';

export const TOKEN_FIELDS = ['botToken', 'appToken'] as const;
export type TokenField = (typeof TOKEN_FIELDS)[number];

export const ENV_PREFIX = 'env:';

export interface ChannelToken {
  channel: string;
  field: TokenField;
  path: JsonPath;
  node: Node;
  /** The string value; for `env:` references, the text after the prefix is `envName`. */
  value: string;
  envName: string | undefined;
  /** The string's content without its quotes. */
  span: Span;
}

/**
 * Every string `botToken` / `appToken` under `channels`, duplicates included: a token that a
 * later duplicate key overrides is still in the text, so it still must not leak.
 */
export function channelTokens(doc: ParsedDocument): ChannelToken[] {
  const channels = nodeAt(doc.root, ['channels']);
  if (channels?.type !== 'object') return [];
  const tokens: ChannelToken[] = [];
  for (const property of channels.children ?? []) {
    const [key, config] = property.children ?? [];
    if (typeof key?.value !== 'string' || config?.type !== 'object') continue;
    for (const field of TOKEN_FIELDS) {
      for (const tokenProperty of propertiesNamed(config, field)) {
      const node = tokenProperty.children?.[1];
      if (node?.type !== 'string') continue;
      const value = node.value as string;
      const whole = spanOf(node);
      tokens.push({
        channel: key.value,
        field,
        path: ['channels', key.value, field],
        node,
        value,
        envName: value.startsWith(ENV_PREFIX) ? value.slice(ENV_PREFIX.length) : undefined,
        span: { start: whole.start + 1, end: Math.max(whole.start + 1, whole.end - 1) },
      });
      }
    }
  }
  return tokens;
}

/** Tokens pasted in clear text: everything not an `env:` reference and not empty. */
export function literalChannelTokens(doc: ParsedDocument): ChannelToken[] {
  return channelTokens(doc).filter((token) => token.envName === undefined && token.value.length > 0);
}

/**
 * Shapes of credentials people paste into manifests: Slack bot, user and app tokens, Telegram
 * bot tokens, Discord bot tokens, provider API keys and GitHub tokens. Anything of these shapes
 * is masked wherever it appears, not only under a channel's token fields.
 */
const TOKEN_SHAPES: readonly RegExp[] = [
  /^xox[abposr]-[A-Za-z0-9-]{10,}$/,
  /^xapp-[A-Za-z0-9-]{10,}$/,
  /^\d{5,12}:[A-Za-z0-9_-]{30,}$/,
  /^[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}$/,
  /^sk-[A-Za-z0-9_-]{20,}$/,
  /^gh[pousr]_[A-Za-z0-9]{30,}$/,
];

export function looksLikeToken(value: string): boolean {
  return value.length >= 20 && TOKEN_SHAPES.some((shape) => shape.test(value));
}

/** Ranges to mask in any output: literal channel tokens and token-shaped strings anywhere. */
export function secretSpans(doc: ParsedDocument): Span[] {
  const spans = literalChannelTokens(doc).map((token) => token.span);
  const seen = new Set(spans.map((span) => span.start));
  forEachValue(doc.root, (node) => {
    if (node.type === 'string' && looksLikeToken(node.value) && !seen.has(node.offset + 1)) {
      spans.push({ start: node.offset + 1, end: node.offset + node.length - 1 });
    }
  });
  return spans.sort((a, b) => a.start - b.start);
}

/** What a message may show of a secret: at most its first four characters. */
export function maskSecret(value: string): string {
  const characters = [...value];
  return `${characters.slice(0, Math.min(4, Math.floor(characters.length / 2))).join('')}…`;
}
