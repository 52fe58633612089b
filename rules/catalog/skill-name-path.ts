import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { formatMessage } from '../framework/messages.js';
import { defineRule, spanOf } from '../framework/rule.js';

const CONTROL = /[\u0000-\u001f\u007f]/;
/** Longest file name Linux file systems take, in bytes (NAME_MAX). */
const NAME_MAX = 255;

type ProblemId =
  | 'controlCharacter'
  | 'backslash'
  | 'absolutePath'
  | 'noNameBetweenSlashes'
  | 'trailingSlash'
  | 'emptySegment'
  | 'dotDotSegment'
  | 'dotSegment'
  | 'longSegment';

/**
 * Why a name cannot be a folder, in words, and whether a plain name can be offered when it is the
 * only reason (`guessed`: always, never, or either way when absent). A name with no name between
 * its slashes is always absolute too, so that reason has no message of its own.
 */
const PROBLEMS: Record<ProblemId, { text: string; guessed?: 'always' | 'never'; alone?: false }> = {
  controlCharacter: { text: 'it contains a control character' },
  backslash: { text: 'it contains a backslash, which is not a folder separator on the platform' },
  absolutePath: { text: 'it is an absolute path', guessed: 'always' },
  noNameBetweenSlashes: { text: 'it has no name between its slashes', alone: false },
  trailingSlash: { text: 'it ends with `/`', guessed: 'always' },
  emptySegment: { text: 'it has an empty segment (`//`)', guessed: 'always' },
  dotDotSegment: { text: 'a `..` segment leads out of `workspace/skills/`' },
  dotSegment: { text: 'it has a `.` segment' },
  longSegment: { text: `a segment is {{bytes}} bytes long, and a folder name holds at most ${NAME_MAX}`, guessed: 'never' },
};

/** A reason the name cannot be a folder, with the values its words take. */
interface Problem {
  id: ProblemId;
  data?: { bytes: number };
}

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
      ...Object.fromEntries(
        Object.entries(PROBLEMS).flatMap(([id, problem]) => (problem.alone === false ? [] : notFolderMessages(id, problem.text, problem.guessed))),
      ),
      // Several reasons at once fill one slot with their words joined: a message per combination would be hundreds.
      ...Object.fromEntries(notFolderMessages('severalProblems', '{{problems}}')),
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
      const path = ['skills', index, 'name'];
      if (value.length === 0) {
        context.report({
          path,
          span: spanOf(name),
          messageId: 'empty',
          data: { subject: subject(path) },
        });
        continue;
      }
      const problems = problemsOf(value);
      if (problems.length === 0) continue;
      const trimmed = value.replace(/\/+$/, '');
      const trailingOnly = trimmed !== value && trimmed.length > 0 && problemsOf(trimmed).length === 0;
      const guess = trailingOnly ? trimmed : plainName(value);
      const data = { subject: subject(path), value: formatValue(value, path), ...(guess ? { guess } : {}) };
      const messageId = problems.length === 1 ? problems[0]!.id : 'severalProblems';
      context.report({
        path,
        span: spanOf(name),
        messageId: guess ? `${messageId}Guessed` : messageId,
        data: problems.length === 1 ? { ...data, ...problems[0]!.data } : { ...data, problems: problems.map(problemText).join('; ') },
        ...(trailingOnly ? { fixes: [{ titleId: 'useTrimmed', titleData: { name: trimmed }, edits: [replaceValue(name, trimmed)] }] } : {}),
      });
    }
  },
});

/** The problems' words, filled as messages are (several problems share one slot of `severalProblems`). */
const PROBLEM_TEXTS = { id: 'skill-name-path', messages: Object.fromEntries(Object.entries(PROBLEMS).map(([id, { text }]) => [id, text])) };

function problemText({ id, data }: Problem): string {
  return formatMessage(PROBLEM_TEXTS, id, data);
}

function problemsOf(value: string): Problem[] {
  const problems: Problem[] = [];
  if (CONTROL.test(value)) problems.push({ id: 'controlCharacter' });
  if (value.includes('\\')) problems.push({ id: 'backslash' });
  if (value.startsWith('/')) problems.push({ id: 'absolutePath' });
  const inner = value.replace(/^\/+/, '').replace(/\/+$/, '');
  if (inner.length === 0) return [...problems, { id: 'noNameBetweenSlashes' }];
  if (value.endsWith('/')) problems.push({ id: 'trailingSlash' });
  const segments = inner.split('/');
  if (segments.includes('')) problems.push({ id: 'emptySegment' });
  if (segments.includes('..')) problems.push({ id: 'dotDotSegment' });
  if (segments.includes('.')) problems.push({ id: 'dotSegment' });
  const long = segments.map(utf8Length).find((length) => length > NAME_MAX);
  if (long !== undefined) problems.push({ id: 'longSegment', data: { bytes: long } });
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

/**
 * The messages of a name that cannot be a folder for one reason: without a plain name to offer,
 * and with one (`…Guessed`), as far as that reason allows.
 */
function notFolderMessages(id: string, problem: string, guessed?: 'always' | 'never'): [string, string][] {
  const start = `{{subject}} is {{value}}, which cannot be a folder under \`workspace/skills/\`: ${problem}. Use a plain name`;
  return [
    ...(guessed !== 'always' ? [[id, `${start} (\`@scope/name\` is fine).`] as [string, string]] : []),
    ...(guessed !== 'never' ? [[`${id}Guessed`, `${start} such as \`{{guess}}\` (\`@scope/name\` is fine).`] as [string, string]] : []),
  ];
}
