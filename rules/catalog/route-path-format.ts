import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf, type FixSpec } from '../framework/rule.js';
import { routeItems } from '../analyzers/routes.js';
import { spanInString } from '../analyzers/string-spans.js';

/** The schema's pattern for a route path (`/$defs/route/properties/path/pattern`). */
const PATH_PATTERN = /^\/[^\s?#]*$/u;
const WHITESPACE = /\s/u;
/** A path whose only fault is the missing `/`: `app`, `api/v1`, not `./app` or `https://…`. */
const BARE_SEGMENT = /^[A-Za-z0-9_~-][^\s?#]*$/u;
const SHOWN = 24;
const BACKQUOTE = /`/g;

const WHAT_A_PATH_IS = 'A route path is a URL path prefix: it starts with `/` and has no whitespace, query or fragment';
/** How a message ends: with the path its fix writes (`…Fixable`), or with an example. */
const WRITE_FIX = `${WHAT_A_PATH_IS}; write \`{{fix}}\`.`;
const SUCH_AS = `${WHAT_A_PATH_IS}, such as \`/app\`.`;
const pathIs = (problem: string) => `{{subject}} is {{value}}: ${problem}.`;

/** Whitespace by kind, as its messages name it (`{{code}}`, such as `U+00A0`, for the rarer ones). */
type WhitespaceKind = 'Space' | 'Tab' | 'LineBreak' | 'Other';
const WHITESPACE_NAMES: Record<WhitespaceKind, string> = {
  Space: 'a space',
  Tab: 'a tab',
  LineBreak: 'a line break',
  Other: 'a whitespace character ({{code}})',
};
/** Where whitespace is, with the words for it; at either end, trimming it can repair the path. */
const WHITESPACE_PLACES = {
  startsWith: { words: (name: string) => `it starts with ${name}`, trimmable: true },
  endsWith: { words: (name: string) => `it ends with ${name}`, trimmable: true },
  has: { words: (name: string) => `it has ${name} after \`{{before}}\``, trimmable: false },
} as const;
type WhitespacePlace = keyof typeof WHITESPACE_PLACES;

/** `startsWithTab`, `startsWithTabFixable`, `hasSpace`… */
const whitespaceMessages = Object.entries(WHITESPACE_PLACES).flatMap(([place, { words, trimmable }]) =>
  Object.entries(WHITESPACE_NAMES).flatMap(([kind, name]) => [
    [`${place}${kind}`, `${pathIs(words(name))} ${SUCH_AS}`],
    ...(trimmable ? [[`${place}${kind}Fixable`, `${pathIs(words(name))} ${WRITE_FIX}`]] : []),
  ]),
);

/** One reason the path is not a URL path prefix: its message, the part of the path it is about (none: the whole path), and the values its words take. */
interface Problem {
  messageId: string;
  part?: { start: number; end: number };
  data?: Record<string, string>;
  /** Whether the path's one obvious correction repairs this reason. */
  repairedByFix: boolean;
}

export const routePathFormat = defineRule({
  meta: {
    id: 'route-path-format',
    category: 'Routes and scripts',
    severity: 'error',
    description: 'A route path is not a URL path prefix: it must start with `/` and have no whitespace, query (`?`) or fragment (`#`).',
    rationale:
      'A route forwards every request whose URL path starts with its `path`; a path without the leading `/`, or with whitespace, a query or a fragment, can never be the start of a request path, so the platform rejects it.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#routes: `path` is a "URL path prefix"; https://docs.pinata.cloud/agents/routes: "the URL path (e.g. `/app`, or `/` for everything)". The routes page\'s earlier text (removed on 2026-03-31, PinataCloud/docs 0fd9899) said "Must start with `/`"; that the platform rejects other paths is not documented today.',
    messages: {
      empty: `${pathIs('it is empty')} ${SUCH_AS}`,
      noLeadingSlash: `${pathIs('it does not start with `/`')} ${SUCH_AS}`,
      noLeadingSlashFixable: `${pathIs('it does not start with `/`')} ${WRITE_FIX}`,
      ...Object.fromEntries(whitespaceMessages),
      query: `${pathIs('it has a query (`{{query}}`)')} ${SUCH_AS}`,
      fragment: `${pathIs('it has a fragment (`{{fragment}}`)')} ${SUCH_AS}`,
    },
    fixTitles: {
      changePath: 'Change the path to `{{path}}`',
    },
    fixable: true,
    covers: ['/$defs/route/properties/path/pattern'],
  },
  check(context) {
    for (const { index, path: value, pathNode } of routeItems(context.doc)) {
      if (value === undefined || !pathNode || PATH_PATTERN.test(value)) continue;
      const path = ['routes', index, 'path'];
      const fix = correction(value);
      // A finding per reason, on the part of the path it is about (the whole path when it has none).
      for (const problem of problemsOf(value)) {
        const fixed = fix !== undefined && problem.repairedByFix;
        context.report({
          path,
          span: problem.part ? spanInString(context.doc, pathNode, problem.part.start, problem.part.end) : spanOf(pathNode),
          messageId: fixed ? `${problem.messageId}Fixable` : problem.messageId,
          data: { subject: subject(path), value: formatValue(value, path), ...problem.data, ...(fixed ? { fix } : {}) },
          ...(fixed ? { fixes: [{ titleId: 'changePath', titleData: { path: fix }, edits: [replaceValue(pathNode, fix)] } satisfies FixSpec] } : {}),
        });
      }
    }
  },
});

function problemsOf(value: string): Problem[] {
  if (value === '') return [{ messageId: 'empty', repairedByFix: false }];
  const found: Problem[] = [];
  const leading = WHITESPACE.test(value[0]!);
  if (!value.startsWith('/') && !leading) found.push({ messageId: 'noLeadingSlash', repairedByFix: true });
  const trimmedStart = value.length - value.trimStart().length;
  const trimmedEnd = value.trimEnd().length;
  if (leading) found.push(whitespaceAt(value, 0, 'startsWith'));
  const inside = value.slice(trimmedStart, trimmedEnd).search(WHITESPACE);
  if (inside !== -1) found.push(whitespaceAt(value, trimmedStart + inside, 'has'));
  if (trimmedEnd < value.length && trimmedEnd > 0) found.push(whitespaceAt(value, value.length - 1, 'endsWith'));
  // A query or a fragment ends before the whitespace the path ends with, which is a reason of its own.
  const query = value.indexOf('?');
  const fragment = value.indexOf('#');
  if (query !== -1 && (fragment === -1 || query < fragment)) {
    const end = fragment === -1 ? Math.max(trimmedEnd, query + 1) : fragment;
    found.push({ messageId: 'query', part: { start: query, end }, data: { query: shown(value.slice(query, end)) }, repairedByFix: false });
  }
  if (fragment !== -1) {
    const end = Math.max(trimmedEnd, fragment + 1);
    found.push({ messageId: 'fragment', part: { start: fragment, end }, data: { fragment: shown(value.slice(fragment, end)) }, repairedByFix: false });
  }
  return found;
}

/** The whitespace character at `at`, one of a kind each message names. */
function whitespaceAt(value: string, at: number, place: WhitespacePlace): Problem {
  const char = String.fromCodePoint(value.codePointAt(at)!);
  const kind: WhitespaceKind = char === ' ' ? 'Space' : char === '\t' ? 'Tab' : char === '\n' || char === '\r' ? 'LineBreak' : 'Other';
  return {
    messageId: `${place}${kind}`,
    part: { start: at, end: at + char.length },
    data: {
      ...(kind === 'Other' ? { code: `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` } : {}),
      ...(place === 'has' ? { before: shown(value.slice(0, at), true) } : {}),
    },
    repairedByFix: WHITESPACE_PLACES[place].trimmable,
  };
}

/** Text of the path for a message, shortened from the end (or the start, for what precedes a fault), with no backquote to end its code span. */
function shown(text: string, keepEnd = false): string {
  const short = text.length <= SHOWN ? text : keepEnd ? `…${text.slice(-SHOWN + 1)}` : `${text.slice(0, SHOWN - 1)}…`;
  return short.replace(BACKQUOTE, "'");
}

/** The one obvious correction, when there is one: surrounding whitespace removed, or the missing `/` added. */
function correction(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed !== value) return PATH_PATTERN.test(trimmed) ? trimmed : undefined;
  if (BARE_SEGMENT.test(value) && !value.includes('://')) return `/${value}`;
  return undefined;
}
