import { channelTokens, conventionalSecretName, ENV_PREFIX, moveTokenToSecret, pastedToken } from '../analyzers/channel-tokens.js';
import { maskSecret } from '../framework/masking.js';
import { listOf, subject } from '../framework/describe.js';
import { nodeAt } from '../framework/document.js';
import { envNameFor } from '../analyzers/env-names.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf, type FixSpec } from '../framework/rule.js';
import { declaredSecretNames, ENV_NAME } from '../analyzers/secrets.js';

const NAME_CHARACTER = /[A-Za-z0-9_]/;
const WHITESPACE = /\s/;
const SHELL_REFERENCE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$|^\$([A-Za-z_][A-Za-z0-9_]*)$/;
/** A long run without separators: random-looking text that may be a credential, not a name. */
const OPAQUE_RUN = /[^\s_.-]{24,}/;

export const channelTokenEnvFormat = defineRule({
  meta: {
    id: 'channel-token-env-format',
    category: 'Model, secrets, channels',
    severity: 'error',
    description: 'A channel token `env:` reference has an empty or invalid variable name.',
    rationale:
      'The platform reads an `env:NAME` token from the environment variable `NAME`. After `env:` it needs a valid variable name; with none, or with one no variable can have (a space, a `-`, `$`), the channel starts without a token.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#channels: "Use `env:VAR_NAME` to read from an environment variable instead of embedding a literal token." Which names count as valid is the linter\'s own inference from POSIX environment variable names; the docs give no pattern.',
    messages: {
      tokenEnvFormat: `{{subject}} is {{shown}}: {{problem}}, so the channel starts without a token. {{advice}}`,
    },
    fixTitles: {
      useSecret: 'Use `{{reference}}`',
      moveToSecret: 'Move the token to the secret `{{name}}`',
    },
    fixable: true,
    suggests: true,
    covers: [
      '/$defs/telegram/properties/botToken/pattern',
      '/$defs/discord/properties/botToken/pattern',
      '/$defs/slack/properties/botToken/pattern',
      '/$defs/slack/properties/appToken/pattern',
    ],
  },
  check(context) {
    const { doc } = context;
    const declared = declaredSecretNames(doc);
    for (const token of channelTokens(doc)) {
      const name = token.envName;
      // A token pasted after `env:` may look like a variable name (`sk_live_…`): it is still no name.
      if (name === undefined || (ENV_NAME.test(name) && !pastedToken(name))) continue;
      // A value that a later duplicate key overrides is `duplicate-key`'s.
      if (nodeAt(doc.root, token.path) !== token.node) continue;
      const conventional = conventionalSecretName(token.channel, token.field);
      const { problem, meant, certain, pasted } = diagnose(name, conventional);
      // A repair is applied when it only drops syntax (spaces, `$`), or when it names a declared secret.
      const fixable = meant !== undefined && (certain || declared.has(meant));
      const shown = showable(name) ? `\`${JSON.stringify(token.value)}\`` : `\`${maskSecret(token.value)}\``;
      const advice = pasted
        ? `Store the token in the secrets vault as \`${conventional}\`, declare it in \`secrets\` and write \`${ENV_PREFIX}${conventional}\`; if the manifest was ever shared, re-issue the token with the provider.`
        : meant
        ? `Write \`${ENV_PREFIX}${meant}\`${declared.has(meant) ? `, the secret declared in \`secrets\`` : ''}.`
        : `Write \`${ENV_PREFIX}\` followed by the name of a secret declared in \`secrets\`, such as \`${ENV_PREFIX}${conventional}\`.`;
      const fixes: FixSpec[] = fixable
        ? [{ titleId: 'useSecret', titleData: { reference: `${ENV_PREFIX}${meant}` }, edits: [replaceValue(token.node, `${ENV_PREFIX}${meant}`)] }]
        : [];
      // A token pasted after `env:` moves to the vault the way a literal token does.
      const moved = pasted ? moveTokenToSecret(doc, token, declared) : undefined;
      context.report({
        path: token.path,
        span: spanOf(token.node),
        messageId: 'tokenEnvFormat',
        data: { subject: subject(token.path), shown, problem, advice },
        ...(moved
          ? {
              fixes: [
                {
                  titleId: 'moveToSecret',
                  titleData: { name: moved.name },
                  edits: moved.edits,
                  afterwards: moved.afterwards,
                },
              ],
            }
          : fixes.length
            ? { suggestions: fixes }
            : {}),
      });
    }
  },
});

interface Diagnosis {
  problem: string;
  /** The variable name most likely meant. */
  meant: string | undefined;
  /** True when `meant` only drops syntax around a valid name, so replacing it changes nothing else. */
  certain: boolean;
  /** The text after `env:` is a credential, not a name. */
  pasted?: boolean;
}

function diagnose(name: string, conventional: string): Diagnosis {
  if (name.length === 0) return { problem: 'it names no variable after `env:`', meant: undefined, certain: false };
  if (pastedToken(name)) {
    return {
      problem: 'what follows `env:` looks like the token itself, not the name of a variable',
      meant: conventional,
      certain: false,
      pasted: true,
    };
  }
  const trimmed = name.trim();
  if (trimmed.length === 0) return { problem: 'only whitespace follows `env:`', meant: undefined, certain: false };
  if (trimmed !== name && ENV_NAME.test(trimmed)) {
    return { problem: 'the variable name has whitespace around it', meant: trimmed, certain: true };
  }
  const shell = SHELL_REFERENCE.exec(trimmed);
  if (shell) {
    return { problem: 'the variable is written in shell syntax (`$`), and `env:` takes the bare name', meant: shell[1] ?? shell[2], certain: true };
  }
  const meant = envNameFor(trimmed);
  if (/^[0-9]/.test(trimmed)) return { problem: 'the variable name starts with a digit, which no variable name can', meant, certain: false };
  const others = [...new Set([...trimmed].filter((c) => !NAME_CHARACTER.test(c)))];
  const spaces = others.some((c) => WHITESPACE.test(c));
  const shown = others.filter((c) => !WHITESPACE.test(c)).slice(0, 3);
  const parts = [...(spaces ? ['whitespace'] : []), ...(shown.length ? [listOf(shown, 'and')] : [])];
  return { problem: `the variable name contains ${parts.join(' and ')}, which no variable name can`, meant, certain: false };
}

/** Whether the text after `env:` can be shown: short, and not random-looking (it might be a pasted credential). */
function showable(name: string): boolean {
  return name.length <= 40 && !OPAQUE_RUN.test(name) && !pastedToken(name);
}


