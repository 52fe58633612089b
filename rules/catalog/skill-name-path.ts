import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { spanInString } from '../analyzers/string-spans.js';

const CONTROL = /[\u0000-\u001f\u007f]/;
const SLASH_OR_BACKSLASH = /[/\\]/;
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
 * Why a name cannot be a folder, in words, and whether a plain name is never left to offer when it
 * is a reason (`guessed: 'never'`). A name of slashes alone has no name between them, which says
 * more than that it is absolute, so it is told that alone.
 */
const PROBLEMS: Record<ProblemId, { text: string; guessed?: 'never' }> = {
  controlCharacter: { text: 'it contains a control character' },
  backslash: { text: 'it contains a backslash, which is not a folder separator on the platform' },
  absolutePath: { text: 'it is an absolute path' },
  noNameBetweenSlashes: { text: 'it has no name between its slashes', guessed: 'never' },
  trailingSlash: { text: 'it ends with `/`' },
  emptySegment: { text: 'it has an empty segment (`//`)' },
  dotDotSegment: { text: 'a `..` segment leads out of `workspace/skills/`' },
  dotSegment: { text: 'it has a `.` segment' },
  longSegment: { text: `a segment is {{bytes}} bytes long, and a folder name holds at most ${NAME_MAX}`, guessed: 'never' },
};

/** A reason the name cannot be a folder, where in the name it is (its first place), and the values its words take. */
interface Problem {
  id: ProblemId;
  start: number;
  end: number;
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
      ...Object.fromEntries(Object.entries(PROBLEMS).flatMap(([id, problem]) => notFolderMessages(id, problem.text, problem.guessed))),
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
      // A finding per reason, on the part of the name it is about.
      for (const problem of problems) {
        context.report({
          path,
          span: spanInString(context.doc, name, problem.start, problem.end),
          messageId: guess ? `${problem.id}Guessed` : problem.id,
          data: { ...data, ...problem.data },
          ...(trailingOnly && problem.id === 'trailingSlash'
            ? { fixes: [{ titleId: 'useTrimmed', titleData: { name: trimmed }, edits: [replaceValue(name, trimmed)] }] }
            : {}),
        });
      }
    }
  },
});

function problemsOf(value: string): Problem[] {
  // Nearly every name is one plain segment: nothing below can find fault with it.
  if (value !== '' && value !== '.' && value !== '..' && !SLASH_OR_BACKSLASH.test(value) && !CONTROL.test(value) && utf8Length(value) <= NAME_MAX) return [];
  const problems: Problem[] = [];
  const at = (id: ProblemId, start: number, length: number, data?: Problem['data']) =>
    problems.push({ id, start, end: start + length, ...(data ? { data } : {}) });
  const control = CONTROL.exec(value);
  if (control) at('controlCharacter', control.index, 1);
  if (value.includes('\\')) at('backslash', value.indexOf('\\'), 1);
  const leading = /^\/*/.exec(value)![0].length;
  if (leading === value.length) {
    at('noNameBetweenSlashes', 0, value.length);
    return problems;
  }
  if (leading > 0) at('absolutePath', 0, leading);
  const trailing = /\/*$/.exec(value)![0].length;
  if (trailing > 0) at('trailingSlash', value.length - trailing, trailing);
  const inner = value.slice(leading, value.length - trailing);
  const empty = /\/{2,}/.exec(inner);
  if (empty) at('emptySegment', leading + empty.index, empty[0].length);
  const segments = [...inner.matchAll(/[^/]+/g)].map((segment) => ({ text: segment[0], start: leading + segment.index }));
  const dotDot = segments.find(({ text }) => text === '..');
  if (dotDot) at('dotDotSegment', dotDot.start, 2);
  const dot = segments.find(({ text }) => text === '.');
  if (dot) at('dotSegment', dot.start, 1);
  const long = segments.find(({ text }) => utf8Length(text) > NAME_MAX);
  if (long) at('longSegment', long.start, long.text.length, { bytes: utf8Length(long.text) });
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
function notFolderMessages(id: string, problem: string, guessed?: 'never'): [string, string][] {
  const start = `{{subject}} is {{value}}, which cannot be a folder under \`workspace/skills/\`: ${problem}. Use a plain name`;
  return [
    [id, `${start} (\`@scope/name\` is fine).`],
    ...(guessed !== 'never' ? [[`${id}Guessed`, `${start} such as \`{{guess}}\` (\`@scope/name\` is fine).`] as [string, string]] : []),
  ];
}
