import { channelTokens, pastedToken, tokenDescription } from '../analyzers/channel-tokens.js';
import { formatPath } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { declareSecret, declaredSecretNames, ENV_NAME } from '../analyzers/secrets.js';

export const channelTokenEnvUndeclared = defineRule({
  meta: {
    id: 'channel-token-env-undeclared',
    category: 'Model, secrets, channels',
    severity: 'warning',
    description: 'A channel token reads `env:VAR`, but `secrets[]` does not declare `VAR`, so the deploy form never asks for it.',
    rationale:
      'An `env:VAR` token is read from the environment, which holds only the secrets declared in `secrets[]`: undeclared, the deploy form never asks for it and the channel starts without a token.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#secrets: `secrets` "Declares the secrets this agent needs. These are env-var names", each with a `description` "Shown on the deploy form". That an undeclared variable is never asked for is the linter\'s inference from this; a secret attached to the agent in its Secrets tab (https://docs.pinata.cloud/agents/secrets) is in the environment without being declared.',
    messages: {
      tokenEnvUndeclared: `\`{{where}}\` reads the environment variable \`{{name}}\`, but \`secrets\` does not declare it, so the deploy form never asks for its value and the channel starts without a token. Declare \`{{name}}\` in \`secrets\`.`,
    },
    fixTitles: {
      declare: 'Declare the secret `{{name}}`',
    },
    fixable: true,
    crossReference: true,
  },
  check(context) {
    const declared = declaredSecretNames(context.doc);
    const reported = new Set<string>();
    for (const token of channelTokens(context.doc)) {
      const name = token.envName;
      // A token pasted after `env:` is `channel-token-env-format`'s: declaring it would copy it.
      if (name === undefined || !ENV_NAME.test(name) || declared.has(name) || pastedToken(name)) continue;
      const edits = reported.has(name) ? [] : declareSecret(context.doc, name, tokenDescription(token.channel, token.field));
      reported.add(name);
      context.report({
        path: token.path,
        span: spanOf(token.node),
        messageId: 'tokenEnvUndeclared',
        data: { where: formatPath(token.path), name },
        ...(edits.length ? { fixes: [{ titleId: 'declare', titleData: { name }, edits }] } : {}),
      });
    }
  },
});
