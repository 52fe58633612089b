import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';

const CONTROL = /[\u0000-\u001f\u007f]/;
/** Longest file name Linux file systems take, in bytes (NAME_MAX). */
const NAME_MAX = 255;

export const skillNamePath = defineRule({
  meta: {
    id: 'skill-name-path',
    category: 'Skills',
    severity: 'error',
    description: 'A skill `name` cannot be a folder under `workspace/skills/` (empty, `.`/`..` or empty segments, absolute, backslash, control characters).',
    rationale:
      'Each skill is unpacked into `workspace/skills/<name>/`, so its name is a path: an empty name or segment, `..`, a leading `/` or a backslash points somewhere else or nowhere, and the skill is not installed where the agent looks for it. A scoped name such as `@pinata/platform` is fine.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#skills: "Each attached skill is unpacked under `workspace/skills/<skill-name>/`." https://docs.pinata.cloud/agents/skills says "Skill names: letters, numbers, hyphens, underscores", yet the docs\' own examples (`"Pinata API"`) and Pinata\'s templates (`"@pinata/platform"`) use others, so only names that cannot be a folder are reported.',
    assumptions:
      'The platform does not say how it turns a name into a folder; the rule assumes the name is joined to `workspace/skills/` as a relative POSIX path, so `/` separates folders (which makes `@scope/name` two levels deep) and each segment is one file name of at most 255 bytes.',
    messages: {
      empty: `{{subject}} is empty, so the skill has no folder under \`workspace/skills/\`. Give it a name, which becomes its folder (\`@scope/name\` is fine).`,
      notFolder: `{{subject}} is {{value}}, which cannot be a folder under \`workspace/skills/\`: {{problems}}. Use a plain name{{example}} (\`@scope/name\` is fine).`,
    },
    fixTitles: {
      useTrimmed: 'Use `{{name}}`',
    },
    fixable: true,
    covers: ['/$defs/skill/properties/name/minLength'],
  },
  check(context) {
    for (const { index, node } of arrayItems(context.doc.root, ['skills'])) {
      const name = childValue(node, 'name');
      if (name?.type !== 'string') continue;
      const value = name.value as string;
      const problems = problemsOf(value);
      if (problems.length === 0) continue;
      const path = ['skills', index, 'name'];
      const trimmed = value.replace(/\/+$/, '');
      const trailingOnly = trimmed !== value && trimmed.length > 0 && problemsOf(trimmed).length === 0;
      const guess = trailingOnly ? trimmed : plainName(value);
      if (value.length === 0) {
        context.report({
          path,
          span: spanOf(name),
          messageId: 'empty',
          data: { subject: subject(path) },
        });
        continue;
      }
      context.report({
        path,
        span: spanOf(name),
        messageId: 'notFolder',
        data: { subject: subject(path), value: formatValue(value, path), problems: problems.join('; '), example: guess ? ` such as \`${guess}\`` : '' },
        ...(trailingOnly ? { fixes: [{ titleId: 'useTrimmed', titleData: { name: trimmed }, edits: [replaceValue(name, trimmed)] }] } : {}),
      });
    }
  },
});

function problemsOf(value: string): string[] {
  if (value.length === 0) return ['it is empty'];
  const problems: string[] = [];
  if (CONTROL.test(value)) problems.push('it contains a control character');
  if (value.includes('\\')) problems.push('it contains a backslash, which is not a folder separator on the platform');
  if (value.startsWith('/')) problems.push('it is an absolute path');
  const inner = value.replace(/^\/+/, '').replace(/\/+$/, '');
  if (inner.length === 0) return [...problems, 'it has no name between its slashes'];
  if (value.endsWith('/')) problems.push('it ends with `/`');
  const segments = inner.split('/');
  if (segments.includes('')) problems.push('it has an empty segment (`//`)');
  if (segments.includes('..')) problems.push('a `..` segment leads out of `workspace/skills/`');
  if (segments.includes('.')) problems.push('it has a `.` segment');
  const long = segments.map(utf8Length).find((length) => length > NAME_MAX);
  if (long !== undefined) problems.push(`a segment is ${long} bytes long, and a folder name holds at most ${NAME_MAX}`);
  return problems;
}

function utf8Length(segment: string): number {
  // A UTF-16 code unit takes at most 3 bytes in UTF-8: short segments need no encoding.
  return segment.length * 3 <= NAME_MAX ? segment.length : new TextEncoder().encode(segment).length;
}

/** The name without what keeps it from being a folder, when something is left. */
function plainName(value: string): string | undefined {
  const segments = value
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .split(/[\\/]+/)
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  const guess = segments.join('/');
  return guess && guess !== value && problemsOf(guess).length === 0 ? guess : undefined;
}
