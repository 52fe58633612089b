/**
 * Golden files: `test/golden/<rule-id>/<case>.json` is an input manifest, linted with that rule
 * alone; beside it, `<case>.out` holds the rule's findings as a reviewer reads them (see
 * `describeFindings`), and `<case>.fixed.json`, when the rule's certain fixes change anything,
 * the fixed text. A `<case>.repository.json` beside the input puts the manifest in a template
 * repository (see `lintOptionsFor`); findings about its other files name their file. A
 * `<case>.config.json` beside it is the manifest's `.manifestlintrc.json` (see `findingsOfCase`):
 * its cases are linted with every rule at the file's severities, and show the folder's rule only
 * (`unused-ignore`'s findings are on that file, and need the others' findings to match entries).
 * `UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts` rewrites them for review;
 * `UPDATE_GOLDEN=rule-a,rule-b` rewrites only those rules' folders.
 */
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixText, LineIndex, lint, listRules, toPointer, type Diagnostic, type Fix, type EngineLintOptions, type Range } from '../rules/index.js';
import { configOf, findingsOfCase, goldenCases, goldenText, lintOptionsFor } from './golden-cases.js';

const UPDATE_SPEC = process.env.UPDATE_GOLDEN ?? '';
const updating = (rule: string) => UPDATE_SPEC === '1' || UPDATE_SPEC.split(',').includes(rule);

/** A range as `line:column-line:column`, 1-based as editors and the CLI show it. */
function shownRange({ start, end }: Range): string {
  return `${start.line + 1}:${start.character + 1}-${end.line + 1}:${end.character + 1}`;
}

/**
 * Findings as text: per finding, its place (another file's name first), severity, message id and JSON path,
 * then its message, then each fix and suggestion with its edits (the new text as a JSON string,
 * so spaces and line breaks show). Findings are separated by a blank line; none is `(none)`.
 */
function describeFindings(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return '(none)\n';
  const proposal = (kind: string, fix: Fix) => [
    `  ${kind}: ${fix.title}`,
    ...fix.edits.map((edit) => `    ${shownRange(edit.range)} ${JSON.stringify(edit.newText)}`),
  ];
  return diagnostics
    .map((d) =>
      [
        `${d.file ? `${d.file} ` : ''}${shownRange(d.range)} ${d.severity}${d.messageId ? ` [${d.messageId}]` : ''} at ${toPointer(d.path) || '/'}`,
        d.message,
        ...(d.fixes ?? []).flatMap((fix) => proposal('fix', fix)),
        ...(d.suggestions ?? []).flatMap((fix) => proposal('suggestion', fix)),
      ].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}

function compareOrWrite(rule: string, file: string, actual: string): void {
  if (updating(rule)) {
    writeFileSync(file, actual);
    return;
  }
  expect(existsSync(file), `${file} is missing; run with UPDATE_GOLDEN=1 and review it`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

function applyFix(text: string, fix: Fix): string {
  const lines = new LineIndex(text);
  return fix.edits
    .map((edit) => ({ start: lines.offsetAt(edit.range.start), end: lines.offsetAt(edit.range.end), newText: edit.newText }))
    .sort((a, b) => b.start - a.start)
    .reduce((result, edit) => result.slice(0, edit.start) + edit.newText + result.slice(edit.end), text);
}

const cases = goldenCases();

/**
 * A case's options with every rule off but the one its folder is named after, which keeps its
 * defaults (a severity per message where it has them); a rule off by default is turned on as a hint.
 */
function optionsFor(rule: string, name: string, input: string): EngineLintOptions {
  const options = lintOptionsFor(name, input);
  options.rules = Object.fromEntries(
    listRules()
      .filter((meta) => meta.id !== rule || meta.severity === 'off')
      .map((meta) => [meta.id, meta.id === rule ? 'hint' : 'off']),
  );
  return options;
}
const findingsOf = (rule: string, text: string, name: string, input: string) =>
  configOf(input) === undefined
    ? lint(text, optionsFor(rule, name, input)).diagnostics
    : findingsOfCase(text, input, lintOptionsFor(name, input)).filter((finding) => finding.ruleId === rule);

describe('golden files', () => {
  for (const { rule, name, input } of cases) {
    it(`${rule}/${name}`, () => {
      const text = goldenText(input);
      compareOrWrite(rule, input.replace(/\.json$/, '.out'), describeFindings(findingsOf(rule, text, name, input)));

      const fixedFile = input.replace(/\.json$/, '.fixed.json');
      const { output } = fixText(text, optionsFor(rule, name, input));
      if (output === text) {
        if (updating(rule) && existsSync(fixedFile)) unlinkSync(fixedFile);
        expect(existsSync(fixedFile), `${fixedFile} exists but --fix changes nothing`).toBe(false);
        return;
      }
      compareOrWrite(rule, fixedFile, output);
      expect(fixText(output, optionsFor(rule, name, input)).output, 'fixing twice changes nothing').toBe(output);
    });
  }
});

/**
 * Messages no golden file can show, and why: a file too large to keep, or a branch that guards
 * against what the schema, cron-parser or multiformats may do in a later version and that nothing
 * reaches today.
 */
const SHOWN_ELSEWHERE: Record<string, Record<string, string>> = {
  'limit-exceeded': {
    tooLong: 'a file over the 4 MiB read limit: test/engine-robustness.test.ts refuses a 50 MB one',
  },
  'json-syntax': {
    invalidNumber: 'jsonc-parser reports a malformed number as an unterminated one (`1e`) or as text after a value (`01`)',
    closeBraceExpected: 'a missing `}` inside the text comes after a missing comma, which is told first',
    closeBracketExpected: 'a missing `]` inside the text comes after a missing comma, which is told first',
    unterminatedComment: 'a comment is told as a comment first, closed or not',
    invalidJson: 'a parser error code without a message of its own; every code jsonc-parser has today has one',
    endsEarlyString: 'a string left open is told where it opens, inside the text',
    endsEarlyComment: 'a comment is told as a comment first, closed or not',
    endsEarly: 'a parser error code at the end without a message of its own; none is known',
  },
  'invalid-value': {
    other: 'a schema keyword without a message of its own; `not` and `false schema` are all covered by rules today',
    notAllowed: 'a `not` or `false schema` failure the schema gives no words for; rules cover every one today',
    patternUnexplained: 'a pattern the schema gives no words for (`errorMessage`); every pattern has them',
    formatUnexplained: "a format the schema gives no words for; its one format, a task's `at`, has them (and task-at-invalid covers it)",
    maximum: "the schema's one maximum, a route's port, is covered by route-port-range",
    ...Object.fromEntries(
      ['minimumExplained', 'maximumExplained', 'exclusiveMinimumExplained', 'exclusiveMaximumExplained'].map((id) => [
        id,
        'a bound the schema gives words for; none of its bounds has them',
      ]),
    ),
    ...Object.fromEntries(['exclusiveMinimum', 'exclusiveMaximum'].map((id) => [id, 'the schema has no exclusive bounds'])),
  },
  'task-cron-invalid': {
    invalid: 'a cron-parser error that no single field explains; none is known',
    ...Object.fromEntries(
      ['unexplained', 'unexplainedDayOfMonth', 'unexplainedMonth', 'unexplainedDayOfWeek'].map((id) => [
        id,
        'a refusal of one field in words the cron reader does not know; it knows every one cron-parser has today',
      ]),
    ),
  },
  'unknown-property': {
    unknownTopLevelKnownKeys: 'the top level has more known keys than a message lists',
    unknownProperty: 'every object below the top level has few enough known keys for the message to list them',
  },
  'task-delivery-incomplete': { noHost: 'an http(s) URL without a host, which the WHATWG URL parser refuses before the rule asks for its host' },
  'skill-cid-invalid': {
    invalidNotCid: 'multiformats failing to decode a CID whose version, lengths and hash `describeCid` has checked; multiformats 14 checks nothing more',
  },
};

describe('every rule has golden files', () => {
  for (const meta of listRules()) {
    it(meta.id, () => {
      const mine = cases.filter((c) => c.rule === meta.id).map((c) => ({ name: c.name, input: c.input, text: goldenText(c.input) }));
      const fires = mine.filter(({ text, name, input }) => findingsOf(meta.id, text, name, input).some((d) => d.ruleId === meta.id));
      expect(fires.length, `a case in test/golden/${meta.id}/ where it fires`).toBeGreaterThan(0);
      expect(mine.length - fires.length, `a near-miss case in test/golden/${meta.id}/ where it must not fire`).toBeGreaterThan(0);
      // Every message the rule declares is shown by one of its cases, or is known not to be.
      const shownIds = new Set(fires.flatMap(({ text, name, input }) => findingsOf(meta.id, text, name, input).map((d) => d.messageId)));
      const elsewhere = SHOWN_ELSEWHERE[meta.id] ?? {};
      for (const id of Object.keys(elsewhere)) expect(meta.messages?.[id], `${meta.id} declares "${id}"`).toBeDefined();
      for (const id of Object.keys(meta.messages ?? {})) {
        if (id in elsewhere) continue;
        expect(shownIds.has(id), `a case in test/golden/${meta.id}/ showing its message "${id}"`).toBe(true);
      }
      if (!meta.fixable && !meta.suggests) return;
      // Every fix and every suggestion the rule offers must make its finding go away; a certain
      // fix comes alone, and a rule that says it suggests does.
      const offered = fires.flatMap(({ text, name, input }) => {
        const own = findingsOf(meta.id, text, name, input).filter((d) => d.ruleId === meta.id);
        for (const finding of own) expect(finding.fixes?.length ?? 0, 'one certain fix at most').toBeLessThanOrEqual(1);
        return own.flatMap((finding) => [...(finding.fixes ?? []), ...(finding.suggestions ?? [])].map((fix) => ({ text, name, input, own, fix })));
      });
      expect(offered.length, `a case where ${meta.id} offers a fix or a suggestion`).toBeGreaterThan(0);
      const kinds = fires.flatMap(({ text, name, input }) => findingsOf(meta.id, text, name, input).filter((d) => d.ruleId === meta.id));
      if (meta.fixable)
        expect(
          kinds.some((d) => d.fixes?.length === 1),
          `${meta.id} is fixable: a case with its fix`,
        ).toBe(true);
      if (meta.suggests)
        expect(
          kinds.some((d) => (d.suggestions?.length ?? 0) > 0),
          `${meta.id} suggests: a case with a suggestion`,
        ).toBe(true);
      if (!meta.suggests)
        expect(
          kinds.every((d) => d.suggestions === undefined),
          `${meta.id} does not say it suggests`,
        ).toBe(true);
      for (const { text, name, input, own, fix } of offered) {
        const after = findingsOf(meta.id, applyFix(text, fix), name, input).filter((d) => d.ruleId === meta.id);
        expect(after.length, `after "${fix.title}"`).toBeLessThan(own.length);
      }
    });
  }
});
