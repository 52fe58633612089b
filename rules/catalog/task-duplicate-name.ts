import { repeatedNames } from '../analyzers/repeats.js';
import { formatValue } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';

export const taskDuplicateName = defineRule({
  meta: {
    id: 'task-duplicate-name',
    category: 'Tasks',
    severity: 'warning',
    description: 'Two tasks have the same `name`.',
    rationale:
      "A task's name is how it appears in the task list and in run logs; two tasks with one name cannot be told apart there, and tooling that addresses tasks by name may act on the wrong one.",
    evidence:
      'None found: Pinata\'s docs ask only for a name that is "anything readable" (https://docs.pinata.cloud/agents/tasks). The linter\'s own inference that duplicates cannot be told apart in the task list.',
    messages: {
      duplicateName: `The task name {{value}} is already used by \`tasks[{{earlier}}]\`; two tasks with one name cannot be told apart in the task list and run logs. Give this task a name of its own.`,
    },
    fixable: false,
  },
  check(context) {
    for (const { path, node, value, earlier } of repeatedNames(context.doc, ['tasks'], 'name')) {
      context.report({
        path,
        span: spanOf(node),
        messageId: 'duplicateName',
        data: { value: formatValue(value), earlier },
      });
    }
  },
});
