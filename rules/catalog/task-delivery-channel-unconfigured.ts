import { childValue, nodeAt, stringValue, touchesSyntaxError } from '../framework/document.js';
import { formatValue, listOf, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { closest } from '../framework/suggest.js';
import { tasks } from '../analyzers/tasks.js';

export const taskDeliveryChannelUnconfigured = defineRule({
  meta: {
    id: 'task-delivery-channel-unconfigured',
    category: 'Tasks',
    severity: 'warning',
    description: 'A task announces to a channel that `channels` does not configure.',
    rationale:
      "An `announce` delivery posts through one of the agent's messaging channels; a channel the manifest does not configure has no bot behind it, so the output of each run goes nowhere.",
    evidence:
      'https://docs.pinata.cloud/agents/tasks: "**Announce to a channel** — send the response to Telegram, Slack, or Discord." That a channel absent from `channels` has no bot to post with is the linter\'s inference.',
    assumptions:
      'A channel counts as configured when `channels` has a key of that name, whatever its settings (a channel shipped with `enabled: false` is still configured).',
    messages: {
      deliveryChannelUnconfigured: `{{subject}} is {{value}}, but \`channels\` configures {{configured}}, so the output of each run has nowhere to go. Configure \`channels.{{name}}\` or announce to a configured channel.`,
      deliveryChannelUnconfiguredWithSuggestion: `{{subject}} is {{value}}, but \`channels\` configures {{configured}}, so the output of each run has nowhere to go. Did you mean \`{{suggestion}}\`?`,
      noChannelConfigured: `{{subject}} is {{value}}, but \`channels\` configures none, so the output of each run has nowhere to go. Configure \`channels.{{name}}\` or announce to a configured channel.`,
    },
    fixable: false,
    crossReference: true,
  },
  check(context) {
    const channels = nodeAt(context.doc.root, ['channels']);
    const configured =
      channels?.type === 'object'
        ? (channels.children ?? []).flatMap((property) => {
            const key = property.children?.[0]?.value;
            return typeof key === 'string' ? [key] : [];
          })
        : [];
    for (const { index, node } of tasks(context.doc)) {
      const delivery = childValue(node, 'delivery');
      if (stringValue(childValue(delivery, 'mode')) !== 'announce') continue;
      const channel = childValue(delivery, 'channel');
      const name = stringValue(channel);
      if (!channel || !name || configured.includes(name) || touchesSyntaxError(context.doc, channel)) continue;
      const path = ['tasks', index, 'delivery', 'channel'];
      const suggestion = closest(name, configured);
      const shown = { subject: subject(path), value: formatValue(name) };
      context.report({
        path,
        span: spanOf(channel),
        ...(configured.length === 0
          ? { messageId: 'noChannelConfigured', data: { ...shown, name } }
          : suggestion
            ? { messageId: 'deliveryChannelUnconfiguredWithSuggestion', data: { ...shown, configured: listOf(configured, 'and'), suggestion } }
            : { messageId: 'deliveryChannelUnconfigured', data: { ...shown, configured: listOf(configured, 'and'), name } }),
      });
    }
  },
});
