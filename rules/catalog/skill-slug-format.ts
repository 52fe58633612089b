import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { readSlug, type ImpossibleSlug } from '../analyzers/registry-slugs.js';

const NOT_SLUG: Record<ImpossibleSlug, string> = {
  cid: 'notSlugCid',
  empty: 'notSlugEmpty',
  url: 'notSlugUrl',
  whitespace: 'notSlugWhitespace',
  manySlashes: 'notSlugManySlashes',
};

export const skillSlugFormat = defineRule({
  meta: {
    id: 'skill-slug-format',
    category: 'Skills',
    severity: 'error',
    messageSeverities: { namespaced: 'warning', unusual: 'warning' },
    description: 'A skill `clawhub_slug` cannot be a registry slug (empty, whitespace, a URL, a CID); `owner/name` and unusual characters are warnings.',
    rationale:
      "The registry resolves a skill by its slug when the agent is deployed. The docs write it with a scope (`@pinata/api`) and Pinata's starter as a bare name (`slack`); both are accepted. A slug written `owner/name` attached only once written flat for one author, and capital letters or other characters are not seen in slugs: those are warnings. What no registry can resolve (a URL, a CID, whitespace) is an error.",
    evidence:
      '"ClawHub slug like `@pinata/api`" (https://docs.pinata.cloud/agents/manifest, https://docs.pinata.cloud/agents/skills); `{ "clawhub_slug": "slack", "name": "Slack" }` in the README of Pinata\'s starter (PinataCloud/agent-template); "ClawHub slugs are flat (opensea-marketplace), not namespaced" (an OpenSea skill author\'s commit dc636e4, after a working deploy).',
    messages: {
      notSlugCid: `{{subject}} is {{value}}, which no registry can resolve: it is a CID: an uploaded skill belongs in \`cid\`. Write the skill's ClawHub slug, as the docs do (\`@pinata/api\`) or as a bare name.`,
      notSlugEmpty: `{{subject}} is {{value}}, which no registry can resolve: it is empty. Write the skill's ClawHub slug, as the docs do (\`@pinata/api\`) or as a bare name.`,
      notSlugUrl: `{{subject}} is {{value}}, which no registry can resolve: it is a URL, and only the slug belongs here. Write the skill's ClawHub slug, as the docs do (\`@pinata/api\`) or as a bare name.`,
      notSlugWhitespace: `{{subject}} is {{value}}, which no registry can resolve: it contains whitespace. Write the skill's ClawHub slug, as the docs do (\`@pinata/api\`) or as a bare name.`,
      notSlugManySlashes: `{{subject}} is {{value}}, which no registry can resolve: it has more than one \`/\`. Write the skill's ClawHub slug, as the docs do (\`@pinata/api\`) or as a bare name.`,
      namespaced: `{{subject}} is {{value}}, an \`owner/name\` slug: the docs write slugs as \`@scope/name\`, and an author whose \`owner/name\` slug did not attach found the flat name did. Write \`{{flat}}\`, or check that the registry resolves this one.`,
      unusual: `{{subject}} is {{value}}, which has characters registry slugs are not seen with (slugs are lowercase letters, digits, \`-\`, \`_\` and \`.\`, as in \`@pinata/api\`).`,
      unusualLowered: `{{subject}} is {{value}}, which has characters registry slugs are not seen with (slugs are lowercase letters, digits, \`-\`, \`_\` and \`.\`, as in \`@pinata/api\`): perhaps \`{{lowered}}\`.`,
    },
    fixTitles: {
      useFlatSlug: 'Use the flat slug `{{slug}}`',
      useLowered: 'Use `{{slug}}`',
    },
    fixable: false,
    suggests: true,
    covers: ['/$defs/skill/properties/clawhub_slug/minLength'],
  },
  check(context) {
    for (const { index, node } of arrayItems(context.doc.root, ['skills'])) {
      const slug = childValue(node, 'clawhub_slug');
      if (slug?.type !== 'string') continue;
      const value = slug.value as string;
      const reading = readSlug(value);
      if (reading.kind === 'documented') continue;
      const path = ['skills', index, 'clawhub_slug'];
      const shown = { subject: subject(path), value: formatValue(value, path) };
      const span = spanOf(slug);
      switch (reading.kind) {
        case 'impossible':
          context.report({ path, span, messageId: NOT_SLUG[reading.why], data: shown });
          break;
        case 'namespaced':
          context.report({
            path,
            span,
            messageId: 'namespaced',
            data: { ...shown, flat: reading.flat },
            suggestions: [{ titleId: 'useFlatSlug', titleData: { slug: reading.flat }, edits: [replaceValue(slug, reading.flat)] }],
          });
          break;
        case 'unusual':
          context.report({
            path,
            span,
            ...(reading.lowered ? { messageId: 'unusualLowered', data: { ...shown, lowered: reading.lowered } } : { messageId: 'unusual', data: shown }),
            ...(reading.lowered
              ? { suggestions: [{ titleId: 'useLowered', titleData: { slug: reading.lowered }, edits: [replaceValue(slug, reading.lowered)] }] }
              : {}),
          });
      }
    }
  },
});
