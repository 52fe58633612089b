import { touchesSyntaxError } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { ISO_EXAMPLE, parseIsoTimestamp, type IsoTimestampProblem } from '../analyzers/schedule.js';
import { atFields } from '../analyzers/tasks.js';

/** Why a value is not a timestamp, in the words each message puts after the form it expects. */
const PROBLEMS: Record<IsoTimestampProblem['problem'], string> = {
  noSuchMonth: 'there is no month {{month}}',
  noDayZero: 'there is no day 0',
  noSuchDay: '{{monthName}} {{year}} has no day {{day}}',
  noSuchHour: 'there is no hour {{hour}} (hours run 00-23)',
  noSuchMinute: 'there is no minute {{minute}}',
  noSuchOffset: 'the offset {{offset}} is not one',
  noSuchSecond: 'there is no second {{second}}',
  empty: 'it is empty',
  spacesAround: 'it has spaces around it',
  unixSeconds: 'it looks like a Unix time in seconds; `at` takes a date and time (for a number, use `atMs` with epoch milliseconds)',
  unixMilliseconds: 'it looks like a Unix time in milliseconds; `at` takes a date and time (for a number, use `atMs` with epoch milliseconds)',
  dateOnly: 'it has a date but no time of day',
  noSeconds: 'its time has no seconds',
  notInForm: 'its parts are not where that form puts them',
};

export const taskAtInvalid = defineRule({
  meta: {
    id: 'task-at-invalid',
    category: 'Tasks',
    severity: 'error',
    description: "A one-shot schedule's `at` is not a full date and time (`YYYY-MM-DDTHH:MM:SS`, RFC 3339).",
    rationale:
      'A one-shot task runs at the moment its `at` names; a value that is not an ISO 8601 date and time (`2026-03-01T09:00:00Z`) cannot be scheduled, so the task never runs.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#tasks: "`at` (one-shot ISO timestamp)"; https://docs.pinata.cloud/agents/tasks: "**At** — run once at a specific ISO timestamp." The field\'s name is not documented by Pinata: `schedule.at` is the OpenClaw engine\'s (openclaw/openclaw `docs/automation/cron-jobs.md`).',
    assumptions:
      "The seed does not name the field; `at` is the engine's name for it. Accepted: `YYYY-MM-DDTHH:MM:SS` with optional fractions of a second and an optional `Z` or `±HH:MM` offset (the schema's `iso-date-time` format). The older numeric `atMs` (epoch milliseconds) is accepted as well.",
    messages: {
      ...Object.fromEntries(
        Object.entries(PROBLEMS).map(([id, problem]) => [
          id,
          `{{subject}} is {{value}}, which is not a date and time in the form the schema accepts, \`YYYY-MM-DDTHH:MM:SS\` with seconds, then \`Z\` or an offset such as \`+02:00\` (RFC 3339, the strict profile of ISO 8601): ${problem}. For example \`{{example}}\`.`,
        ]),
      ),
    },
    fixable: false,
    covers: ['/$defs/schedule/properties/at/format'],
  },
  check(context) {
    for (const at of atFields(context.doc)) {
      if (touchesSyntaxError(context.doc, at.node)) continue;
      if (at.field !== 'at') continue;
      const parsed = parseIsoTimestamp(at.node.value as string);
      if (parsed.ok) continue;
      context.report({
        path: at.path,
        span: spanOf(at.node),
        messageId: parsed.problem,
        data: {
          subject: subject(at.path),
          value: formatValue(at.node.value),
          example: parsed.suggestion ?? ISO_EXAMPLE,
          ...('values' in parsed ? parsed.values : {}),
        },
      });
    }
  },
});
