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

/** A message of this rule: the value, what is wrong with the name after `env:`, and what to write. */
const said = (problem: string, advice: string) => `{{subject}} is {{shown}}: ${problem}, so the channel starts without a token. ${advice}`;
/** The name after `env:` repaired, and a secret of that name declared. */
const WRITE_DECLARED = 'Write `env:{{name}}`, the secret declared in `secrets`.';
/** The name after `env:` repaired, and no secret of that name declared. */
const WRITE_GUESSED = 'Write `env:{{name}}`.';
/** No name left to repair: the conventional one as an example. */
const WRITE_SUCH_AS = 'Write `env:` followed by the name of a secret declared in `secrets`, such as `env:{{conventional}}`.';
const CONTAINS = 'the variable name contains';
const NO_NAME_CAN = 'which no variable name can';

/**
 * By what is wrong after `env:`, and then by the name to write: `…Declared` a repaired name
 * that is a declared secret, `…Guessed` one that is not, neither when no name is left.
 */
const MESSAGES = {
  noName: said('it names no variable after `env:`', WRITE_SUCH_AS),
  pastedToken: said(
    'what follows `env:` looks like the token itself, not the name of a variable',
    'Store the token in the secrets vault as `{{conventional}}`, declare it in `secrets` and write `env:{{conventional}}`; if the manifest was ever shared, re-issue the token with the provider.',
  ),
  onlyWhitespace: said('only whitespace follows `env:`', WRITE_SUCH_AS),
  whitespaceAroundDeclared: said('the variable name has whitespace around it', WRITE_DECLARED),
  whitespaceAroundGuessed: said('the variable name has whitespace around it', WRITE_GUESSED),
  shellSyntaxDeclared: said('the variable is written in shell syntax (`$`), and `env:` takes the bare name', WRITE_DECLARED),
  shellSyntaxGuessed: said('the variable is written in shell syntax (`$`), and `env:` takes the bare name', WRITE_GUESSED),
  leadingDigit: said(`the variable name starts with a digit, ${NO_NAME_CAN}`, WRITE_SUCH_AS),
  invalidCharacters: said(`${CONTAINS} {{characters}}, ${NO_NAME_CAN}`, WRITE_SUCH_AS),
  invalidCharactersDeclared: said(`${CONTAINS} {{characters}}, ${NO_NAME_CAN}`, WRITE_DECLARED),
  invalidCharactersGuessed: said(`${CONTAINS} {{characters}}, ${NO_NAME_CAN}`, WRITE_GUESSED),
  whitespaceInside: said(`${CONTAINS} whitespace, ${NO_NAME_CAN}`, WRITE_SUCH_AS),
  whitespaceInsideDeclared: said(`${CONTAINS} whitespace, ${NO_NAME_CAN}`, WRITE_DECLARED),
  whitespaceInsideGuessed: said(`${CONTAINS} whitespace, ${NO_NAME_CAN}`, WRITE_GUESSED),
  whitespaceAndInvalidCharacters: said(`${CONTAINS} whitespace and {{characters}}, ${NO_NAME_CAN}`, WRITE_SUCH_AS),
  whitespaceAndInvalidCharactersDeclared: said(`${CONTAINS} whitespace and {{characters}}, ${NO_NAME_CAN}`, WRITE_DECLARED),
  whitespaceAndInvalidCharactersGuessed: said(`${CONTAINS} whitespace and {{characters}}, ${NO_NAME_CAN}`, WRITE_GUESSED),
};

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
    messages: MESSAGES,
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
      const { problem, characters, meant, certain, pasted } = diagnose(name, conventional);
      // A repair is applied when it only drops syntax (spaces, `$`), or when it names a declared secret.
      const fixable = meant !== undefined && (certain || declared.has(meant));
      const shown = showable(name) ? `\`${JSON.stringify(token.value)}\`` : `\`${maskSecret(token.value)}\``;
      // How the message ends: with the repaired name, declared or not, or with the conventional one.
      const named = pasted || meant === undefined ? '' : declared.has(meant) ? 'Declared' : 'Guessed';
      const fixes: FixSpec[] = fixable
        ? [{ titleId: 'useSecret', titleData: { reference: `${ENV_PREFIX}${meant}` }, edits: [replaceValue(token.node, `${ENV_PREFIX}${meant}`)] }]
        : [];
      // A token pasted after `env:` moves to the vault the way a literal token does.
      const moved = pasted ? moveTokenToSecret(doc, token, declared) : undefined;
      context.report({
        path: token.path,
        span: spanOf(token.node),
        messageId: `${problem}${named}`,
        data: {
          subject: subject(token.path),
          shown,
          conventional,
          ...(meant === undefined ? {} : { name: meant }),
          ...(characters === undefined ? {} : { characters }),
        },
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

/** What is wrong after `env:`, naming the messages it heads (`MESSAGES`). */
type Problem =
  | 'noName'
  | 'pastedToken'
  | 'onlyWhitespace'
  | 'whitespaceAround'
  | 'shellSyntax'
  | 'leadingDigit'
  | 'invalidCharacters'
  | 'whitespaceInside'
  | 'whitespaceAndInvalidCharacters';

interface Diagnosis {
  problem: Problem;
  /** The characters no variable name can have, as a list (`-` and `.`), whitespace left out. */
  characters?: string;
  /** The variable name most likely meant. */
  meant: string | undefined;
  /** True when `meant` only drops syntax around a valid name, so replacing it changes nothing else. */
  certain: boolean;
  /** The text after `env:` is a credential, not a name. */
  pasted?: boolean;
}

function diagnose(name: string, conventional: string): Diagnosis {
  if (name.length === 0) return { problem: 'noName', meant: undefined, certain: false };
  if (pastedToken(name)) return { problem: 'pastedToken', meant: conventional, certain: false, pasted: true };
  const trimmed = name.trim();
  if (trimmed.length === 0) return { problem: 'onlyWhitespace', meant: undefined, certain: false };
  if (trimmed !== name && ENV_NAME.test(trimmed)) return { problem: 'whitespaceAround', meant: trimmed, certain: true };
  const shell = SHELL_REFERENCE.exec(trimmed);
  if (shell) return { problem: 'shellSyntax', meant: shell[1] ?? shell[2], certain: true };
  // A leading digit leaves no name to guess (`envNameFor`).
  if (/^[0-9]/.test(trimmed)) return { problem: 'leadingDigit', meant: undefined, certain: false };
  const meant = envNameFor(trimmed);
  const others = [...new Set([...trimmed].filter((c) => !NAME_CHARACTER.test(c)))];
  const spaces = others.some((c) => WHITESPACE.test(c));
  const shown = others.filter((c) => !WHITESPACE.test(c)).slice(0, 3);
  if (shown.length === 0) return { problem: 'whitespaceInside', meant, certain: false };
  return { problem: spaces ? 'whitespaceAndInvalidCharacters' : 'invalidCharacters', characters: listOf(shown, 'and'), meant, certain: false };
}

/** Whether the text after `env:` can be shown: short, and not random-looking (it might be a pasted credential). */
function showable(name: string): boolean {
  return name.length <= 40 && !OPAQUE_RUN.test(name) && !pastedToken(name);
}
