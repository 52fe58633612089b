import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, listOf, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';

/** The schema's `clawhub_slug` pattern: `name` or `owner/name`. */
const SLUG = /^[a-z0-9._-]+(?:\/[a-z0-9._-]+)?$/;
const SLUG_CHARACTER = /[a-z0-9._/-]/;
const WHITESPACE = /\s/;
const UPPERCASE = /[A-Z]/;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

export const skillSlugFormat = defineRule({
  meta: {
    id: 'skill-slug-format',
    category: 'Skills',
    severity: 'error',
    description: 'A skill `clawhub_slug` is not a registry slug (`name` or `owner/name`: lowercase letters, digits, `-`, `_`, `.`).',
    rationale:
      'The registry resolves a skill by its slug when the agent is deployed; a slug in another form (capital letters, spaces, an npm-style `@scope`, a URL) matches no published skill, so the skill is not installed.',
    messages: {
      slugFormat: `{{subject}} is {{value}}, which is not a registry slug: {{problems}}. A slug is \`name\` or \`owner/name\` in lowercase letters, digits, \`-\`, \`_\` and \`.\`{{advice}}.`,
    },
    fixable: false,
    suggests: true,
    covers: ['/$defs/skill/properties/clawhub_slug/pattern'],
  },
  check(context) {
    for (const { index, node } of arrayItems(context.doc.root, ['skills'])) {
      const slug = childValue(node, 'clawhub_slug');
      if (slug?.type !== 'string') continue;
      const value = slug.value as string;
      if (SLUG.test(value)) continue;
      const path = ['skills', index, 'clawhub_slug'];
      const lowered = value.toLowerCase();
      const fix = lowered !== value && SLUG.test(lowered);
      context.report({
        path,
        span: spanOf(slug),
        messageId: 'slugFormat',
        data: { subject: subject(path), value: formatValue(value, path), problems: problemsOf(value).join('; '), advice: fix ? `: use \`${lowered}\`` : advice(value) },
        ...(fix ? { suggestions: [{ title: `Use \`${lowered}\``, edits: [replaceValue(slug, lowered)] }] } : {}),
      });
    }
  },
});

function problemsOf(value: string): string[] {
  if (value.length === 0) return ['it is empty'];
  if (URL_LIKE.test(value)) return ['it is a URL, and only the slug belongs here'];
  const problems: string[] = [];
  if (value.startsWith('@')) problems.push('it starts with an `@` scope, as npm packages do, and registry slugs have none');
  if (WHITESPACE.test(value)) problems.push('it contains whitespace');
  const slashes = value.split('/').length - 1;
  if (slashes > 1) problems.push(`it has ${slashes} \`/\`, and a slug has at most one`);
  else if (slashes === 1 && (value.startsWith('/') || value.endsWith('/'))) problems.push('one side of its `/` is empty');
  if (UPPERCASE.test(value)) problems.push('it has capital letters');
  const others = [...new Set([...value].filter((c) => c !== '@' && !WHITESPACE.test(c) && !UPPERCASE.test(c) && !SLUG_CHARACTER.test(c)))];
  if (others.length > 0) problems.push(`it contains ${listOf(others.slice(0, 3).map(visible), 'and')}${others.length > 3 ? ' and more' : ''}, which slugs do not allow`);
  return problems.length > 0 ? problems : ['it is not in that form'];
}

/** A character as a message can show it: control characters by their code point. */
function visible(character: string): string {
  const code = character.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : character;
}

/** A plausible slug for the message when the fix is not mechanical: `@Owner/My Skill` → `owner/my-skill`. */
function advice(value: string): string {
  if (value.length === 0 || URL_LIKE.test(value)) return '';
  const guess = value
    .replace(/^@/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');
  return SLUG.test(guess) ? `; perhaps \`${guess}\`` : '';
}
