import { propertiesNamed } from '../framework/document.js';
import { subject } from '../framework/describe.js';
import { removeProperty } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { OTHER_TEXT_FIELD, payloadKind, payloadObject, tasks, TEXT_FIELD } from '../analyzers/tasks.js';

export const payloadTextConflict = defineRule({
  meta: {
    id: 'payload-text-conflict',
    category: 'Tasks',
    severity: 'error',
    description: 'A payload has both `text` and `message`.',
    rationale:
      'A payload carries one text; `text` and `message` are two names for it (the documentation and the engine use opposite names). With both, which one reaches the agent is not documented, so the task may send the text you did not mean.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#tasks names `text` for `agentTurn` (`"payload": { "kind": "agentTurn", "text": "Summarize yesterday." }`) and `message` for `systemEvent` ("provide `message`"); the OpenClaw engine\'s cron jobs use the opposite names (openclaw/openclaw `docs/automation/cron-jobs.md`: agentTurn "`message`: required text prompt", systemEvent `"text"`). Which one wins when both are present is documented nowhere.',
    messages: {
      textConflict: `{{subject}} has both \`text\` and \`message\`; a payload carries one text, and which one the engine reads is not documented. Keep \`{{own}}\` (the documented field for \`{{kind}}\`) and remove \`{{other}}\`, or the other way round.`,
    },
    fixTitles: {
      removeOther: 'Remove `{{other}}` (keep `{{own}}`)',
      removeOwn: 'Remove `{{own}}` (keep `{{other}}`)',
    },
    fixable: false,
    suggests: true,
  },
  check(context) {
    for (const { index, node } of tasks(context.doc)) {
      const payload = payloadObject(node);
      if (!payload) continue;
      const texts = propertiesNamed(payload, 'text');
      const messages = propertiesNamed(payload, 'message');
      if (texts.length === 0 || messages.length === 0) continue;
      const kind = payloadKind(payload) ?? 'agentTurn';
      const own = TEXT_FIELD[kind];
      const other = OTHER_TEXT_FIELD[kind];
      const reported = (other === 'message' ? messages : texts).at(-1)!.children?.[0];
      if (!reported) continue;
      const base = ['tasks', index, 'payload'];
      const path = [...base, other];
      context.report({
        path,
        span: spanOf(reported),
        messageId: 'textConflict',
        data: { subject: subject(base), own, kind, other },
        suggestions: [
          { titleId: 'removeOther', titleData: { other, own }, edits: removeProperty(context.doc, path) },
          { titleId: 'removeOwn', titleData: { other, own }, edits: removeProperty(context.doc, [...base, own]) },
        ],
      });
    }
  },
});
