import { childValue, stringValue } from '../framework/document.js';
import { formatValue } from '../framework/describe.js';
import { shorthandToObjects } from '../analyzers/accepted-forms.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { tasks } from '../analyzers/tasks.js';

/** A message of this rule: the task, its schedule (and where its text is), both forms, and what to do. */
const said = (task: string, prompt: string, action: string) =>
  `${task} is written as the shorthand: its \`schedule\` is {{value}}${prompt}. Both forms are accepted; the docs show \`"schedule": { "kind": … }\` with \`"payload": { "kind": "agentTurn", "text": … }\`, and a template submission asks for this shorthand. ${action}`;
const NAMED = 'The task `{{name}}`';
const UNNAMED = 'The task at tasks[{{index}}]';
const IN_PROMPT = ' and its text is in `prompt`';
const CONVERT = 'Convert it if this manifest is only deployed.';
const ADD_TEXT = 'Give it a `prompt`, or write the object form with the text in `payload.text`.';

export const legacyTaskShorthand = defineRule({
  meta: {
    id: 'legacy-task-shorthand',
    category: 'Tasks',
    severity: 'off',
    description:
      'Off by default: a task written as the shorthand `{ name, prompt, schedule: "<cron>" | "<n>ms", enabled }` rather than the docs\' `schedule` and `payload` objects.',
    rationale:
      "Both forms are accepted. The shorthand is Pinata's own (its starter and every one of its templates use it) and the one the template validator asks for; the docs show only the object form, which alone can set a time zone, a delivery or a session. Turn this rule on to keep a deploy-only repository in the docs' form; a template repository should keep the shorthand.",
    evidence:
      'Objects: "Schedule kinds: `at` …, `every` …, `cron` …" (https://docs.pinata.cloud/agents/manifest). Shorthand: Pinata\'s starter `_docs`, "Each has: name, prompt (sent to agent), schedule (cron expression), enabled (boolean)" (PinataCloud/agent-template), and the template validator\'s "tasks.0.prompt: payload object → prompt string; tasks.0.schedule: object → cron string" (okx/onchainos-skills b0fd438f).',
    assumptions:
      "The finding is placed on the task's `schedule` string rather than on the whole task, which spans many lines. The shorthand's `prompt` is taken to be an agent turn's text, and its cron string to be read in the default time zone, so the conversion adds no `tz`.",
    messages: {
      shorthand: said(NAMED, IN_PROMPT, CONVERT),
      shorthandUnnamed: said(UNNAMED, IN_PROMPT, CONVERT),
      shorthandWithoutPrompt: said(NAMED, '', ADD_TEXT),
      shorthandUnnamedWithoutPrompt: said(UNNAMED, '', ADD_TEXT),
    },
    fixTitles: {
      writeObjects: "Write the task as the docs' `schedule` and `payload` objects",
    },
    fixable: false,
    suggests: true,
  },
  check(context) {
    const { doc } = context;
    for (const { index, node } of tasks(doc)) {
      const schedule = childValue(node, 'schedule');
      if (schedule?.type !== 'string') continue;
      const name = stringValue(childValue(node, 'name'));
      const path = ['tasks', index, 'schedule'];
      const hasPrompt = childValue(node, 'prompt') !== undefined;
      const edits = shorthandToObjects(doc, node);
      context.report({
        path,
        span: spanOf(schedule),
        messageId: `shorthand${name ? '' : 'Unnamed'}${hasPrompt ? '' : 'WithoutPrompt'}`,
        data: { ...(name ? { name } : { index }), value: formatValue(schedule.value, path) },
        ...(edits ? { suggestions: [{ titleId: 'writeObjects', edits }] } : {}),
      });
    }
  },
});
