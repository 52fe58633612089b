import { cronFields, subMinuteFiring } from '../analyzers/cron.js';
import { childValue } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { humanDuration } from '../analyzers/schedule.js';
import { cronSchedules, intervalShorthands, tasks } from '../analyzers/tasks.js';

const MINUTE_MS = 60_000;

export const taskIntervalTooShort = defineRule({
  meta: {
    id: 'task-interval-too-short',
    category: 'Tasks',
    severity: 'error',
    description: 'A task would run more than once a minute (`everyMs` or a `"<n>ms"` schedule below 60000, or a cron seconds field).',
    evidence:
      '"Minimum interval across all kinds is 1 minute — anything tighter is rejected." (https://docs.pinata.cloud/agents/tasks); "minimum interval 1 minute" (https://docs.pinata.cloud/agents/manifest). The `"<n>ms"` schedule is documented in Pinata\'s starter `_docs` ("OR milliseconds like \'600000ms\'").',
    rationale:
      'The platform runs a task at most once a minute. An `everyMs` below 60000, or a six-field cron expression whose seconds field lists several seconds, is rejected or throttled, and would burn model tokens on every run.',
    messages: {
      everyMs: `{{subject}} is {{value}} ({{humanDuration}}); the platform runs a task at most once a minute. Use ${MINUTE_MS} or more.`,
      intervalShorthand: `{{subject}} is {{value}}, an interval of {{humanDuration}}; the platform runs a task at most once a minute. Use \`"${MINUTE_MS}ms"\` or more.`,
      cronSeconds: `\`{{expr}}\` has a seconds field and fires {{perMinute}} times a minute, as little as {{humanDuration}} apart; the platform runs a task at most once a minute. Drop the seconds field (\`{{rest}}\`) or fix it to one value (\`0 {{rest}}\`).`,
    },
    fixable: false,
    covers: ['/$defs/schedule/properties/everyMs/minimum', '/$defs/schedule/properties/expr/pattern'],
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
        messageId: 'everyMs',
        data: { subject: subject(path), value: every.value, humanDuration: humanDuration(every.value) },
      });
    }
    for (const interval of intervalShorthands(context.doc)) {
      if (interval.everyMs >= MINUTE_MS) continue;
      context.report({
        path: interval.path,
        span: spanOf(interval.node),
        messageId: 'intervalShorthand',
        data: { subject: subject(interval.path), value: formatValue(interval.node.value, interval.path), humanDuration: humanDuration(interval.everyMs) },
      });
    }
    for (const cron of cronSchedules(context.doc)) {
      const firing = subMinuteFiring(cron.expr);
      if (!firing) continue;
      const rest = cronFields(cron.expr).slice(1).join(' ');
      context.report({
        path: cron.path,
        span: spanOf(cron.node),
        messageId: 'cronSeconds',
        data: { expr: cron.expr, perMinute: firing.perMinute, humanDuration: humanDuration(firing.smallestGap * 1000), rest },
      });
    }
  },
});
