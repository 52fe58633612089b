import { childValue, stringValue, touchesSyntaxError } from '../framework/document.js';
import { subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { isLoopbackHost, tasks, webhookUrlProblem } from '../analyzers/tasks.js';

export const taskWebhookInsecure = defineRule({
  meta: {
    id: 'task-webhook-insecure',
    category: 'Tasks',
    severity: 'warning',
    description: 'A webhook delivery sends over plain `http://` to a host other than this machine.',
    rationale:
      'A webhook carries the output of each run, which can hold whatever the agent read or wrote. Over plain `http://` anyone on the network path can read or change it; `https://` encrypts it. Loopback addresses never leave the machine, so they are left alone.',
    evidence:
      'None found in Pinata\'s sources, whose example is `https://` (https://docs.pinata.cloud/agents/tasks: `"to": "https://example.com/hook"`); the OpenClaw engine accepts both ("Webhook URLs must be valid `http://` or `https://` URLs"). A security recommendation of the linter\'s own.',
    messages: {
      webhookInsecure: `{{subject}} sends each run's output over plain \`http://\` to \`{{host}}\`, where anyone on the network path can read or change it. Use \`https://\` if the receiver supports it.`,
    },
    fixable: false,
  },
  check(context) {
    for (const { index, node } of tasks(context.doc)) {
      const delivery = childValue(node, 'delivery');
      if (stringValue(childValue(delivery, 'mode')) !== 'webhook') continue;
      const to = childValue(delivery, 'to');
      const text = stringValue(to);
      if (!to || !text || webhookUrlProblem(text) || touchesSyntaxError(context.doc, to)) continue;
      const url = new URL(text);
      if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) continue;
      const path = ['tasks', index, 'delivery', 'to'];
      context.report({
        path,
        span: spanOf(to),
        messageId: 'webhookInsecure',
        data: { subject: subject(path), host: url.host },
      });
    }
  },
});
