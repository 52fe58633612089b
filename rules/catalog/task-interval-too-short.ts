import { cronFields, subMinuteFiring } from '../analyzers/cron.js';
import { childValue } from '../framework/document.js';
import { subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { humanDuration } from '../analyzers/schedule.js';
import { cronSchedules, tasks } from '../analyzers/tasks.js';

const MINUTE_MS = 60_000;

export const taskIntervalTooShort = defineRule({
  meta: {
    id: 'task-interval-too-short',
    category: 'Tasks',
    severity: 'error',
    description: 'A task would run more than once a minute (`everyMs` below 60000, or a cron seconds field).',
    rationale:
      'The platform runs a task at most once a minute. An `everyMs` below 60000, or a six-field cron expression whose seconds field lists several seconds, is rejected or throttled, and would burn model tokens on every run.',
    fixable: false,
    covers: ['/$defs/schedule/properties/everyMs/minimum'],
  },
  check(context) {
    for (const { index, node } of tasks(context.doc)) {
      // Whatever the kind says, the schema's own minimum on `everyMs` is reported here.
      const every = childValue(childValue(node, 'schedule'), 'everyMs');
      if (every?.type !== 'number' || every.value >= MINUTE_MS) continue;
      const path = ['tasks', index, 'schedule', 'everyMs'];
      context.report({
        path,
        span: spanOf(every),
        message: `${subject(path)} is ${every.value} (${humanDuration(every.value)}); the platform runs a task at most once a minute. Use ${MINUTE_MS} or more.`,
      });
    }
    for (const cron of cronSchedules(context.doc)) {
      const firing = subMinuteFiring(cron.expr);
      if (!firing) continue;
      const rest = cronFields(cron.expr).slice(1).join(' ');
      context.report({
        path: cron.path,
        span: spanOf(cron.node),
        message: `\`${cron.expr}\` has a seconds field and fires ${firing.perMinute} times a minute, as little as ${humanDuration(firing.smallestGap * 1000)} apart; the platform runs a task at most once a minute. Drop the seconds field (\`${rest}\`) or fix it to one value (\`0 ${rest}\`).`,
      });
    }
  },
});
