import { arrayItems, childValue, stringValue } from '../framework/document.js';
import { subject } from '../framework/describe.js';
import { defineRule } from '../framework/rule.js';
import { missingKeySpan } from '../analyzers/tasks.js';

export const templateSecretDescription = defineRule({
  meta: {
    id: 'template-secret-description',
    category: 'Template metadata',
    severity: 'warning',
    description: 'Template mode: a secret has no `description`, which template submissions are asked for.',
    rationale:
      "The deploy form shows a secret's `description` next to its field, so people installing a template know what to paste. The docs make it optional, but authors quote the template validator asking for it.",
    evidence:
      '"| `description` | string | Shown on the deploy form |" (https://docs.pinata.cloud/agents/manifest); "Pinata validator requires secrets entries to be objects with name and description fields" (a 1claw template author\'s commit 4753537); "the canonical schema only requires name + description" (an OpenSea author\'s commit e2ad546).',
    messages: {
      noDescription: `{{subject}} ({{name}}) has no \`description\`: the deploy form shows it next to the field, and template submissions are asked for one. Add \`"description"\` saying what to paste and where to get it.`,
    },
    fixable: false,
  },
  check(context) {
    if (!context.templateMode) return;
    for (const { index, node } of arrayItems(context.doc.root, ['secrets'])) {
      if (node.type !== 'object' || childValue(node, 'description') !== undefined) continue;
      const name = stringValue(childValue(node, 'name'));
      const path = ['secrets', index];
      context.report({
        path: [...path, 'description'],
        span: missingKeySpan(node),
        messageId: 'noDescription',
        data: { subject: subject(path), name: name ? `\`${name}\`` : 'unnamed' },
      });
    }
  },
});
