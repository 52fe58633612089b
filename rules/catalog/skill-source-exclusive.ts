import { arrayItems, childValue, stringValue } from '../framework/document.js';
import { removeProperty } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { readsAsSlug } from '../analyzers/registry-slugs.js';

export const skillSourceExclusive = defineRule({
  meta: {
    id: 'skill-source-exclusive',
    category: 'Skills',
    severity: 'error',
    description: 'A skill names both a registry `clawhub_slug` and a `cid`; it must have exactly one.',
    rationale:
      'A skill is installed either from the registry (`clawhub_slug`, always the latest version) or from an upload (`cid`, pinned); with both, the platform cannot tell which you meant and rejects the skill.',
    evidence:
      '"`clawhub_slug` | string | ClawHub slug like `@pinata/api`. Mutually exclusive with `cid`." and "`cid` | string | IPFS CID of an uploaded skill. Mutually exclusive with `clawhub_slug`." (https://docs.pinata.cloud/agents/manifest).',
    messages: {
      sourceExclusive: `The skill {{skill}} has both \`clawhub_slug\` and \`cid\`: a slug follows the registry's latest version, a CID pins one upload, and the platform takes exactly one. Remove the one you do not want.`,
    },
    fixTitles: {
      removeCid: 'Remove `cid` (follow the registry slug)',
      removeSlug: 'Remove `clawhub_slug` (keep the pinned CID)',
    },
    fixable: false,
    suggests: true,
    covers: ['/$defs/skill/allOf/0/not'],
  },
  check(context) {
    for (const { index, node } of arrayItems(context.doc.root, ['skills'])) {
      if (node.type !== 'object' || !childValue(node, 'clawhub_slug') || !childValue(node, 'cid')) continue;
      // A slug written into `cid` as well is one mistake, reported by `skill-cid-invalid`.
      const cid = stringValue(childValue(node, 'cid'));
      if (cid !== undefined && readsAsSlug(cid)) continue;
      const name = stringValue(childValue(node, 'name'));
      const path = ['skills', index];
      context.report({
        path,
        span: spanOf(node),
        messageId: 'sourceExclusive',
        data: { skill: name ? `\`${name}\`` : `at skills[${index}]` },
        suggestions: [
          { titleId: 'removeCid', edits: removeProperty(context.doc, [...path, 'cid']) },
          { titleId: 'removeSlug', edits: removeProperty(context.doc, [...path, 'clawhub_slug']) },
        ],
      });
    }
  },
});
