import { arrayItems, childValue, stringValue } from '../framework/document.js';
import { defineRule } from '../framework/rule.js';

export const skillSourceMissing = defineRule({
  meta: {
    id: 'skill-source-missing',
    category: 'Skills',
    severity: 'error',
    description: 'A skill has neither a registry `clawhub_slug` nor a `cid`, so there is nothing to install.',
    rationale:
      'A skill with neither `clawhub_slug` nor `cid` has nothing to install: the deploy fails or the skill is silently missing.',
    messages: {
      sourceMissing: `The skill {{skill}} has no source: add \`clawhub_slug\` (a registry slug such as \`owner/name\`) or \`cid\` (the CID of an uploaded skill).`,
    },
    fixable: false,
    covers: ['/$defs/skill/anyOf'],
  },
  check(context) {
    for (const { index, node } of arrayItems(context.doc.root, ['skills'])) {
      if (node.type !== 'object' || childValue(node, 'clawhub_slug') || childValue(node, 'cid')) continue;
      const name = stringValue(childValue(node, 'name'));
      context.report({
        path: ['skills', index],
        span: { start: node.offset, end: node.offset + 1 },
        messageId: 'sourceMissing',
        data: { skill: name ? `\`${name}\`` : `at skills[${index}]` },
      });
    }
  },
});
