import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, listOf, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { maskFor } from '../framework/masking.js';
import { envNameFor } from '../analyzers/env-names.js';
import { CREDENTIAL_AS_NAME, ENV_NAME } from '../analyzers/secrets.js';

const WHITESPACE = /\s/;
const NAME_CHARACTER = /[A-Za-z0-9_]/;
/** What no environment variable name can hold: `=` ends the name, NUL ends the entry. */
const NOT_IN_ANY_ENVIRONMENT = /[=\0]/;

/** Why a name is not a shell variable's, by the middle of its message ids. */
const PROBLEMS = {
  WhitespaceAround: 'it has whitespace around it',
  Dollar: 'it starts with `$`, which belongs to shell syntax, not to the name',
  LeadingDigit: 'it starts with a digit',
  InvalidCharacters: 'it contains {{characters}}',
  WhitespaceInside: 'it contains whitespace',
  WhitespaceAndInvalidCharacters: 'it contains whitespace and {{characters}}',
};
type Problem = keyof typeof PROBLEMS;

/** `, for example \`OPENAI_API_KEY\``, in the messages whose ids end in `Suggested`. */
const example = (suggested: boolean) => (suggested ? ', for example `{{suggestion}}`' : '');
const notEnvName = (problem: Problem, suggested: boolean) =>
  `{{subject}} is {{value}}, which cannot be an environment variable name: ${PROBLEMS[problem]}. Use letters, digits and \`_\`, not starting with a digit${example(suggested)}, and update every \`env:\` reference to it.`;
const notShellName = (problem: Problem, suggested: boolean) =>
  `{{subject}} is {{value}}, which shells cannot read as a variable: ${PROBLEMS[problem]}. The platform can still set it, but \`$NAME\` in a start command, a skill's script or an \`env:\` reference cannot name it. Use letters, digits and \`_\`, not starting with a digit${example(suggested)}, and update every reference to it.`;

/**
 * The problems each kind of name can have, and whether a name can be suggested: a name with `=`
 * or NUL has more than whitespace around it, and nothing is left to suggest after a leading digit.
 */
const REACHED: Readonly<Record<'notEnvName' | 'notShellName', readonly (readonly [Problem, boolean])[]>> = {
  notEnvName: [
    ['Dollar', false],
    ['Dollar', true],
    ['LeadingDigit', false],
    ['InvalidCharacters', false],
    ['InvalidCharacters', true],
    ['WhitespaceAndInvalidCharacters', false],
    ['WhitespaceAndInvalidCharacters', true],
  ],
  notShellName: [
    ['WhitespaceAround', false],
    ['WhitespaceAround', true],
    ['Dollar', false],
    ['Dollar', true],
    ['LeadingDigit', false],
    ['InvalidCharacters', false],
    ['InvalidCharacters', true],
    ['WhitespaceInside', false],
    ['WhitespaceInside', true],
    ['WhitespaceAndInvalidCharacters', false],
    ['WhitespaceAndInvalidCharacters', true],
  ],
};
const messageId = (kind: keyof typeof REACHED, problem: Problem, suggested: boolean) => `${kind}${problem}${suggested ? 'Suggested' : ''}`;
const messagesOf = (kind: keyof typeof REACHED, said: (problem: Problem, suggested: boolean) => string) =>
  REACHED[kind].map(([problem, suggested]) => [messageId(kind, problem, suggested), said(problem, suggested)] as const);

export const secretNameFormat = defineRule({
  meta: {
    id: 'secret-name-format',
    category: 'Model, secrets, channels',
    severity: 'error',
    messageSeverities: Object.fromEntries(messagesOf('notShellName', notShellName).map(([id]) => [id, 'warning'])),
    description: 'A secret `name` cannot be an environment variable (empty, `=` or NUL), or no shell can read it (`^[A-Za-z_][A-Za-z0-9_]*$`).',
    rationale:
      'A secret reaches the agent as an environment variable of that name. An empty name, or one with `=` or a NUL character, cannot be one at all. A name with `-`, `.`, a space or a leading digit can be set, but shells cannot read it (`$MY-KEY` is `$MY` followed by `-KEY`), start commands and skills that expand it get nothing, and `env:` references cannot name it.',
    evidence:
      'The docs name the field "Environment variable name (e.g. `ANTHROPIC_API_KEY`)" (https://docs.pinata.cloud/agents/manifest) and give no pattern; the published schema\'s `secrets` could not be read. The error covers only what no environment can hold (POSIX: a name holds no `=` or NUL); the shell-name pattern is POSIX\'s for shell variables, hence a warning.',
    messages: {
      credential: CREDENTIAL_AS_NAME,
      noName: `{{subject}} is {{value}}, so the secret has no environment variable to reach the agent through. Name it after the variable the agent reads, in UPPER_SNAKE_CASE (for example \`OPENAI_API_KEY\`).`,
      ...Object.fromEntries([...messagesOf('notEnvName', notEnvName), ...messagesOf('notShellName', notShellName)]),
    },
    fixable: false,
  },
  check(context) {
    for (const { index, node } of arrayItems(context.doc.root, ['secrets'])) {
      const name = childValue(node, 'name');
      if (name?.type !== 'string') continue;
      const value = name.value as string;
      if (ENV_NAME.test(value)) continue;
      const path = ['secrets', index, 'name'];
      if (maskFor(context.doc).hides(value)) {
        context.report({ path, span: spanOf(name), messageId: 'credential', data: { subject: subject(path), value: formatValue(value, path) } });
        continue;
      }
      const suggestion = envNameFor(value);
      if (value.trim().length === 0) {
        context.report({
          path,
          span: spanOf(name),
          messageId: 'noName',
          data: { subject: subject(path), value: formatValue(value, path) },
        });
        continue;
      }
      const { problem, characters } = problemOf(value);
      context.report({
        path,
        span: spanOf(name),
        messageId: messageId(NOT_IN_ANY_ENVIRONMENT.test(value) ? 'notEnvName' : 'notShellName', problem, suggestion !== undefined),
        data: {
          subject: subject(path),
          value: formatValue(value, path),
          ...(characters === undefined ? {} : { characters }),
          ...(suggestion === undefined ? {} : { suggestion }),
        },
      });
    }
  },
});

/** What keeps the name from being a shell variable's, and the characters it has that none can (a list, whitespace left out). */
function problemOf(value: string): { problem: Problem; characters?: string } {
  const trimmed = value.trim();
  if (trimmed !== value && ENV_NAME.test(trimmed)) return { problem: 'WhitespaceAround' };
  if (value.startsWith('$')) return { problem: 'Dollar' };
  if (/^[0-9]/.test(value)) return { problem: 'LeadingDigit' };
  const others = [...new Set([...value].filter((c) => !NAME_CHARACTER.test(c)))];
  const spaces = others.some((c) => WHITESPACE.test(c));
  const shown = others.filter((c) => !WHITESPACE.test(c));
  if (shown.length === 0) return { problem: 'WhitespaceInside' };
  return { problem: spaces ? 'WhitespaceAndInvalidCharacters' : 'InvalidCharacters', characters: listOf(shown.slice(0, 3).map(visible), 'and') };
}

function visible(character: string): string {
  const code = character.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : character;
}
