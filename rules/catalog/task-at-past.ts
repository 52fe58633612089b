import { touchesSyntaxError } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { explainSchedule, humanDuration, parseIsoTimestamp } from '../analyzers/schedule.js';
import { atFields } from '../analyzers/tasks.js';
import { isValidTimeZone } from '../analyzers/time-zones.js';

export const taskAtPast = defineRule({
  meta: {
    id: 'task-at-past',
    category: 'Tasks',
    severity: 'warning',
    description: "A one-shot task's `at` time lies in the past.",
    rationale:
      'A one-shot task runs once, at its `at` time; when that time has already passed at deploy, the task does not run when it was meant to. The check reads one clock, which `--now` sets, so CI results are reproducible.',
    evidence:
      'None found directly: the nearest is https://docs.pinata.cloud/agents/tasks, "Schedules that would have fired during downtime are skipped, not queued." The rest is the linter\'s own inference.',
    assumptions:
      'The reference does not say what the engine does with a one-shot time already past (skip it or run it at once); either way it is not what was meant. An `at` without an offset is read as UTC to decide whether it is past.',
    messages: {
      atPast: `{{subject}} is {{value}}, {{humanDuration}} ago: the task would run once, at {{runTime}}, {{timeZone}}, which has passed, so it will not run when you meant it to. Set a future time, or remove the task once it has done its job.`,
    },
    fixable: false,
  },
  check(context) {
    const now = context.now;
    for (const at of atFields(context.doc)) {
      if (touchesSyntaxError(context.doc, at.node)) continue;
      if (at.kind !== 'at') continue;
      let instant: number;
      if (at.field === 'atMs') {
        instant = at.node.value as number;
      } else {
        const parsed = parseIsoTimestamp(at.node.value as string);
        if (!parsed.ok) continue;
        instant = parsed.value.instant;
      }
      if (!(instant < now.getTime())) continue;
      const explanation = explainSchedule(
        { kind: 'at', [at.field]: at.node.value, ...(at.tz !== undefined && isValidTimeZone(at.tz) ? { tz: at.tz } : {}) },
        now,
      );
      if (!explanation?.runTime) continue;
      context.report({
        path: at.path,
        span: spanOf(at.node),
        messageId: 'atPast',
        data: {
          subject: subject(at.path),
          value: formatValue(at.node.value),
          humanDuration: humanDuration(now.getTime() - instant, { approximate: true }),
          runTime: explanation.runTime,
          timeZone: explanation.timeZone,
        },
      });
    }
  },
});
