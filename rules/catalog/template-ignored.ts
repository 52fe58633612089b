import { keyNodeAt } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { templateObject } from '../analyzers/template-fields.js';

export const templateIgnored = defineRule({
  meta: {
    id: 'template-ignored',
    category: 'Template metadata',
    severity: 'hint',
    description: '`template` holds marketplace metadata, which a direct deploy ignores (reported outside template mode only).',
    rationale:
      'The platform reads `template` only when a repository is submitted as a marketplace template; a direct deploy ignores it. Template repositories keep it.',
    messages: {
      ignored: `\`template\` holds marketplace metadata, which the platform ignores when this manifest is deployed directly; it is read only when the repository is submitted as a template.`,
    },
    fixable: false,
  },
  check(context) {
    if (context.templateMode || !templateObject(context.doc)) return;
    const key = keyNodeAt(context.doc.root, ['template']);
    if (!key) return;
    context.report({
      path: ['template'],
      span: spanOf(key),
      messageId: 'ignored',
    });
  },
});
