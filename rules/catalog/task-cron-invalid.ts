import { touchesSyntaxError } from '../framework/document.js';
import { CRON_FIELDS, cronProblem, type CronFieldId, type CronFieldReason, type CronProblem } from '../analyzers/cron.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf, type FindingMessage, type Span } from '../framework/rule.js';
import { cronSchedules, type CronSchedule } from '../analyzers/tasks.js';
import { spanInString } from '../analyzers/string-spans.js';
import type { ParsedDocument } from '../framework/document.js';

const FIVE_FIELDS = 'minute, hour, day of month, month, day of week';

/** What every field takes besides its values. */
const CRON_SYNTAX = '`*`, lists (`1,15`), ranges (`1-5`) and steps (`*/15`)';

/**
 * The fields by what they take: the seconds, minute and hour fields numbers alone (their name and
 * range filled in), each day field its own forms too. A field's messages are one per reason and
 * kind, the kind's words written in (`valueOutsideDayOfWeek`).
 */
type FieldKind = 'numbers' | 'DayOfMonth' | 'Month' | 'DayOfWeek';
const KIND_OF_FIELD: Record<CronFieldId, FieldKind> = {
  second: 'numbers',
  minute: 'numbers',
  hour: 'numbers',
  dayOfMonth: 'DayOfMonth',
  month: 'Month',
  dayOfWeek: 'DayOfWeek',
};
const rangeOf = ({ min, max }: { min: number; max: number }) => `${min}-${max}`;
/** Each kind's name in its messages, and what it takes. */
const FIELD_KINDS: Record<FieldKind, { name: string; takes: string }> = {
  numbers: { name: '{{name}}', takes: '{{min}}-{{max}}' },
  DayOfMonth: { name: CRON_FIELDS.dayOfMonth.name, takes: `${rangeOf(CRON_FIELDS.dayOfMonth)}, or \`L\` for the last day of the month` },
  Month: { name: CRON_FIELDS.month.name, takes: `${rangeOf(CRON_FIELDS.month)} or \`JAN\`-\`DEC\`` },
  DayOfWeek: {
    name: CRON_FIELDS.dayOfWeek.name,
    takes: `${rangeOf(CRON_FIELDS.dayOfWeek)} (0 and 7 are Sunday) or \`SUN\`-\`SAT\`, \`5L\` for the last Friday of the month and \`1#2\` for its second Monday`,
  },
};

/** Why a field is not valid, in the words its message gives after the field (`field` is its name), and the kinds it can happen in. */
const FIELD_REASONS: Record<CronFieldReason['id'], { words: (field: string) => string; kinds?: readonly FieldKind[] }> = {
  valueOutside: { words: () => '{{value}} is outside {{range}}' },
  notNumber: { words: () => 'it has a value that is not a number' },
  rangeOutside: { words: () => 'the range {{range}} goes outside {{allowedRange}}' },
  rangeBackwards: { words: () => 'the range {{range}} runs backwards' },
  rangeEnds: { words: () => 'the range {{range}} has more than two ends' },
  characters: { words: (field) => `it has characters the ${field} field does not take` },
  wildcardInside: { words: () => '`*` and `?` stand for a whole list item (`*`, `*/15`), never for part of one' },
  zeroStep: { words: () => 'a step of 0 never advances' },
  badStep: { words: () => 'the step is not a positive whole number' },
  emptyListItem: { words: () => 'the list has an empty item' },
  unknownName: { words: (field) => `\`{{alias}}\` is not a name the ${field} field knows`, kinds: ['Month', 'DayOfWeek'] },
  listedTwice: { words: () => 'the value {{value}} is listed more than once (list items must not overlap)' },
  badOccurrence: { words: () => 'the occurrence after `#` must be 1-5', kinds: ['DayOfWeek'] },
  occurrenceCombined: { words: () => 'an occurrence (`#`) does not combine with `{{character}}`', kinds: ['DayOfWeek'] },
  standaloneL: { words: () => '`L` stands after a day (`5L` for the last Friday of the month), not alone', kinds: ['DayOfWeek'] },
  tooManyValues: { words: () => 'it lists too many values' },
  // A refusal cron-parser words in a way the analyzer does not know (none today).
  unexplained: { words: () => 'cron cannot read it' },
};

/** `valueOutside` for the seconds, minute and hour fields, `valueOutsideDayOfWeek` for that field. */
const fieldMessageId = (reason: CronFieldReason['id'], kind: FieldKind) => (kind === 'numbers' ? reason : `${reason}${kind}`);

const fieldMessages = Object.entries(FIELD_REASONS).flatMap(([reason, { words, kinds }]) =>
  Object.entries(FIELD_KINDS)
    .filter(([kind]) => !kinds || kinds.includes(kind as FieldKind))
    .map(([kind, field]) => [
      fieldMessageId(reason as CronFieldReason['id'], kind as FieldKind),
      `The ${field.name} field \`{{shortened}}\` of the cron expression {{expr}} is not valid: ${words(field.name)}. The ${field.name} field takes ${field.takes}, with ${CRON_SYNTAX}.`,
    ]),
);

export const taskCronInvalid = defineRule({
  meta: {
    id: 'task-cron-invalid',
    category: 'Tasks',
    severity: 'error',
    description: "A task's cron expression does not parse.",
    rationale:
      'The platform schedules a cron task from its expression; one it cannot parse means the task never runs. Each field has its own range (minutes 0-59, hours 0-23…), and a value outside it is the usual slip.',
    evidence:
      '"`cron` (`expr` with optional `tz`)" (https://docs.pinata.cloud/agents/manifest); Pinata\'s starter `_docs`: "schedule (cron expression)". Which cron dialect the platform parses is not documented: the five-field syntax with an optional seconds field is cron-parser\'s, which the engine\'s schedules follow.',
    assumptions:
      "An expression has five fields (minute hour day-of-month month day-of-week), or six with a leading seconds field, or is a predefined alias such as `@daily`; cron-parser's filling-in of missing leading fields is not relied on.",
    messages: {
      blank: `{{subject}} is {{emptiness}}. Write a cron expression of five fields (${FIVE_FIELDS}), for example \`0 9 * * *\` for 09:00 every day.`,
      tooFewFields: `The cron expression {{expr}} has {{count}} fields; it needs five (${FIVE_FIELDS}), or six with seconds first. Add the missing fields, for example \`0 9 * * *\` for 09:00 every day.`,
      oneField: `The cron expression {{expr}} has 1 field; it needs five (${FIVE_FIELDS}), or six with seconds first. Add the missing fields, for example \`0 9 * * *\` for 09:00 every day.`,
      tooManyFields: `The cron expression {{expr}} has {{count}} fields; it needs five (${FIVE_FIELDS}), or six with seconds first. Remove the extra fields (a year field is not supported).`,
      unknownAlias: `{{expr}} is not a cron alias; the aliases are \`@yearly\`, \`@monthly\`, \`@weekly\`, \`@daily\`, \`@hourly\`, \`@weekdays\` and \`@weekends\`. Use one of them or write the five fields (${FIVE_FIELDS}).`,
      tooLong: `The cron expression {{expr}} is {{length}} characters long, more than the {{max}} a cron expression can have. Shorten it: a range (\`1-5\`) or a step (\`*/15\`) says in a few characters what a long list says.`,
      ...Object.fromEntries(fieldMessages),
      dayNeverOccurs: `The day of month \`{{day}}\` of the cron expression {{expr}} never occurs in month \`{{months}}\`, so the task would never run. Use a day that month has, or \`L\` for its last day.`,
      dayNeverOccursInMonths: `The day of month \`{{day}}\` of the cron expression {{expr}} never occurs in any of the months \`{{months}}\`, so the task would never run. Use a day that month has, or \`L\` for its last day.`,
      invalid: `The cron expression {{expr}} is not valid. Write five fields (${FIVE_FIELDS}), for example \`0 9 * * *\`.`,
    },
    fixable: false,
    covers: ['/$defs/schedule/properties/expr/minLength', '/$defs/legacyTask/properties/schedule/minLength'],
  },
  check(context) {
    for (const cron of cronSchedules(context.doc)) {
      const problem = cronProblem(cron.expr);
      if (!problem || touchesSyntaxError(context.doc, cron.node)) continue;
      context.report({ path: cron.path, span: spanOf(cron.node), ...describe(context.doc, cron, problem) });
    }
  },
});

function describe(doc: ParsedDocument, cron: CronSchedule, problem: CronProblem): FindingMessage & { span?: Span } {
  const expr = formatValue(cron.expr);
  switch (problem.kind) {
    case 'empty':
      return {
        messageId: 'blank',
        data: { subject: subject(cron.path), emptiness: cron.expr === '' ? 'empty' : 'blank' },
      };
    case 'field-count':
      return {
        messageId: problem.count === 1 ? 'oneField' : problem.count < 5 ? 'tooFewFields' : 'tooManyFields',
        data: { expr, count: problem.count },
      };
    case 'alias':
      return {
        messageId: 'unknownAlias',
        data: { expr },
      };
    case 'too-long':
      return {
        ...(problem.token ? { span: spanInString(doc, cron.node, problem.token.start, problem.token.end) } : {}),
        messageId: 'tooLong',
        data: { expr, length: problem.length, max: problem.max },
      };
    case 'field': {
      const kind = KIND_OF_FIELD[problem.field.id];
      return {
        span: spanInString(doc, cron.node, problem.token.start, problem.token.end),
        messageId: fieldMessageId(problem.reason.id, kind),
        data: {
          ...(kind === 'numbers' ? { name: problem.field.name, min: problem.field.min, max: problem.field.max } : {}),
          shortened: shortened(problem.token.text),
          expr,
          ...('values' in problem.reason ? problem.reason.values : {}),
        },
      };
    }
    case 'day-of-month':
      return {
        span: spanInString(doc, cron.node, problem.token.start, problem.token.end),
        messageId: /^\d+$/.test(problem.months) ? 'dayNeverOccurs' : 'dayNeverOccursInMonths',
        data: { day: shortened(problem.token.text), expr, months: shortened(problem.months) },
      };
    case 'other':
      return { messageId: 'invalid', data: { expr } };
  }
}

function shortened(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
