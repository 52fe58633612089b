import { childValue, stringValue } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { payloadKind, payloadObject, tasks } from '../analyzers/tasks.js';

const PAIRED = { main: 'systemEvent', isolated: 'agentTurn' } as const;
const OTHER_TARGET = { main: 'isolated', isolated: 'main' } as const;

export const taskSessionPayloadMismatch = defineRule({
  meta: {
    id: 'task-session-payload-mismatch',
    category: 'Tasks',
    severity: 'warning',
    description: 'A task pairs `sessionTarget: "main"` with an `agentTurn` payload, or `"isolated"` with a `systemEvent`.',
    rationale:
      "The engine runs system events in the agent's main session and agent turns in a session of their own; a task that asks for the other pairing does not run the way its settings suggest.",
    evidence:
      'Pinata\'s docs describe `sessionTarget` (https://docs.pinata.cloud/agents/tasks) without pairing it to a payload kind; the OpenClaw engine does: "`sessionTarget` must be `"main"` or `"isolated"` and must match `payload.kind`" (openclaw/openclaw `docs/automation/cron-jobs.md`).',
    messages: {
      sessionPayloadMismatch: `{{subject}} is {{value}}, but the payload is {{article}} \`{{kind}}\`: the engine pairs \`main\` with \`systemEvent\` payloads and \`isolated\` with \`agentTurn\`. Use \`"{{otherTarget}}"\`, or make the payload {{pairedArticle}} \`{{paired}}\`.`,
      sessionPayloadMismatchImplicit: `{{subject}} is {{value}}, but the payload is {{article}} \`{{kind}}\` (the default when \`kind\` is absent): the engine pairs \`main\` with \`systemEvent\` payloads and \`isolated\` with \`agentTurn\`. Use \`"{{otherTarget}}"\`, or make the payload {{pairedArticle}} \`{{paired}}\`.`,
    },
    fixable: false,
    judgesObject: true,
  },
  check(context) {
    for (const { index, node } of tasks(context.doc)) {
      const target = childValue(node, 'sessionTarget');
      const session = stringValue(target);
      if (!target || (session !== 'main' && session !== 'isolated')) continue;
      const payload = payloadObject(node);
      const kind = payload && payloadKind(payload);
      if (!kind || kind === PAIRED[session]) continue;
      const path = ['tasks', index, 'sessionTarget'];
      context.report({
        path,
        span: spanOf(target),
        messageId: childValue(payload, 'kind') === undefined ? 'sessionPayloadMismatchImplicit' : 'sessionPayloadMismatch',
        data: {
          subject: subject(path),
          value: formatValue(session),
          article: kind === 'agentTurn' ? 'an' : 'a',
          kind,
          otherTarget: OTHER_TARGET[session],
          pairedArticle: PAIRED[session] === 'agentTurn' ? 'an' : 'a',
          paired: PAIRED[session],
        },
      });
    }
  },
});
