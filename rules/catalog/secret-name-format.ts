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

export const secretNameFormat = defineRule({
  meta: {
    id: 'secret-name-format',
    category: 'Model, secrets, channels',
    severity: 'error',
    messageSeverities: { notShellName: 'warning' },
    description: 'A secret `name` cannot be an environment variable (empty, `=` or NUL), or no shell can read it (`^[A-Za-z_][A-Za-z0-9_]*$`).',
    rationale:
      'A secret reaches the agent as an environment variable of that name. An empty name, or one with `=` or a NUL character, cannot be one at all. A name with `-`, `.`, a space or a leading digit can be set, but shells cannot read it (`$MY-KEY` is `$MY` followed by `-KEY`), start commands and skills that expand it get nothing, and `env:` references cannot name it.',
    evidence:
      'The docs name the field "Environment variable name (e.g. `ANTHROPIC_API_KEY`)" (https://docs.pinata.cloud/agents/manifest) and give no pattern; the published schema\'s `secrets` could not be read. The error covers only what no environment can hold (POSIX: a name holds no `=` or NUL); the shell-name pattern is POSIX\'s for shell variables, hence a warning.',
    messages: {
      credential: CREDENTIAL_AS_NAME,
      noName: `{{subject}} is {{value}}, so the secret has no environment variable to reach the agent through. Name it after the variable the agent reads, in UPPER_SNAKE_CASE (for example \`OPENAI_API_KEY\`).`,
      notEnvName: `{{subject}} is {{value}}, which cannot be an environment variable name: {{problem}}. Use letters, digits and \`_\`, not starting with a digit{{example}}, and update every \`env:\` reference to it.`,
      notShellName: `{{subject}} is {{value}}, which shells cannot read as a variable: {{problem}}. The platform can still set it, but \`$NAME\` in a start command, a skill's script or an \`env:\` reference cannot name it. Use letters, digits and \`_\`, not starting with a digit{{example}}, and update every reference to it.`,
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
      context.report({
        path,
        span: spanOf(name),
        messageId: NOT_IN_ANY_ENVIRONMENT.test(value) ? 'notEnvName' : 'notShellName',
        data: { subject: subject(path), value: formatValue(value, path), problem: problemOf(value), example: suggestion ? `, for example \`${suggestion}\`` : '' },
      });
    }
  },
});

function problemOf(value: string): string {
  const trimmed = value.trim();
  if (trimmed !== value && ENV_NAME.test(trimmed)) return 'it has whitespace around it';
  if (value.startsWith('$')) return 'it starts with `$`, which belongs to shell syntax, not to the name';
  if (/^[0-9]/.test(value)) return 'it starts with a digit';
  const others = [...new Set([...value].filter((c) => !NAME_CHARACTER.test(c)))];
  const spaces = others.some((c) => WHITESPACE.test(c));
  const shown = others.filter((c) => !WHITESPACE.test(c));
  const parts = [...(spaces ? ['whitespace'] : []), ...(shown.length ? [listOf(shown.slice(0, 3).map(visible), 'and')] : [])];
  return `it contains ${parts.join(' and ')}`;
}

function visible(character: string): string {
  const code = character.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : character;
}
