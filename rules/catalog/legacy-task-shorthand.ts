import { childValue, stringValue } from '../framework/document.js';
import { formatValue } from '../framework/describe.js';
import { convertShorthandTask } from '../analyzers/legacy-forms.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { tasks } from '../analyzers/tasks.js';

export const legacyTaskShorthand = defineRule({
  meta: {
    id: 'legacy-task-shorthand',
    category: 'Tasks',
    severity: 'warning',
    description:
      'A task is written in the legacy shorthand `{ name, prompt, schedule: "<cron>", enabled }` instead of the documented `schedule` and `payload` objects.',
    rationale:
      'Real templates write tasks as a cron string in `schedule` with the text in `prompt`, and the platform accepts it; the documented form is `"schedule": { "kind": "cron", "expr": … }` with `"payload": { "kind": "agentTurn", "text": … }`, the only one that can also set a time zone, a delivery or a session, and the one the documentation and editors know.',
    assumptions:
      'The finding is placed on the task\'s `schedule` string, the value whose form is legacy, rather than on the whole task, which spans many lines. The shorthand\'s `prompt` is taken to be an agent turn\'s text, and its cron string to be read in the default time zone, so the conversion adds no `tz`. A shorthand task without `prompt` is reported by the schema (`missing-property`) and is not converted.',
    messages: {
      taskShorthand: `{{task}} uses the legacy shorthand: its \`schedule\` is the cron string {{value}}{{promptNote}}. The platform accepts it, but the documented form is \`"schedule": { "kind": "cron", "expr": … }\` with \`"payload": { "kind": "agentTurn", "text": … }\`; {{action}}`,
    },
    fixable: true,
  },
  check(context) {
    const { doc } = context;
    for (const { index, node } of tasks(doc)) {
      const schedule = childValue(node, 'schedule');
      if (schedule?.type !== 'string') continue;
      const name = stringValue(childValue(node, 'name'));
      const task = name ? `The task \`${name}\`` : `The task at tasks[${index}]`;
      const path = ['tasks', index, 'schedule'];
      const hasPrompt = childValue(node, 'prompt') !== undefined;
      const edits = convertShorthandTask(doc, node);
      context.report({
        path,
        span: spanOf(schedule),
        messageId: 'taskShorthand',
        data: { task, value: formatValue(schedule.value, path), promptNote: hasPrompt ? ' and its text is in `prompt`' : '', action: hasPrompt ? 'convert the task.' : 'write the task in that form, with what the agent should do as the payload\'s `text`.' },
        ...(edits ? { fixes: [{ title: 'Convert to the documented `schedule` and `payload` objects', edits }] } : {}),
      });
    }
  },
});
