import { childValue, stringValue, touchesSyntaxError } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { missingKeySpan, tasks, webhookUrlProblem, type WebhookUrlProblem } from '../analyzers/tasks.js';

/** Why a webhook URL is refused, in the words its message gives after the value. */
const URL_PROBLEMS: Record<WebhookUrlProblem['id'], string> = {
  spacesAround: 'has spaces around it',
  noScheme: 'has no `https://` in front',
  notAbsolute: 'is not an absolute URL',
  notValid: 'is not a valid URL',
  otherScheme: 'uses `{{scheme}}`, not http or https',
  noHost: 'names no host',
};

export const taskDeliveryIncomplete = defineRule({
  meta: {
    id: 'task-delivery-incomplete',
    category: 'Tasks',
    severity: 'error',
    description: "A task's delivery lacks what its mode needs: `announce` a `channel` and a `to`, `webhook` an absolute http(s) URL in `to`.",
    rationale:
      'The output of each run goes where `delivery` says: `announce` posts it to the chat `to` on `channel`, `webhook` POSTs it to the URL in `to`. Without them the platform has nowhere to deliver, and the run fails or its output is lost.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#tasks: "`announce` (to a channel - set `channel` and `to`), or `webhook` (set `to` to a URL)"; the OpenClaw engine: "Missing or invalid delivery targets fail the job unless `delivery.bestEffort = true`" (openclaw/openclaw `docs/automation/cron-jobs.md`).',
    messages: {
      announceWithoutChannel: `{{subject}} has \`mode: "announce"\` but no \`channel\`: name the configured channel to post each run's output to, for example \`"telegram"\`.`,
      announceWithoutTo: `{{subject}} has \`mode: "announce"\` but no \`to\`: set the chat, channel or user ID on that channel to post to, for example \`"123456789"\`.`,
      webhookWithoutTo: `{{subject}} has \`mode: "webhook"\` but no \`to\`: set the absolute \`https://\` URL to POST each run's output to.`,
      ...Object.fromEntries(
        Object.entries(URL_PROBLEMS).map(([id, problem]) => [
          id,
          `{{subject}} is {{value}}, which ${problem}. A webhook needs an absolute \`https://\` (or \`http://\`) URL, for example \`https://hooks.example.com/agent\`.`,
        ]),
      ),
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
      const missing = (key: string, messageId: string) => {
        if (childValue(delivery, key) !== undefined || touchesSyntaxError(doc, delivery)) return;
        context.report({
          path: [...base, key],
          span: missingKeySpan(delivery),
          messageId,
          data: { subject: subject(base) },
        });
      };
      if (mode === 'announce') {
        missing('channel', 'announceWithoutChannel');
        missing('to', 'announceWithoutTo');
      } else if (mode === 'webhook') {
        missing('to', 'webhookWithoutTo');
        const to = childValue(delivery, 'to');
        const url = stringValue(to);
        if (!to || url === undefined || url === '' || touchesSyntaxError(doc, to)) continue;
        const problem = webhookUrlProblem(url);
        if (!problem) continue;
        const path = [...base, 'to'];
        context.report({
          path,
          span: spanOf(to),
          messageId: problem.id,
          data: { subject: subject(path), value: formatValue(url), ...('values' in problem ? problem.values : {}) },
        });
      }
    }
  },
});
