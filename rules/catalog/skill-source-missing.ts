import { arrayItems, childValue, stringValue } from '../framework/document.js';
import { defineRule } from '../framework/rule.js';

export const skillSourceMissing = defineRule({
  meta: {
    id: 'skill-source-missing',
    category: 'Skills',
    severity: 'error',
    description: 'A skill has neither a registry `clawhub_slug` nor a `cid`, so there is nothing to install.',
    rationale: 'A skill with neither `clawhub_slug` nor `cid` has nothing to install: the deploy fails or the skill is silently missing.',
    evidence:
      '"Each entry is an object with a `name` plus either a `clawhub_slug` (resolves to the latest published version) or a `cid` (byte-stable, pinned to a specific upload)." (https://docs.pinata.cloud/agents/manifest); Pinata\'s starter `_docs`: "Each has: either a cid or clawhub_slug".',
    messages: {
      sourceMissing: `The skill \`{{name}}\` has no source: add \`clawhub_slug\` (a ClawHub slug such as \`@pinata/api\`) or \`cid\` (the CID of an uploaded skill).`,
      sourceMissingUnnamed: `The skill at skills[{{index}}] has no source: add \`clawhub_slug\` (a ClawHub slug such as \`@pinata/api\`) or \`cid\` (the CID of an uploaded skill).`,
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
        ...(name ? { messageId: 'sourceMissing', data: { name } } : { messageId: 'sourceMissingUnnamed', data: { index } }),
      });
    }
  },
});
