import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, listOf, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { envNameFor } from '../analyzers/env-names.js';
import { ENV_NAME } from '../analyzers/secrets.js';

const WHITESPACE = /\s/;
const NAME_CHARACTER = /[A-Za-z0-9_]/;

export const secretNameFormat = defineRule({
  meta: {
    id: 'secret-name-format',
    category: 'Model, secrets, channels',
    severity: 'error',
    description: 'A secret `name` is not an environment variable name (`^[A-Za-z_][A-Za-z0-9_]*$`).',
    rationale:
      'A secret reaches the agent as an environment variable of that name. A name with `-`, `.`, a space or a leading digit cannot be one: shells and most programs cannot read it, and `env:` references to it are invalid.',
    messages: {
      noName: `{{subject}} is {{value}}, so the secret has no environment variable to reach the agent through. Name it after the variable the agent reads, in UPPER_SNAKE_CASE (for example \`OPENAI_API_KEY\`).`,
      notEnvName: `{{subject}} is {{value}}, which is not an environment variable name: {{problem}}. Use letters, digits and \`_\`, not starting with a digit{{example}}, and update every \`env:\` reference to it.`,
    },
    fixable: false,
    covers: ['/$defs/secret/properties/name/pattern'],
  },
  check(context) {
    for (const { index, node } of arrayItems(context.doc.root, ['secrets'])) {
      const name = childValue(node, 'name');
      if (name?.type !== 'string') continue;
      const value = name.value as string;
      if (ENV_NAME.test(value)) continue;
      const path = ['secrets', index, 'name'];
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
        messageId: 'notEnvName',
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
