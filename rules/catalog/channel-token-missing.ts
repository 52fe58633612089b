import { channelConfigs, conventionalSecretName, REQUIRED_TOKENS } from '../analyzers/channel-tokens.js';
import { formatPath, subject } from '../framework/describe.js';
import { propertiesNamed } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { declaredSecretNames } from '../analyzers/secrets.js';

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
    assumptions:
      'A channel shipped with `"enabled": false` is not set up, so it needs no token yet. An empty token is treated as a missing one.',
    messages: {
      tokenMissing: `{{problem}}, so a new deploy cannot connect the bot. {{advice}}, or set \`"enabled": false\` in \`{{where}}\` until you have one.`,
    },
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
        const what = field === 'appToken' ? 'the app-level token (`xapp-…`, for Socket Mode)' : 'the bot token';
        const problem = token
          ? `${subject(tokenPath)} is empty: the platform needs ${what} when it first sets the channel up`
          : `${subject(path)} has no \`${field}\`: the platform needs ${what} when it first sets the channel up`;
        const advice = declared.has(secret)
          ? `Write \`"${field}": "env:${secret}"\` (\`${secret}\` is declared in \`secrets\`)`
          : `Store the token in the secrets vault as \`${secret}\`, declare it in \`secrets\` and write \`"${field}": "env:${secret}"\``;
        context.report({
          path: tokenPath,
          span: spanOf(token ?? key),
          messageId: 'tokenMissing',
          data: { problem, advice, where: formatPath(path) },
        });
      }
    }
  },
});
