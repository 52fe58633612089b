import { channelConfigs } from '../analyzers/channel-tokens.js';
import { defineRule, spanOf } from '../framework/rule.js';

/** Channels the platform lists as coming soon. */
const PREVIEW_CHANNELS: ReadonlyMap<string, string> = new Map([['whatsapp', 'WhatsApp']]);

export const channelPreview = defineRule({
  meta: {
    id: 'channel-preview',
    category: 'Model, secrets, channels',
    severity: 'info',
    description: 'A channel the platform marks as coming soon (`whatsapp`) is configured.',
    rationale:
      'The platform marks WhatsApp as coming soon: the manifest accepts its settings, but the channel may not work yet, so users may not reach the agent there.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#channels: `whatsapp` "Linking happens on the agent. Coming soon."; https://docs.pinata.cloud/agents/channels: "WhatsApp is on the roadmap; you\'ll see its card grayed out as **Coming Soon**."',
    assumptions: 'A channel shipped with `"enabled": false` is not reported: it is not expected to work yet.',
    messages: {
      channelPreview: `{{label}} is marked as coming soon on the platform: this channel may not work yet, and linking it happens on the agent, not in the manifest. Keep another way to reach the agent until {{label}} is available.`,
    },
    fixable: false,
  },
  check(context) {
    for (const { channel, path, key, enabled } of channelConfigs(context.doc)) {
      const label = PREVIEW_CHANNELS.get(channel);
      if (!label || !enabled) continue;
      context.report({
        path,
        span: spanOf(key),
        messageId: 'channelPreview',
        data: { label },
      });
    }
  },
});
