import { childValue } from '../framework/document.js';
import { subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { humanDuration } from '../analyzers/schedule.js';
import { scheduleObject, tasks } from '../analyzers/tasks.js';

export const taskStaggerTooLarge = defineRule({
  meta: {
    id: 'task-stagger-too-large',
    category: 'Tasks',
    severity: 'warning',
    description: "A schedule's `staggerMs` is not smaller than its `everyMs`.",
    rationale:
      '`staggerMs` offsets each run by up to that much so that many agents do not fire at the same instant. A stagger as long as the interval or longer lets consecutive runs bunch together, overlap or swap order, which defeats a fixed interval.',
    evidence:
      'https://docs.pinata.cloud/agents/tasks: "Set `staggerMs` if you want to randomize the start offset so multiple tasks don\'t fire at the same instant." That a stagger as long as the interval defeats it is the linter\'s own inference.',
    messages: {
      staggerTooLarge: `{{subject}} is {{value}} ({{humanDuration}}), not less than \`everyMs\` {{value2}} ({{humanDuration3}}): runs offset by up to a whole interval can bunch together or swap order. Keep the stagger well below the interval, for example {{tenth}} ({{humanDuration4}}).`,
    },
    fixable: false,
    judgesObject: true,
  },
  check(context) {
    for (const { index, node } of tasks(context.doc)) {
      const schedule = scheduleObject(node);
      const stagger = childValue(schedule, 'staggerMs');
      const every = childValue(schedule, 'everyMs');
      if (stagger?.type !== 'number' || every?.type !== 'number' || every.value <= 0 || stagger.value < every.value) continue;
      const path = ['tasks', index, 'schedule', 'staggerMs'];
      const tenth = every.value >= 10_000 ? Math.round(every.value / 10_000) * 1000 : Math.floor(every.value / 10);
      context.report({
        path,
        span: spanOf(stagger),
        messageId: 'staggerTooLarge',
        data: {
          subject: subject(path),
          value: stagger.value,
          humanDuration: humanDuration(stagger.value),
          value2: every.value,
          humanDuration3: humanDuration(every.value),
          tenth,
          humanDuration4: humanDuration(tenth),
        },
      });
    }
  },
});
