import { keyNodeAt } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { templateObject } from '../analyzers/template-fields.js';

export const templateIgnored = defineRule({
  meta: {
    id: 'template-ignored',
    category: 'Template metadata',
    severity: 'hint',
    description:
      '`template` holds marketplace metadata, which a direct deploy ignores (reported only for a manifest known to lie outside a template repository).',
    rationale:
      'The platform reads `template` only when a repository is submitted as a marketplace template; a direct deploy ignores it. A template repository (`README.md` and `workspace/` beside the manifest) is where it belongs, so it is not remarked on there, nor where the folder is unknown (a manifest read from standard input).',
    evidence:
      '"Only used when the manifest is the source for a marketplace template. Ignored for direct deploys." (https://docs.pinata.cloud/agents/manifest); "Your git repo must contain a valid `manifest.json`, a `README.md`, and a `workspace/` directory" (https://docs.pinata.cloud/tools/cli/agents).',
    messages: {
      ignored: `\`template\` holds marketplace metadata, which the platform ignores when this manifest is deployed directly; it is read only when the repository is submitted as a template.`,
    },
    fixable: false,
  },
  check(context) {
    if (context.templateMode || context.inTemplateRepository !== false || !templateObject(context.doc)) return;
    const key = keyNodeAt(context.doc.root, ['template']);
    if (!key) return;
    context.report({
      path: ['template'],
      span: spanOf(key),
      messageId: 'ignored',
    });
  },
});
