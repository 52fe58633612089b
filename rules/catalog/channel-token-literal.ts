import { ENV_PREFIX, expectedTokenKind, isPastedToken, literalChannelTokens, moveTokenToSecret, shownToken, tokenKind } from '../analyzers/channel-tokens.js';
import { isPlaceholder } from '../framework/placeholders.js';
import { formatPath } from '../framework/describe.js';
import { defineRule, spanOf, unlisted } from '../framework/rule.js';
import { declaredSecretNames } from '../analyzers/secrets.js';

export const channelTokenLiteral = defineRule({
  meta: {
    id: 'channel-token-literal',
    category: 'Model, secrets, channels',
    severity: 'warning',
    description: 'A channel `botToken`/`appToken` is pasted in clear text, or left as a placeholder, instead of an `env:VAR` reference to a secret.',
    rationale:
      'A bot token in clear text can be used by anyone who can read the manifest or its repository. The platform reads `env:VAR` references from the secrets vault instead.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#channels: "Tokens are usually injected from secrets to avoid leaking into the manifest" and "Use `env:VAR_NAME` to read from an environment variable instead of embedding a literal token"; https://docs.pinata.cloud/agents/channels: "Bot tokens are sensitive. Keep them out of source control."',
    messages: {
      placeholder: `\`{{where}}\` holds the placeholder {{value}}, not a token, so the channel cannot connect. Store the real token in the secrets vault as \`{{name}}\`, write \`"${ENV_PREFIX}{{name}}"\` here and declare \`{{name}}\` in \`secrets\`.`,
      tokenLiteral: `\`{{where}}\` holds a token in clear text ({{shownToken}}): anyone who can read the manifest or its repository can use it. Store it in the secrets vault as \`{{name}}\`, write \`"${ENV_PREFIX}{{name}}"\` here and declare \`{{name}}\` in \`secrets\`; if the manifest was ever shared, re-issue the token with the provider.`,
    },
    fixTitles: {
      readFromSecret: 'Read the token from the secret `{{name}}`',
      moveToSecret: 'Move the token to the secret `{{name}}`',
    },
    fixable: true,
  },
  check(context) {
    const { doc } = context;
    const declared = declaredSecretNames(doc);
    let listing = true;
    for (const token of literalChannelTokens(doc)) {
      // `$TOKEN` or `ENV:TOKEN` is a reference written wrongly, not a token: channel-token-shape says
      // so. `YOUR_BOT_TOKEN` looks like one too, but is a placeholder: this rule's.
      const placeholder = isPlaceholder(token.value);
      if (!placeholder && !isPastedToken(token.value)) continue;
      // Past the cap a token is only counted: its name and fix are not worked out.
      if (!listing) {
        context.report(unlisted(token.path, spanOf(token.node)));
        continue;
      }
      const { name, edits, afterwards } = moveTokenToSecret(doc, token, declared);
      // A token of another field's shape (Slack's two tokens swapped) would be stored under the wrong name.
      const kind = tokenKind(token.value);
      const misplaced = kind !== undefined && kind !== expectedTokenKind(token.channel, token.field);
      const where = formatPath(token.path);
      // A placeholder is no secret: shown whole, and replaced by the reference the real token needs.
      listing = context.report({
        path: token.path,
        span: spanOf(token.node),
        ...(placeholder
          ? { messageId: 'placeholder', data: { where, value: JSON.stringify(token.value), name } }
          : { messageId: 'tokenLiteral', data: { where, shownToken: shownToken(token.value), name } }),
        ...(misplaced
          ? {}
          : {
              fixes: [
                {
                  titleId: placeholder ? 'readFromSecret' : 'moveToSecret',
                  titleData: { name },
                  edits,
                  afterwards: placeholder ? `store the real token for \`${where}\` in the secrets vault as \`${name}\` before the next deploy.` : afterwards,
                },
              ],
            }),
      });
    }
  },
});
