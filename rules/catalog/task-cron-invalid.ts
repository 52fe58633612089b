import { touchesSyntaxError } from '../framework/document.js';
import { CRON_SYNTAX, cronProblem, type CronProblem } from '../analyzers/cron.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf, type FindingMessage, type Span } from '../framework/rule.js';
import { cronSchedules, spanInString, type CronSchedule } from '../analyzers/tasks.js';
import type { ParsedDocument } from '../framework/document.js';

const FIVE_FIELDS = 'minute, hour, day of month, month, day of week';

export const taskCronInvalid = defineRule({
  meta: {
    id: 'task-cron-invalid',
    category: 'Tasks',
    severity: 'error',
    description: 'A task\'s cron expression does not parse.',
    rationale:
      'The platform schedules a cron task from its expression; one it cannot parse means the task never runs. Each field has its own range (minutes 0-59, hours 0-23…), and a value outside it is the usual slip.',
    evidence:
      '"`cron` (`expr` with optional `tz`)" (https://docs.pinata.cloud/agents/manifest); Pinata\'s starter `_docs`: "schedule (cron expression)". Which cron dialect the platform parses is not documented: the five-field syntax with an optional seconds field is cron-parser\'s, which the engine\'s schedules follow.',
    assumptions:
      'An expression has five fields (minute hour day-of-month month day-of-week), or six with a leading seconds field, or is a predefined alias such as `@daily`; cron-parser\'s filling-in of missing leading fields is not relied on.',
    messages: {
      blank: `{{subject}} is {{emptiness}}. Write a cron expression of five fields (${FIVE_FIELDS}), for example \`0 9 * * *\` for 09:00 every day.`,
      fieldCount: `The cron expression {{expr}} has {{count}} field{{plural}}; it needs five (${FIVE_FIELDS}), or six with seconds first. {{advice}}`,
      unknownAlias: `{{expr}} is not a cron alias; the aliases are \`@yearly\`, \`@monthly\`, \`@weekly\`, \`@daily\`, \`@hourly\`, \`@weekdays\` and \`@weekends\`. Use one of them or write the five fields (${FIVE_FIELDS}).`,
      badField: `The {{name}} field \`{{shortened}}\` of the cron expression {{expr}} is not valid: {{reason}}. The {{name}} field takes {{allows}}, with ${CRON_SYNTAX}.`,
      dayNeverOccurs: `The day of month \`{{shortened}}\` of the cron expression {{expr}} never occurs in {{months}} \`{{shortened2}}\`, so the task would never run. Use a day that month has, or \`L\` for its last day.`,
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
        messageId: 'fieldCount',
        data: { expr, count: problem.count, plural: problem.count === 1 ? '' : 's', advice: problem.count < 5 ? 'Add the missing fields, for example `0 9 * * *` for 09:00 every day.' : 'Remove the extra fields (a year field is not supported).' },
      };
    case 'alias':
      return {
        messageId: 'unknownAlias',
        data: { expr },
      };
    case 'field':
      return {
        span: spanInString(doc, cron.node, problem.token.start, problem.token.end),
        messageId: 'badField',
        data: { name: problem.field.name, shortened: shortened(problem.token.text), expr, reason: problem.reason, allows: problem.field.allows },
      };
    case 'day-of-month':
      return {
        span: spanInString(doc, cron.node, problem.token.start, problem.token.end),
        messageId: 'dayNeverOccurs',
        data: { shortened: shortened(problem.token.text), expr, months: /^\d+$/.test(problem.months) ? 'month' : 'any of the months', shortened2: shortened(problem.months) },
      };
    case 'other':
      return { messageId: 'invalid',
      data: { expr, reason: problem.reason } };
  }
}

function shortened(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
