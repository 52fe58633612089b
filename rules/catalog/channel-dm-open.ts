import { channelConfigs } from '../analyzers/channel-tokens.js';
import { subject } from '../framework/describe.js';
import { childValue } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';

/** Channels whose direct messages `dmPolicy` governs. */
const DM_CHANNELS = new Set(['telegram', 'discord', 'whatsapp']);

export const channelDmOpen = defineRule({
  meta: {
    id: 'channel-dm-open',
    category: 'Model, secrets, channels',
    severity: 'info',
    description: '`dmPolicy: "open"`: anyone who finds the bot can message the agent.',
    rationale:
      'With open direct messages, anyone who finds the bot can talk to the agent, use its tools and skills, and spend your model credits. That suits a public bot; for a personal agent, `pairing` admits only the people you approve.',
    evidence:
      'https://docs.pinata.cloud/agents/channels: "DM policy — `open` (anyone can message) or `pairing` (users must be approved first)"; https://docs.pinata.cloud/agents/api: "`open` (anyone can DM) or `pairing` (must be approved). Defaults to `open`."',
    messages: {
      dmOpen: `{{subject}} is \`"open"\`: anyone who finds the bot can message the agent, use its tools and spend your model credits. If the agent is not meant to be public, use \`"pairing"\`, which admits a new user only with a pairing code.`,
    },
    fixable: false,
    judgesObject: true,
  },
  check(context) {
    for (const { channel, path, config, enabled } of channelConfigs(context.doc)) {
      if (!DM_CHANNELS.has(channel) || !enabled) continue;
      const policy = childValue(config, 'dmPolicy');
      if (policy?.type !== 'string' || policy.value !== 'open') continue;
      const policyPath = [...path, 'dmPolicy'];
      context.report({
        path: policyPath,
        span: spanOf(policy),
        messageId: 'dmOpen',
        data: { subject: subject(policyPath) },
      });
    }
  },
});
