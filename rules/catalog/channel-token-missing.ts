import { channelConfigs, conventionalSecretName, REQUIRED_TOKENS, type TokenField } from '../analyzers/channel-tokens.js';
import { formatPath, subject } from '../framework/describe.js';
import { propertiesNamed } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { declaredSecretNames } from '../analyzers/secrets.js';

/** A message of this rule: what is missing, why it matters, and what to write. */
const said = (problem: string, advice: string) =>
  `${problem}, so a new deploy cannot connect the bot. ${advice}, or set \`"enabled": false\` in \`{{where}}\` until you have one.`;
const NEEDS_BOT_TOKEN = 'the platform needs the bot token when it first sets the channel up';
const NEEDS_APP_TOKEN = 'the platform needs the app-level token (`xapp-…`, for Socket Mode) when it first sets the channel up';
/** The conventional secret is not declared yet. */
const store = (field: TokenField) =>
  `Store the token in the secrets vault as \`{{secret}}\`, declare it in \`secrets\` and write \`"${field}": "env:{{secret}}"\``;
/** The conventional secret is declared: only the reference is left to write. */
const write = (field: TokenField) => `Write \`"${field}": "env:{{secret}}"\` (\`{{secret}}\` is declared in \`secrets\`)`;

/** By token, by whether the field is missing or empty, and by whether its conventional secret is declared. */
const MESSAGES = {
  botTokenMissing: said(`{{subject}} has no \`botToken\`: ${NEEDS_BOT_TOKEN}`, store('botToken')),
  botTokenMissingDeclared: said(`{{subject}} has no \`botToken\`: ${NEEDS_BOT_TOKEN}`, write('botToken')),
  botTokenEmpty: said(`{{subject}} is empty: ${NEEDS_BOT_TOKEN}`, store('botToken')),
  botTokenEmptyDeclared: said(`{{subject}} is empty: ${NEEDS_BOT_TOKEN}`, write('botToken')),
  appTokenMissing: said(`{{subject}} has no \`appToken\`: ${NEEDS_APP_TOKEN}`, store('appToken')),
  appTokenMissingDeclared: said(`{{subject}} has no \`appToken\`: ${NEEDS_APP_TOKEN}`, write('appToken')),
  appTokenEmpty: said(`{{subject}} is empty: ${NEEDS_APP_TOKEN}`, store('appToken')),
  appTokenEmptyDeclared: said(`{{subject}} is empty: ${NEEDS_APP_TOKEN}`, write('appToken')),
};

export const channelTokenMissing = defineRule({
  meta: {
    id: 'channel-token-missing',
    category: 'Model, secrets, channels',
    severity: 'warning',
    description: 'Telegram, Discord or Slack has no `botToken`, or Slack no `appToken` (required when the channel is first set up).',
    rationale:
      'The platform needs the bot token (and for Slack the app-level token, for Socket Mode) when it first sets a channel up; without it a new deploy cannot connect the bot, and the channel stays silent.',
    evidence:
      '"`channels.*.botToken` | Required on initial setup (Slack also requires `appToken`)" (https://docs.pinata.cloud/agents/manifest); "`botToken` | string | yes (all channels)", "`appToken` | string | yes (Slack only)" (https://docs.pinata.cloud/agents/api). Pinata\'s starter README ships `"slack": { "enabled": true }` without tokens, hence a warning.',
    assumptions: 'A channel shipped with `"enabled": false` is not set up, so it needs no token yet. An empty token is treated as a missing one.',
    messages: MESSAGES,
    fixable: false,
    covers: [
      '/$defs/telegram/properties/botToken/minLength',
      '/$defs/discord/properties/botToken/minLength',
      '/$defs/slack/properties/botToken/minLength',
      '/$defs/slack/properties/appToken/minLength',
    ],
    judgesObject: true,
  },
  check(context) {
    const declared = declaredSecretNames(context.doc);
    for (const { channel, path, key, config, enabled } of channelConfigs(context.doc)) {
      const fields = REQUIRED_TOKENS.get(channel);
      if (!fields || !enabled) continue;
      for (const field of fields) {
        const token = propertiesNamed(config, field).at(-1)?.children?.[1];
        // A token of the wrong type is `type-mismatch`'s; any other string is a token.
        if (token && !(token.type === 'string' && token.value === '')) continue;
        const tokenPath = [...path, field];
        const secret = conventionalSecretName(channel, field);
        const messageId: keyof typeof MESSAGES = `${field}${token ? 'Empty' : 'Missing'}${declared.has(secret) ? 'Declared' : ''}`;
        context.report({
          path: tokenPath,
          span: spanOf(token ?? key),
          messageId,
          data: { subject: subject(token ? tokenPath : path), secret, where: formatPath(path) },
        });
      }
    }
  },
});
