import type { Node } from 'jsonc-parser';
import { contentSpan, derived, nodeAt, propertiesNamed } from '../framework/document.js';
import type { ParsedDocument } from '../framework/document.js';
import type { OffsetEdit, Span } from '../framework/rule.js';
import { declareSecret } from './secrets.js';
import { formatPath } from '../framework/json-path.js';
import type { JsonPath } from '../framework/types.js';
import { findSecrets, looksLikeToken } from '../framework/secret-detector.js';
import { ENV_LINE, isPlaceholder } from '../framework/placeholders.js';
import { maskSecret } from '../framework/masking.js';

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
export function channelTokens(doc: ParsedDocument): readonly ChannelToken[] {
  return derived(doc, readChannelTokens);
}

function readChannelTokens(doc: ParsedDocument): ChannelToken[] {
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
        tokens.push({
          channel: key.value,
          field,
          path: ['channels', key.value, field],
          node,
          value,
          envName: value.startsWith(ENV_PREFIX) ? value.slice(ENV_PREFIX.length) : undefined,
          span: contentSpan(doc.text, node),
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
 * Whether a literal token is a credential pasted in clear text, as channel-token-literal reports
 * it: neither a placeholder (`YOUR_BOT_TOKEN`) nor a reference written wrongly (`$TOKEN`, `ENV:TOKEN`).
 */
export function isPastedToken(value: string): boolean {
  return !isPlaceholder(value) && envReferenceIntent(value) === undefined;
}

/** The token fields each channel needs when it is first set up (Slack's Socket Mode adds `appToken`). */
export const REQUIRED_TOKENS: ReadonlyMap<string, readonly TokenField[]> = new Map([
  ['telegram', ['botToken']],
  ['discord', ['botToken']],
  ['slack', ['botToken', 'appToken']],
]);

/** The secret a channel token conventionally reads: `TELEGRAM_BOT_TOKEN`, `SLACK_APP_TOKEN`. */
export function conventionalSecretName(channel: string, field: TokenField): string {
  return `${channel.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}_${field === 'appToken' ? 'APP' : 'BOT'}_TOKEN`;
}

export interface ChannelConfig {
  channel: string;
  path: JsonPath;
  /** The channel's key, where findings about the channel as a whole (or a missing field) go. */
  key: Node;
  /** The channel's value: an object for any channel worth checking. */
  config: Node;
  /** False only for an explicit `"enabled": false`: the channel is shipped switched off. */
  enabled: boolean;
}

/** Each channel under `channels` whose value is an object; of duplicate keys, the last (as JSON.parse). */
export function channelConfigs(doc: ParsedDocument): ChannelConfig[] {
  const channels = nodeAt(doc.root, ['channels']);
  if (channels?.type !== 'object') return [];
  const byName = new Map<string, ChannelConfig>();
  for (const property of channels.children ?? []) {
    const [key, config] = property.children ?? [];
    if (typeof key?.value !== 'string') continue;
    byName.delete(key.value);
    if (config?.type !== 'object') continue;
    const enabled = propertiesNamed(config, 'enabled').at(-1)?.children?.[1];
    byName.set(key.value, {
      channel: key.value,
      path: ['channels', key.value],
      key,
      config,
      enabled: !(enabled?.type === 'boolean' && enabled.value === false),
    });
  }
  return [...byName.values()];
}

/** What a pasted credential is, judged by its shape alone. */
export type TokenKind = 'slack-bot' | 'slack-app' | 'slack-user' | 'slack-other' | 'telegram' | 'discord';

/** The kind of token each channel field takes. */
export function expectedTokenKind(channel: string, field: TokenField): TokenKind | undefined {
  switch (channel) {
    case 'telegram':
      return field === 'botToken' ? 'telegram' : undefined;
    case 'discord':
      return field === 'botToken' ? 'discord' : undefined;
    case 'slack':
      return field === 'botToken' ? 'slack-bot' : 'slack-app';
    default:
      return undefined;
  }
}

/** How each kind is described to a person: what it is, and the shape that identifies it. */
export const TOKEN_KIND_LABEL: Readonly<Record<TokenKind, { name: string; shape: string }>> = {
  'slack-bot': { name: 'a Slack bot token', shape: 'starts with `xoxb-`' },
  'slack-app': { name: 'a Slack app-level token', shape: 'starts with `xapp-`' },
  'slack-user': { name: 'a Slack user token', shape: 'starts with `xoxp-`' },
  'slack-other': { name: 'a Slack token of another kind', shape: 'starts with `xox` and a letter' },
  telegram: { name: 'a Telegram bot token', shape: 'is `<digits>:<secret>`, as BotFather gives it' },
  discord: { name: 'a Discord bot token', shape: 'is three base64url parts separated by dots' },
};

const SLACK_TOKEN = /^xox([a-z])-/;
const SLACK_APP_TOKEN = /^xapp-/;
const TELEGRAM_TOKEN = /^\d+:[A-Za-z0-9_-]+$/;
const DISCORD_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function tokenKind(value: string): TokenKind | undefined {
  if (SLACK_APP_TOKEN.test(value)) return 'slack-app';
  const slack = SLACK_TOKEN.exec(value);
  if (slack) return slack[1] === 'b' ? 'slack-bot' : slack[1] === 'p' ? 'slack-user' : 'slack-other';
  if (TELEGRAM_TOKEN.test(value)) return 'telegram';
  if (DISCORD_TOKEN.test(value)) return 'discord';
  return undefined;
}

/**
 * The variable a value means to read when it is written in another syntax than `env:NAME`:
 * `ENV:NAME`, `env=NAME`, `$NAME`, `${NAME}`, `process.env.NAME`, or the bare `UPPER_SNAKE` name
 * of a variable. The platform reads only `env:` followed by the name, so such a value would be
 * sent to the provider as the token itself.
 */
export function envReferenceIntent(value: string): string | undefined {
  const trimmed = value.trim();
  const reference = ENV_REFERENCE_LIKE.exec(trimmed);
  if (reference) return reference.slice(1).find((name) => name !== undefined);
  return VARIABLE_NAME_LIKE.test(trimmed) ? trimmed : undefined;
}

/**
 * A literal token as a message shows it: a reference written wrongly (`$SLACK_BOT_TOKEN`) whole,
 * for it is a variable's name; a `.env` line pasted whole as its variable and the token's first
 * characters (`SLACK_BOT_TOKEN=xoxb…`); any other value as its first characters only.
 */
export function shownToken(value: string): string {
  if (envReferenceIntent(value) !== undefined) return value.trim();
  const assigned = ENV_LINE.exec(value);
  return assigned ? `${assigned[1]}=${maskSecret(assigned[2]!)}` : maskSecret(value);
}

const ENV_REFERENCE_LIKE =
  /^(?:env\s*[:=]\s*([A-Za-z_][A-Za-z0-9_]*)|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)|process\.env\.([A-Za-z_][A-Za-z0-9_]*))$/i;
/** `UPPER_SNAKE` with at least one underscore: the name of a variable, never a credential. */
const VARIABLE_NAME_LIKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** "Telegram bot token", shown on the deploy form next to the secret. */
export function tokenDescription(channel: string, field: string): string {
  const kind = field === 'appToken' ? 'app-level token' : 'bot token';
  return `${channel.charAt(0).toUpperCase()}${channel.slice(1)} ${kind} (channels.${channel}.${field})`;
}

/**
 * A credential pasted after `env:`: a known token shape long enough to be a real one, or any
 * secret the detector finds — which may look like a variable name (`sk_live_…`).
 */
export function pastedToken(name: string): boolean {
  const trimmed = name.trim();
  return looksLikeToken(trimmed) || (trimmed.length >= 20 && tokenKind(trimmed) !== undefined) || findSecrets(trimmed).length > 0;
}

/**
 * Edits that read a token from a secret instead of the text written for it: the value becomes
 * `env:<CHANNEL>_BOT_TOKEN` (or `_APP_TOKEN`, with `_2`, `_3`… when another token already reads
 * that name), declared in `secrets` unless it is. The token itself goes nowhere in the file.
 */
export function moveTokenToSecret(
  doc: ParsedDocument,
  token: ChannelToken,
  declared: ReadonlySet<string>,
): { name: string; edits: OffsetEdit[]; afterwards: string } {
  const base = conventionalSecretName(token.channel, token.field);
  // A declared but unused secret of that name is taken to be meant for this token.
  const usedElsewhere = derived(doc, namesReadByOtherTokens);
  let name = base;
  for (let n = 2; usedElsewhere.has(name); n++) name = `${base}_${n}`;
  const edits: OffsetEdit[] = [{ start: token.node.offset, end: token.node.offset + token.node.length, newText: JSON.stringify(`${ENV_PREFIX}${name}`) }];
  if (!declared.has(name)) edits.push(...declareSecret(doc, name, tokenDescription(token.channel, token.field)));
  const where = formatPath(token.path);
  // The token is gone from the file once the fix is applied: the user must put it where it is read.
  const afterwards = `the token that was in \`${where}\` is no longer in the file: store it in the secrets vault as \`${name}\` before the next deploy (or re-issue it with the provider).`;
  return { name, edits, afterwards };
}

function namesReadByOtherTokens(doc: ParsedDocument): ReadonlySet<string | undefined> {
  return new Set(channelTokens(doc).map((token) => token.envName));
}
