import { propertiesNamed } from '../framework/document.js';
import { subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { OTHER_TEXT_FIELD, payloadKind, payloadObject, tasks, TEXT_FIELD } from '../analyzers/tasks.js';

export const payloadTextField = defineRule({
  meta: {
    id: 'payload-text-field',
    category: 'Tasks',
    severity: 'hint',
    description: "A payload carries its text in the other kind's field (`message` on an `agentTurn`, `text` on a `systemEvent`).",
    rationale:
      "The platform documents `text` for `agentTurn` payloads and `message` for `systemEvent` payloads, while the engine's own job format uses the opposite names, so both are accepted on either kind. Using the documented name keeps the manifest readable against the documentation.",
    evidence:
      'https://docs.pinata.cloud/agents/manifest#tasks names `text` for `agentTurn` (`"payload": { "kind": "agentTurn", "text": "Summarize yesterday." }`) and `message` for `systemEvent` ("provide `message`"); the OpenClaw engine\'s cron jobs use the opposite names (openclaw/openclaw `docs/automation/cron-jobs.md`: agentTurn "`message`: required text prompt", systemEvent `"text"`).',
    messages: {
      textField: `{{subject}} is {{article}} \`{{kind}}\` with its text in \`{{other}}\`; the platform accepts that, but the documented field for \`{{kind}}\` is \`{{own}}\`. Rename the key to \`{{own}}\`.`,
    },
    fixTitles: {
      rename: 'Rename `{{other}}` to `{{own}}`',
    },
    fixable: true,
    judgesObject: true,
  },
  check(context) {
    for (const { index, node } of tasks(context.doc)) {
      const payload = payloadObject(node);
      const kind = payload && payloadKind(payload);
      if (!payload || !kind) continue;
      const own = TEXT_FIELD[kind];
      const other = OTHER_TEXT_FIELD[kind];
      const others = propertiesNamed(payload, other);
      if (others.length === 0 || propertiesNamed(payload, own).length > 0) continue;
      const key = others.at(-1)!.children?.[0];
      if (!key) continue;
      const path = ['tasks', index, 'payload', other];
      context.report({
        path,
        span: spanOf(key),
        messageId: 'textField',
        data: { subject: subject(['tasks', index, 'payload']), article: kind === 'agentTurn' ? 'an' : 'a', kind, other, own },
        // With the key written twice, renaming one would leave both names behind.
        ...(others.length === 1
          ? { fixes: [{ titleId: 'rename', titleData: { other, own }, edits: [{ ...spanOf(key), newText: JSON.stringify(own) }] }] }
          : {}),
      });
    }
  },
});
