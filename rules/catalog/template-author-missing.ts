import { defineRule } from '../framework/rule.js';
import { hasKey, templateKeySpan, templateObject } from '../analyzers/template-fields.js';

export const templateAuthorMissing = defineRule({
  meta: {
    id: 'template-author-missing',
    category: 'Template metadata',
    severity: 'error',
    description: 'Template mode: a template has neither `authorName` nor `partnerName`, so its card has no author.',
    rationale:
      'A marketplace template shows its author on the template card; the published template validator requires `authorName`, and the documentation names the field `partnerName`. With neither, the submission is rejected.',
    messages: {
      authorMissing: `\`template\` has neither \`authorName\` nor \`partnerName\`, so the template card has no author and the template validator rejects it. Add \`authorName\` with the author's or organization's name (and \`partnerName\`, the documented field, with the same value).`,
    },
    fixable: false,
  },
  check(context) {
    if (!context.templateMode) return;
    const template = templateObject(context.doc);
    if (!template || hasKey(template, 'authorName') || hasKey(template, 'partnerName')) return;
    context.report({
      path: ['template', 'authorName'],
      span: templateKeySpan(context.doc, template),
      messageId: 'authorMissing',
    });
  },
});
