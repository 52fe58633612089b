import { childValue, stringValue } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { objectsToShorthand } from '../analyzers/accepted-forms.js';
import { tasks } from '../analyzers/tasks.js';

export const templateTaskForm = defineRule({
  meta: {
    id: 'template-task-form',
    category: 'Template metadata',
    severity: 'error',
    description: 'Template mode: a task is written in the docs\' object form, which the template validator rejects; it takes the shorthand `{ name, prompt, schedule: "<cron>" | "<n>ms", enabled }`.',
    rationale:
      'A deploy accepts both forms, but the template validator judges tasks by the shorthand Pinata\'s starter and templates use: it rejects a `schedule` object and a `payload` object. Where the task says something the shorthand cannot (a one-shot time, a time zone, a delivery), the message says so: such a task cannot be part of a template as it is.',
    evidence:
      'The validator\'s words, quoted by an author: "tasks.0.prompt: payload object → prompt string; tasks.0.schedule: object → cron string" (okx/onchainos-skills b0fd438f). Pinata\'s starter `_docs`: "Each has: name, prompt (sent to agent), schedule (cron expression), enabled (boolean)", with "OR milliseconds like \'600000ms\'". The object form: https://docs.pinata.cloud/agents/manifest.',
    messages: {
      objectForm: `{{task}} is written in the object form (\`schedule\` and \`payload\` objects), which the template validator rejects ("tasks.{{index}}.schedule: object → cron string"); a template's tasks are \`{ "name", "prompt", "schedule": "<cron>" or "<n>ms", "enabled" }\`. {{advice}}`,
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
      const advice =
        conversion === undefined
          ? 'Write it as the shorthand.'
          : 'edits' in conversion
            ? 'Write it as the shorthand (the suggestion does).'
            : `It cannot be written as the shorthand: ${conversion.impossible}. Keep such a task out of the template, or drop what the shorthand cannot say.`;
      context.report({
        path: ['tasks', index, objectPart === schedule ? 'schedule' : 'payload'],
        span: spanOf(objectPart),
        messageId: 'objectForm',
        data: { task: name ? `The task \`${name}\`` : `The task at tasks[${index}]`, index, advice },
        ...(conversion && 'edits' in conversion ? { suggestions: [{ titleId: 'writeShorthand', edits: conversion.edits }] } : {}),
      });
    }
  },
});
