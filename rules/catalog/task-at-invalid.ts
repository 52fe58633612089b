import { touchesSyntaxError } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { ISO_EXAMPLE, parseIsoTimestamp } from '../analyzers/schedule.js';
import { atFields} from '../analyzers/tasks.js';

export const taskAtInvalid = defineRule({
  meta: {
    id: 'task-at-invalid',
    category: 'Tasks',
    severity: 'error',
    description: 'A one-shot schedule\'s `at` is not a full date and time (`YYYY-MM-DDTHH:MM:SS`, RFC 3339).',
    rationale:
      'A one-shot task runs at the moment its `at` names; a value that is not an ISO 8601 date and time (`2026-03-01T09:00:00Z`) cannot be scheduled, so the task never runs.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#tasks: "`at` (one-shot ISO timestamp)"; https://docs.pinata.cloud/agents/tasks: "**At** — run once at a specific ISO timestamp." The field\'s name is not documented by Pinata: `schedule.at` is the OpenClaw engine\'s (openclaw/openclaw `docs/automation/cron-jobs.md`).',
    assumptions:
      'The seed does not name the field; `at` is the engine\'s name for it. Accepted: `YYYY-MM-DDTHH:MM:SS` with optional fractions of a second and an optional `Z` or `±HH:MM` offset (the schema\'s `iso-date-time` format). The older numeric `atMs` (epoch milliseconds) is accepted as well.',
    messages: {
      atInvalid: `{{subject}} is {{value}}, which is not a date and time in the form the schema accepts, \`YYYY-MM-DDTHH:MM:SS\` with seconds, then \`Z\` or an offset such as \`+02:00\` (RFC 3339, the strict profile of ISO 8601): {{reason}}. For example \`{{example}}\`.`,
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
        messageId: 'atInvalid',
        data: { subject: subject(at.path), value: formatValue(at.node.value), reason: parsed.reason, example: parsed.suggestion ?? ISO_EXAMPLE },
      });
    }
  },
});
