import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf, type FixSpec } from '../framework/rule.js';
import { routeItems } from '../analyzers/routes.js';

/** The schema's pattern for a route path (`/$defs/route/properties/path/pattern`). */
const PATH_PATTERN = /^\/[^\s?#]*$/u;
const WHITESPACE = /\s/u;
/** A path whose only fault is the missing `/`: `app`, `api/v1`, not `./app` or `https://…`. */
const BARE_SEGMENT = /^[A-Za-z0-9_~-][^\s?#]*$/u;
const SHOWN = 24;
const BACKQUOTE = /`/g;

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
      pathFormat: `{{subject}} is {{value}}: {{problems}}. A route path is a URL path prefix: it starts with \`/\` and has no whitespace, query or fragment{{advice}}`,
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
      context.report({
        path,
        span: spanOf(pathNode),
        messageId: 'pathFormat',
        data: {
          subject: subject(path),
          value: formatValue(value, path),
          problems: problems(value).join(', and '),
          advice: fix ? `; write \`${fix}\`.` : ', such as `/app`.',
        },
        ...(fix ? { fixes: [{ titleId: 'changePath', titleData: { path: fix }, edits: [replaceValue(pathNode, fix)] } satisfies FixSpec] } : {}),
      });
    }
  },
});

function problems(value: string): string[] {
  if (value === '') return ['it is empty'];
  const found: string[] = [];
  const space = WHITESPACE.exec(value);
  if (!value.startsWith('/') && space?.index !== 0) found.push('it does not start with `/`');
  if (space) {
    const name = whitespaceName(space[0]);
    if (space.index === 0) found.push(`it starts with ${name}`);
    else if (value.slice(space.index).trim() === '') found.push(`it ends with ${name}`);
    else found.push(`it has ${name} after ${shown(value.slice(0, space.index), true)}`);
  }
  const query = value.indexOf('?');
  const fragment = value.indexOf('#');
  if (query !== -1 && (fragment === -1 || query < fragment)) {
    found.push(`it has a query (${shown(value.slice(query, fragment === -1 ? undefined : fragment))})`);
  }
  if (fragment !== -1) found.push(`it has a fragment (${shown(value.slice(fragment))})`);
  return found;
}

function whitespaceName(char: string): string {
  switch (char) {
    case ' ':
      return 'a space';
    case '\t':
      return 'a tab';
    case '\n':
    case '\r':
      return 'a line break';
    default:
      return `a whitespace character (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
  }
}

/** Text of the path for a message, shortened from the end (or the start, for what precedes a fault). */
function shown(text: string, keepEnd = false): string {
  const short = text.length <= SHOWN ? text : keepEnd ? `…${text.slice(-SHOWN + 1)}` : `${text.slice(0, SHOWN - 1)}…`;
  return `\`${short.replace(BACKQUOTE, "'")}\``;
}

/** The one obvious correction, when there is one: surrounding whitespace removed, or the missing `/` added. */
function correction(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed !== value) return PATH_PATTERN.test(trimmed) ? trimmed : undefined;
  if (BARE_SEGMENT.test(value) && !value.includes('://')) return `/${value}`;
  return undefined;
}
