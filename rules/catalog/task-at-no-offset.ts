import { touchesSyntaxError } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { parseIsoTimestamp } from '../analyzers/schedule.js';
import { atFields } from '../analyzers/tasks.js';

export const taskAtNoOffset = defineRule({
  meta: {
    id: 'task-at-no-offset',
    category: 'Tasks',
    severity: 'warning',
    description: "A one-shot `at` time has no `Z` or offset, so the moment it names depends on the server's time zone.",
    rationale:
      "`2026-03-01T09:00:00` is 09:00 somewhere: without `Z` or an offset such as `+02:00`, the platform reads it in its own server's zone, which the manifest does not control, and the task may run hours away from the intended time.",
    evidence:
      'None found in Pinata\'s docs, which say only "one-shot ISO timestamp" (https://docs.pinata.cloud/agents/manifest#tasks). The OpenClaw engine documents that `schedule.at` "accepts ISO 8601 (timezone optional; treated as UTC when omitted)" (openclaw/openclaw `docs/automation/cron-jobs.md`).',
    messages: {
      atNoOffset: `{{subject}} is {{value}}, with no \`Z\` or offset, so the moment it names depends on the server's time zone. Add \`Z\` for UTC (\`{{text}}Z\`) or the offset you mean, such as \`{{text}}+02:00\`.`,
    },
    fixable: false,
  },
  check(context) {
    for (const at of atFields(context.doc)) {
      if (touchesSyntaxError(context.doc, at.node)) continue;
      if (at.field !== 'at' || at.kind !== 'at') continue;
      const text = at.node.value as string;
      const parsed = parseIsoTimestamp(text);
      if (!parsed.ok || parsed.value.offset !== undefined) continue;
      context.report({
        path: at.path,
        span: spanOf(at.node),
        messageId: 'atNoOffset',
        data: { subject: subject(at.path), value: formatValue(text), text },
      });
    }
  },
});
