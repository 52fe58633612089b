import { ENV_LINE, isPlaceholder } from '../framework/placeholders.js';
import {
  envReferenceIntent,
  expectedTokenKind,
  literalChannelTokens,
  REQUIRED_TOKENS,
  shownToken,
  TOKEN_KIND_LABEL,
  tokenKind,
  type ChannelToken,
  type TokenKind,
} from '../analyzers/channel-tokens.js';
import { subject } from '../framework/describe.js';
import { nodeAt } from '../framework/document.js';
import { defineRule, spanOf, type FindingMessage } from '../framework/rule.js';

const DISCORD_AUTH_SCHEME = /^Bot\s+/;
/** Telegram's API URL is `https://api.telegram.org/bot<token>/…`: the `bot` is not part of the token. */
const TELEGRAM_URL_PREFIX = /^bot(?=\d+:)/;

/** The kinds a channel's token field takes (`slack.appToken` takes `slack-app`). */
const EXPECTED_KINDS = [...new Set([...REQUIRED_TOKENS].flatMap(([channel, fields]) => fields.map((field) => expectedTokenKind(channel, field)!)))];
const KINDS = Object.keys(TOKEN_KIND_LABEL) as TokenKind[];

/** `slack-app` → `SlackApp`, to name the messages about a kind. */
const idOf = (kind: TokenKind) => kind.replace(/(?:^|-)([a-z])/g, (_, letter: string) => letter.toUpperCase());
const kindId = (kind: TokenKind) => idOf(kind).replace(/^./, (letter) => letter.toLowerCase());
/** `telegramNotSlackBot`: a token of `found`'s kind in a field that takes `expected`. */
const otherKindId = (found: TokenKind, expected: TokenKind) => `${kindId(found)}Not${idOf(expected)}`;
/** `notShapedLikeSlackBot`: a token of no known kind in a field that takes `expected`. */
const noKindId = (expected: TokenKind) => `notShapedLike${idOf(expected)}`;

const said = (explain: string) => `{{subject}} ({{shownToken}}) ${explain}`;
/** Swapped Slack tokens: the field holds the other field's kind, and the other field this one's. */
const swapped = (kind: TokenKind, otherField: string, wanted: TokenKind) =>
  said(
    `holds ${TOKEN_KIND_LABEL[kind].name} and \`${otherField}\` ${TOKEN_KIND_LABEL[wanted].name}: the two look swapped. Swap them (\`botToken\` takes the \`xoxb-\` token, \`appToken\` the \`xapp-\` one).`,
  );

/** A message per way a token is off: by what it holds instead, and for a token of another kind by both kinds. */
const MESSAGES: Record<string, string> = {
  whitespaceAround: said('has whitespace around the token, which would be sent as part of it. Remove the spaces.'),
  envReference: said(
    'looks like a reference to the environment variable `{{variable}}`, but the platform reads a variable only from `env:` followed by its name, so it would send this text as the token. Write `"env:{{variable}}"`.',
  ),
  swappedInBotToken: swapped('slack-app', 'appToken', 'slack-bot'),
  swappedInAppToken: swapped('slack-bot', 'botToken', 'slack-app'),
  discordAuthScheme: said('starts with `Bot `, the scheme of the HTTP `Authorization` header, which is not part of the token. Keep only the token after it.'),
  telegramUrlPrefix: said('starts with `bot`, which belongs to the Telegram API URL, not to the token. Keep only `<digits>:<secret>` after it.'),
  ...Object.fromEntries(
    EXPECTED_KINDS.flatMap((expected) => {
      const wanted = TOKEN_KIND_LABEL[expected];
      return [
        ...KINDS.filter((found) => found !== expected).map((found) => [
          otherKindId(found, expected),
          said(`looks like ${TOKEN_KIND_LABEL[found].name}, not ${wanted.name}, which ${wanted.shape}. Check that you pasted the right token into this field.`),
        ]),
        [
          noKindId(expected),
          said(`does not have the shape of ${wanted.name}, which ${wanted.shape}. Check that you pasted the whole token, and the right one.`),
        ],
      ];
    }),
  ),
};

export const channelTokenShape = defineRule({
  meta: {
    id: 'channel-token-shape',
    category: 'Model, secrets, channels',
    severity: 'warning',
    description:
      "A literal channel token does not have the shape of its channel's tokens (Slack `xoxb-`/`xapp-`, swapped Slack tokens, Telegram `<digits>:<secret>`, Discord three dot-separated parts).",
    rationale:
      'Each provider issues tokens of a recognisable shape. A token of another shape was pasted into the wrong field, cut short, or is not a token at all (a placeholder, a variable name), and the channel fails to connect when the agent starts.',
    evidence:
      'https://docs.pinata.cloud/agents/channels (Slack): "bot token starts with `xoxb-`, app token starts with `xapp-`". The Telegram and Discord shapes are not in Pinata\'s docs: they are the providers\' own token formats.',
    assumptions:
      "Shapes are the providers' published formats: Slack bot tokens start `xoxb-` and app-level tokens `xapp-`, Telegram bot tokens are `<bot id>:<secret>`, Discord bot tokens are three base64url parts joined by dots. Only the shape is checked, never whether the token works.",
    messages: MESSAGES,
    fixable: false,
  },
  check(context) {
    const { doc } = context;
    const tokens = literalChannelTokens(doc).filter((token) => nodeAt(doc.root, token.path) === token.node);
    for (const token of tokens) {
      const expected = expectedTokenKind(token.channel, token.field);
      if (!expected) continue;
      const trimmed = token.value.trim();
      // A placeholder is `channel-token-literal`'s, which says what to write instead; so is a
      // `.env` line pasted whole, whose token is not what the field's shape is about.
      if (isPlaceholder(trimmed) || ENV_LINE.test(trimmed)) continue;
      const kind = tokenKind(trimmed);
      // `process.env.NAME` has a Discord token's three dotted parts, and is a reference all the same.
      if (kind === expected && trimmed === token.value && envReferenceIntent(trimmed) === undefined) continue;
      const { messageId, data } = explain(token, trimmed, kind, expected, tokens);
      context.report({
        path: token.path,
        span: spanOf(token.node),
        messageId,
        data: { subject: subject(token.path), shownToken: shownToken(token.value), ...data },
      });
    }
  },
});

/** What is off about the token: its message, and the values it fills in besides the subject and the token. */
function explain(token: ChannelToken, trimmed: string, kind: TokenKind | undefined, expected: TokenKind, tokens: ChannelToken[]): FindingMessage {
  const variable = envReferenceIntent(token.value);
  if (variable !== undefined) return { messageId: 'envReference', data: { variable } };
  if (kind === expected) return { messageId: 'whitespaceAround' };
  if (token.channel === 'slack') {
    const otherField = token.field === 'botToken' ? 'appToken' : 'botToken';
    const other = tokens.find((candidate) => candidate.channel === 'slack' && candidate.field === otherField);
    const otherKind = other ? tokenKind(other.value.trim()) : undefined;
    if (kind !== undefined && kind === expectedTokenKind('slack', otherField) && otherKind === expected) {
      return { messageId: token.field === 'botToken' ? 'swappedInBotToken' : 'swappedInAppToken' };
    }
  }
  if (token.channel === 'discord' && DISCORD_AUTH_SCHEME.test(trimmed) && tokenKind(trimmed.replace(DISCORD_AUTH_SCHEME, '')) === 'discord') {
    return { messageId: 'discordAuthScheme' };
  }
  if (token.channel === 'telegram' && TELEGRAM_URL_PREFIX.test(trimmed) && tokenKind(trimmed.replace(TELEGRAM_URL_PREFIX, '')) === 'telegram') {
    return { messageId: 'telegramUrlPrefix' };
  }
  return { messageId: kind !== undefined ? otherKindId(kind, expected) : noKindId(expected) };
}
