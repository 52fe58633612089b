import { childValue, stringValue, touchesSyntaxError } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { missingKeySpan, tasks, webhookUrlProblem } from '../analyzers/tasks.js';

export const taskDeliveryIncomplete = defineRule({
  meta: {
    id: 'task-delivery-incomplete',
    category: 'Tasks',
    severity: 'error',
    description: 'A task\'s delivery lacks what its mode needs: `announce` a `channel` and a `to`, `webhook` an absolute http(s) URL in `to`.',
    rationale:
      'The output of each run goes where `delivery` says: `announce` posts it to the chat `to` on `channel`, `webhook` POSTs it to the URL in `to`. Without them the platform has nowhere to deliver, and the run fails or its output is lost.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#tasks: "`announce` (to a channel - set `channel` and `to`), or `webhook` (set `to` to a URL)"; the OpenClaw engine: "Missing or invalid delivery targets fail the job unless `delivery.bestEffort = true`" (openclaw/openclaw `docs/automation/cron-jobs.md`).',
    messages: {
      missingKey: `{{subject}} has \`mode: "{{mode}}"\` but no \`{{key}}\`: {{what}}`,
      badUrl: `{{subject}} is {{value}}, which {{reason}}. A webhook needs an absolute \`https://\` (or \`http://\`) URL, for example \`https://hooks.example.com/agent\`.`,
    },
    fixable: false,
  },
  check(context) {
    const { doc } = context;
    for (const { index, node } of tasks(doc)) {
      const delivery = childValue(node, 'delivery');
      if (delivery?.type !== 'object') continue;
      const mode = stringValue(childValue(delivery, 'mode'));
      const base = ['tasks', index, 'delivery'];
      const missing = (key: string, what: string) => {
        if (childValue(delivery, key) !== undefined || touchesSyntaxError(doc, delivery)) return;
        context.report({
          path: [...base, key],
          span: missingKeySpan(delivery),
          messageId: 'missingKey',
          data: { subject: subject(base), mode: String(mode), key, what },
        });
      };
      if (mode === 'announce') {
        missing('channel', 'name the configured channel to post each run\'s output to, for example `"telegram"`.');
        missing('to', 'set the chat, channel or user ID on that channel to post to, for example `"123456789"`.');
      } else if (mode === 'webhook') {
        missing('to', 'set the absolute `https://` URL to POST each run\'s output to.');
        const to = childValue(delivery, 'to');
        const url = stringValue(to);
        if (!to || url === undefined || url === '' || touchesSyntaxError(doc, to)) continue;
        const reason = webhookUrlProblem(url);
        if (!reason) continue;
        const path = [...base, 'to'];
        context.report({
          path,
          span: spanOf(to),
          messageId: 'badUrl',
          data: { subject: subject(path), value: formatValue(url), reason },
        });
      }
    }
  },
});
