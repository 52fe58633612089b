import { childValue, stringValue } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { objectsToShorthand, type NoShorthand } from '../analyzers/accepted-forms.js';
import { tasks } from '../analyzers/tasks.js';

/** Why a task cannot be the shorthand, in the words after "It cannot be written as the shorthand:". */
const NO_SHORTHAND: Record<NoShorthand['id'], string> = {
  taskKeys: 'it sets {{keys}}, which the shorthand has no place for',
  timeZone: "it sets a time zone (`tz`), and the shorthand's cron string runs in the platform's default zone",
  stagger: 'it sets a stagger (`staggerMs`), which the shorthand has no place for',
  oneShot: "its schedule is a one-shot `at`, and the shorthand's `schedule` is a cron expression or an interval",
  systemEvent: "its payload is a system event, and the shorthand's `prompt` is an agent turn",
  payloadKeys: "its payload sets {{keys}}, and the shorthand's `prompt` carries only the text",
};

/** What a message says after the task's form, by message id (each has an `…Unnamed` twin for a task without a name). */
const ADVICE: Record<string, string> = {
  objectForm: 'Write it as the shorthand.',
  objectFormConvertible: 'Write it as the shorthand (the suggestion does).',
  ...Object.fromEntries(
    Object.entries(NO_SHORTHAND).map(([id, why]) => [
      id,
      `It cannot be written as the shorthand: ${why}. Keep such a task out of the template, or drop what the shorthand cannot say.`,
    ]),
  ),
};

const OBJECT_FORM = `is written in the object form (\`schedule\` and \`payload\` objects), which the template validator rejects ("tasks.{{index}}.schedule: object → cron string"); a template's tasks are \`{ "name", "prompt", "schedule": "<cron>" or "<n>ms", "enabled" }\`.`;

export const templateTaskForm = defineRule({
  meta: {
    id: 'template-task-form',
    category: 'Template metadata',
    severity: 'error',
    description:
      'Template mode: a task is written in the docs\' object form, which the template validator rejects; it takes the shorthand `{ name, prompt, schedule: "<cron>" | "<n>ms", enabled }`.',
    rationale:
      "A deploy accepts both forms, but the template validator judges tasks by the shorthand Pinata's starter and templates use: it rejects a `schedule` object and a `payload` object. Where the task says something the shorthand cannot (a one-shot time, a time zone, a delivery), the message says so: such a task cannot be part of a template as it is.",
    evidence:
      'The validator\'s words, quoted by an author: "tasks.0.prompt: payload object → prompt string; tasks.0.schedule: object → cron string" (okx/onchainos-skills b0fd438f). Pinata\'s starter `_docs`: "Each has: name, prompt (sent to agent), schedule (cron expression), enabled (boolean)", with "OR milliseconds like \'600000ms\'". The object form: https://docs.pinata.cloud/agents/manifest.',
    messages: {
      ...Object.fromEntries(
        Object.entries(ADVICE).flatMap(([id, advice]) => [
          [id, `The task \`{{name}}\` ${OBJECT_FORM} ${advice}`],
          [`${id}Unnamed`, `The task at tasks[{{index}}] ${OBJECT_FORM} ${advice}`],
        ]),
      ),
    },
    fixTitles: {
      writeShorthand: 'Write the task as the shorthand `prompt` and `schedule` string',
    },
    fixable: false,
    suggests: true,
    judgesObject: true,
  },
  check(context) {
    if (!context.templateMode) return;
    const { doc } = context;
    for (const { index, node } of tasks(doc)) {
      const schedule = childValue(node, 'schedule');
      const payload = childValue(node, 'payload');
      const objectPart = schedule?.type === 'object' ? schedule : payload?.type === 'object' ? payload : undefined;
      if (!objectPart) continue;
      const name = stringValue(childValue(node, 'name'));
      const conversion = objectsToShorthand(doc, node);
      const messageId = conversion === undefined ? 'objectForm' : 'edits' in conversion ? 'objectFormConvertible' : conversion.impossible.id;
      context.report({
        path: ['tasks', index, objectPart === schedule ? 'schedule' : 'payload'],
        span: spanOf(objectPart),
        messageId: name ? messageId : `${messageId}Unnamed`,
        data: {
          index,
          ...(name ? { name } : {}),
          ...(conversion && 'impossible' in conversion && 'keys' in conversion.impossible ? { keys: conversion.impossible.keys } : {}),
        },
        ...(conversion && 'edits' in conversion ? { suggestions: [{ titleId: 'writeShorthand', edits: conversion.edits }] } : {}),
      });
    }
  },
});
