import { childValue } from '../engine/document.js';
import { formatValue } from '../engine/describe.js';
import { defineRule, spanOf } from '../engine/rule.js';
import { tasks } from '../engine/tasks.js';

export const taskDuplicateName = defineRule({
  meta: {
    id: 'task-duplicate-name',
    category: 'Tasks',
    severity: 'warning',
    description: 'Two tasks have the same `name`.',
    rationale:
      'A task\'s name is how it appears in the task list and in run logs; two tasks with one name cannot be told apart there, and tooling that addresses tasks by name may act on the wrong one.',
    fixable: false,
  },
  check(context) {
    const first = new Map<string, number>();
    for (const { index, node } of tasks(context.doc)) {
      const name = childValue(node, 'name');
      if (name?.type !== 'string' || name.value === '') continue;
      const earlier = first.get(name.value as string);
      if (earlier === undefined) {
        first.set(name.value as string, index);
        continue;
      }
      context.report({
        path: ['tasks', index, 'name'],
        span: spanOf(name),
        message: `The task name ${formatValue(name.value)} is already used by \`tasks[${earlier}]\`; two tasks with one name cannot be told apart in the task list and run logs. Give this task a name of its own.`,
      });
    }
  },
});
