import { type ChannelToken, channelTokens, conventionalSecretName, ENV_PREFIX, envReferenceIntent, expectedTokenKind, literalChannelTokens, tokenDescription, tokenKind } from '../analyzers/channel-tokens.js';
import { maskSecret } from '../framework/masking.js';
import { formatPath } from '../framework/describe.js';
import { defineRule, spanOf, unlisted } from '../framework/rule.js';
import { declareSecret, declaredSecretNames } from '../analyzers/secrets.js';
import { derived, type ParsedDocument } from '../framework/document.js';

export const channelTokenLiteral = defineRule({
  meta: {
    id: 'channel-token-literal',
    category: 'Model, secrets, channels',
    severity: 'warning',
    description: 'A channel `botToken`/`appToken` is pasted in clear text instead of an `env:VAR` reference to a secret.',
    rationale:
      'A bot token in clear text can be used by anyone who can read the manifest or its repository. The platform reads `env:VAR` references from the secrets vault instead.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#channels: "Tokens are usually injected from secrets to avoid leaking into the manifest" and "Use `env:VAR_NAME` to read from an environment variable instead of embedding a literal token"; https://docs.pinata.cloud/agents/channels: "Bot tokens are sensitive. Keep them out of source control."',
    messages: {
      tokenLiteral: `\`{{where}}\` holds a token in clear text ({{shownToken}}): anyone who can read the manifest or its repository can use it. Store it in the secrets vault as \`{{name}}\`, write \`"${ENV_PREFIX}{{name}}"\` here and declare \`{{name}}\` in \`secrets\`; if the manifest was ever shared, re-issue the token with the provider.`,
    },
    fixable: true,
  },
  check(context) {
    const { doc } = context;
    const declared = declaredSecretNames(doc);
    let listing = true;
    for (const token of literalChannelTokens(doc)) {
      // `$TOKEN` or `ENV:TOKEN` is a reference written wrongly, not a token: channel-token-shape says so.
      if (envReferenceIntent(token.value) !== undefined) continue;
      // Past the cap a token is only counted: its name and fix are not worked out.
      if (!listing) {
        context.report(unlisted(token.path, spanOf(token.node)));
        continue;
      }
      const name = secretNameFor(doc, token);
      const edits = [{ ...spanOf(token.node), newText: JSON.stringify(`${ENV_PREFIX}${name}`) }];
      if (!declared.has(name)) edits.push(...declareSecret(doc, name, tokenDescription(token.channel, token.field)));
      // A token of another field's shape (Slack's two tokens swapped) would be stored under the wrong name.
      const kind = tokenKind(token.value);
      const misplaced = kind !== undefined && kind !== expectedTokenKind(token.channel, token.field);
      listing = context.report({
        path: token.path,
        span: spanOf(token.node),
        messageId: 'tokenLiteral',
        data: { where: formatPath(token.path), shownToken: maskSecret(token.value), name },
        ...(misplaced
          ? {}
          : {
              fixes: [
                {
                  title: `Move the token to the secret \`${name}\``,
                  edits,
                  afterwards: `the token that was in \`${formatPath(token.path)}\` is no longer in the file: store it in the secrets vault as \`${name}\` before the next deploy (or re-issue it with the provider).`,
                },
              ],
            }),
      });
    }
  },
});

/**
 * `<CHANNEL>_BOT_TOKEN` / `<CHANNEL>_APP_TOKEN`, with `_2`, `_3`… when another token already
 * reads that name (a declared but unused secret of that name is taken to be meant for this one).
 */
function secretNameFor(doc: ParsedDocument, token: ChannelToken): string {
  const base = conventionalSecretName(token.channel, token.field);
  // The token named here is a literal, so it reads no name itself: every name read is elsewhere.
  const usedElsewhere = derived(doc, namesReadByTokens);
  let name = base;
  for (let n = 2; usedElsewhere.has(name); n++) name = `${base}_${n}`;
  return name;
}

function namesReadByTokens(doc: ParsedDocument): ReadonlySet<string | undefined> {
  return new Set(channelTokens(doc).map((token) => token.envName));
}
