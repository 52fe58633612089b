/**
 * A rule's messages and fix titles are written whole in its metadata (`messages`, `fixTitles`);
 * what a finding fills in holds values only, so the table, and the rule pages generated from it,
 * show the words users read. Checked over every report of the catalog on the golden cases and the
 * corpus (see `reportsOfCatalog`).
 *
 * A data value is a value, not a clause, when:
 * - it is a number; or
 * - its slot is a code span in the template (`` `{{command}}` ``): it is code, written as it is; or
 * - it neither starts with a separator or a space (`, `, `; `, `: `, ` `) nor ends with sentence
 *   punctuation or a space (`.`, `?`, `!`, `:`, `;`), and, once its code spans, JSON strings,
 *   numbers, times and values cut short with `…` are taken out, every word left is one of
 *   `VALUE_WORDS`: the words of lists, of value kinds and of units, and the nouns the catalog
 *   names a thing with (`the route \`/app\``). A verb, a `which`, an `if` is never among them.
 *
 * A slot the rule declares in `schemaWords` holds the schema's own words for what a value must be
 * (an `errorMessage`, listed on the rule's page): it must hold exactly one of them.
 */
import { describe, expect, it } from 'vitest';
import { listRules } from '../../rules/index.js';
import type { MessageData } from '../../rules/framework/rule.js';
import { reportsOfCatalog } from './reported.js';
import schemaFacts from '../../rules/generated/schema-facts.js';

const VALUE_WORDS = new Set([
  // lists and pairs (a CID under its profile)
  'and',
  'or',
  'under',
  // value kinds, as `formatValue` and `jsonType` write them
  'a',
  'an',
  'of',
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
  'null',
  'out',
  'range',
  // units
  'character',
  'characters',
  'entry',
  'entries',
  'second',
  'seconds',
  'minute',
  'minutes',
  'hour',
  'hours',
  'day',
  'days',
  'week',
  'month',
  'line',
  'port',
  'ports',
  'route',
  'routes',
  // nouns naming a thing of the manifest
  'the',
  'The',
  'manifest',
  'task',
  // weekdays and months of a time as `formatRunTime` writes it
  'Mon',
  'Tue',
  'Wed',
  'Thu',
  'Fri',
  'Sat',
  'Sun',
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
]);

const CODE_SPAN = /`[^`]*`/g;
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;
/** A value cut short or masked (`xoxb-12…`, `Bot …`): what shows of it is no word of ours. */
const CUT_SHORT = /\S*\s?…/g;
/** Numbers, times (`09:00`), ranges and number signs. */
const NUMBERISH = /^[-+]?\d[\d,.:/+-]*$/;

/** Why a value is a clause, or undefined when it is a value. */
export function clauseIn(value: string | number, template: string, slot: string): string | undefined {
  if (typeof value === 'number') return undefined;
  if ([...template.matchAll(CODE_SPAN)].some(([span]) => new RegExp(`\\{\\{\\s*${slot}\\s*\\}\\}`).test(span))) return undefined;
  if (/^(?:[,;:.] |\s)/.test(value)) return 'starts with a separator';
  if (/[.?!:;\s]$/.test(value)) return 'ends like a sentence';
  const words = value
    .replace(CODE_SPAN, ' ')
    .replace(JSON_STRING, ' ')
    .replace(CUT_SHORT, ' ')
    .split(/[\s,()]+/)
    .filter((word) => word !== '' && !NUMBERISH.test(word));
  // One bare word is a name (a channel's label, a host).
  if (!/\s/.test(value)) return undefined;
  const other = words.filter((word) => !VALUE_WORDS.has(word));
  return other.length > 0 ? `has the words ${other.map((word) => `"${word}"`).join(', ')}` : undefined;
}

/** What the schema says values must be (its `errorMessage`s): the only words a rule's `schemaWords` slots may hold. */
const SCHEMA_WORDS = new Set(Object.values(schemaFacts.expectations));

function clausesOf(
  data: MessageData | undefined,
  templates: Readonly<Record<string, string>> | undefined,
  id: string,
  schemaWords: readonly string[] = [],
): string[] {
  const template = templates?.[id] ?? '';
  return Object.entries(data ?? {}).flatMap(([slot, value]) => {
    const why = schemaWords.includes(slot) ? (SCHEMA_WORDS.has(String(value)) ? undefined : "is not the schema's words") : clauseIn(value, template, slot);
    return why ? [`{{${slot}}} = ${JSON.stringify(value)}: ${why}`] : [];
  });
}

const reported = reportsOfCatalog();

describe('message data and fix title data hold values only', () => {
  for (const meta of listRules()) {
    const own = reported.filter((report) => report.meta.id === meta.id);
    it(meta.id, () => {
      const clauses = new Set<string>();
      for (const { finding, source, meta } of own) {
        for (const clause of clausesOf(finding.data, meta.messages, finding.messageId, meta.schemaWords))
          clauses.add(`${finding.messageId} ${clause} (${source})`);
        for (const fix of [...(finding.fixes ?? []), ...(finding.suggestions ?? [])]) {
          expect(meta.fixTitles?.[fix.titleId], `${meta.id} declares the fix title "${fix.titleId}"`).toBeDefined();
          for (const clause of clausesOf(fix.titleData, meta.fixTitles, fix.titleId)) clauses.add(`fix ${fix.titleId} ${clause} (${source})`);
        }
      }
      expect([...clauses]).toEqual([]);
    });
  }

  it('a golden case or corpus file reaches every fix title', () => {
    const used = new Set(
      reported.flatMap(({ meta, finding }) => [...(finding.fixes ?? []), ...(finding.suggestions ?? [])].map((fix) => `${meta.id} ${fix.titleId}`)),
    );
    const declared = listRules().flatMap((meta) => Object.keys(meta.fixTitles ?? {}).map((id) => `${meta.id} ${id}`));
    expect(declared.filter((id) => !used.has(id))).toEqual([]);
  });
});

describe('what counts as a clause', () => {
  it.each([
    ['`open`, `pairing` or `closed`', 'not one of {{list}}'],
    ['The task `daily`', '{{task}} is'],
    ['175 days 2 hours', '{{d}} ago'],
    ['Bot …', 'holds {{token}}'],
    ['python3 -m pip', 'run `{{command}}`'],
  ])('%s is a value', (value, template) => {
    const slot = /\{\{(\w+)\}\}/.exec(template)![1]!;
    expect(clauseIn(value, template, slot)).toBeUndefined();
  });
  it.each([
    ['; did you mean `x`?', '{{it}}{{suggestion}}'],
    [' (it is `null`)', '{{written}}'],
    ['it contains whitespace', '{{problem}}'],
    ['Remove `partnerName`.', '{{advice}}'],
    ['the variable is written in shell syntax', '{{problem}}'],
    ['`tasks[0].tz` is `"Mars"`', '{{it}}, which'],
  ])('%s is a clause', (value, template) => {
    const slot = /\{\{(\w+)\}\}/.exec(template)![1]!;
    expect(clauseIn(value, template, slot)).toBeDefined();
  });
});
