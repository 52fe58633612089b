import { touchesSyntaxError } from '../framework/document.js';
import { CRON_SYNTAX, cronProblem, type CronFieldReason, type CronProblem } from '../analyzers/cron.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf, type FindingMessage, type Span } from '../framework/rule.js';
import { cronSchedules, spanInString, type CronSchedule } from '../analyzers/tasks.js';
import type { ParsedDocument } from '../framework/document.js';

const FIVE_FIELDS = 'minute, hour, day of month, month, day of week';

/** Why a field is not valid, in the words its message gives after the field. */
const FIELD_REASONS: Record<CronFieldReason['id'], string> = {
  valueOutside: '{{value}} is outside {{range}}',
  notNumber: 'it has a value that is not a number',
  rangeOutside: 'the range {{range}} goes outside {{allowedRange}}',
  rangeBackwards: 'the range {{range}} runs backwards',
  characters: 'it has characters the {{name}} field does not take',
  zeroStep: 'a step of 0 never advances',
  badStep: 'the step is not a positive whole number',
  emptyListItem: 'the list has an empty item',
  unknownName: '`{{alias}}` is not a name the {{name}} field knows',
  listedTwice: 'the value {{value}} is listed more than once (list items must not overlap)',
  badOccurrence: 'the occurrence after `#` must be 1-5',
  tooManyValues: 'it lists too many values',
  // cron-parser's own words, when its message is none of those above.
  parser: '{{reason}}',
};

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
      ...Object.fromEntries(
        Object.entries(FIELD_REASONS).map(([id, reason]) => [
          id,
          `The {{name}} field \`{{shortened}}\` of the cron expression {{expr}} is not valid: ${reason}. The {{name}} field takes {{allows}}, with ${CRON_SYNTAX}.`,
        ]),
      ),
      dayNeverOccurs: `The day of month \`{{day}}\` of the cron expression {{expr}} never occurs in month \`{{months}}\`, so the task would never run. Use a day that month has, or \`L\` for its last day.`,
      dayNeverOccursInMonths: `The day of month \`{{day}}\` of the cron expression {{expr}} never occurs in any of the months \`{{months}}\`, so the task would never run. Use a day that month has, or \`L\` for its last day.`,
      invalid: `The cron expression {{expr}} is not valid: {{reason}}. Write five fields (${FIVE_FIELDS}), for example \`0 9 * * *\`.`,
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
    case 'field':
      return {
        span: spanInString(doc, cron.node, problem.token.start, problem.token.end),
        messageId: problem.reason.id,
        data: {
          name: problem.field.name,
          shortened: shortened(problem.token.text),
          expr,
          allows: problem.field.allows,
          ...('values' in problem.reason ? problem.reason.values : {}),
        },
      };
    case 'day-of-month':
      return {
        span: spanInString(doc, cron.node, problem.token.start, problem.token.end),
        messageId: /^\d+$/.test(problem.months) ? 'dayNeverOccurs' : 'dayNeverOccursInMonths',
        data: { day: shortened(problem.token.text), expr, months: shortened(problem.months) },
      };
    case 'other':
      return { messageId: 'invalid', data: { expr, reason: problem.reason } };
  }
}

function shortened(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
