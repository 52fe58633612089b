import type { Node } from 'jsonc-parser';
import { childValue, propertiesNamed } from '../framework/document.js';
import { formatValue, listOf } from '../framework/describe.js';
import { removeProperty } from '../framework/json-edits.js';
import { defineRule, spanOf, type FixSpec, type OffsetEdit } from '../framework/rule.js';
import type { ParsedDocument } from '../framework/document.js';
import { AUTHOR_FIELDS, hasKey, templateKeySpan, templateObject } from '../analyzers/template-fields.js';

export const templateAuthorField = defineRule({
  meta: {
    id: 'template-author-field',
    category: 'Template metadata',
    severity: 'error',
    messageSeverities: {
      partnerNameBesideAuthor: 'warning',
      partnerUrlBesideAuthor: 'warning',
      partnerLogoUrlBesideAuthor: 'warning',
      partnerNameAlone: 'warning',
      partnerUrlAlone: 'warning',
      partnerLogoUrlAlone: 'warning',
    },
    description:
      'Template mode: `template` has no `authorName`, which the published schema requires (also beside `partnerName`); each `partner*` key, which it does not have, is a warning.',
    rationale:
      "A template submission is judged by the published schema, which requires `authorName` and closes `template` to `slug`, `category`, `tags`, `authorName`, `authorUrl` and `authorLogoUrl`. The docs name the card's author `partnerName`, but authors' submissions were rejected until they renamed `partner*` to `author*`, and Pinata's own templates now carry only `author*`. A `partnerUrl` or `partnerLogoUrl` beside `authorName` leaves the card without a link or logo.",
    evidence:
      'The published schema (https://agents.pinata.cloud/schemas/manifest.v1.json): `template` `"required":["slug","category","authorName"]`, `"additionalProperties":false`, no `partner*`. The validator\'s words in authors\' commits: "template.authorName: partnerName → authorName (schema expects authorName)" (okx/onchainos-skills b0fd438f), "Pinata\'s template validator requires `authorName` on the template block" (pratkuk/claw-bots-for-reo 0db67d7); "fix: use authorName/authorUrl/authorLogoUrl per Pinata schema validation" (PinataCloud/agent-templates aec9a72). The docs\' `partnerName`: https://docs.pinata.cloud/agents/manifest.',
    messages: {
      authorMissing: `\`template\` has no \`authorName\`: the published schema, which judges a template submission, requires it. Add \`"authorName"\` with the name to show on the template card.`,
      partnerOnly: `\`template\` has \`partnerName\` ({{partner}}) but no \`authorName\`: the published schema, which judges a template submission, requires \`authorName\` and has no \`partnerName\`, and submissions with \`partnerName\` alone were rejected. Rename {{from}} to {{to}}.`,
      partnerNameBesideAuthor: `\`template.partnerName\` is documented, but the published schema closes \`template\` without it (it has \`authorName\`, which is here too), so the template validator may reject the submission. Remove \`partnerName\`.`,
      partnerUrlBesideAuthor: `\`template.partnerUrl\` is documented, but the published schema closes \`template\` without it (it has \`authorUrl\`, which is here too), so the template validator may reject the submission. Remove \`partnerUrl\`, after checking that \`authorUrl\` holds the link you want.`,
      partnerLogoUrlBesideAuthor: `\`template.partnerLogoUrl\` is documented, but the published schema closes \`template\` without it (it has \`authorLogoUrl\`, which is here too), so the template validator may reject the submission. Remove \`partnerLogoUrl\`, after checking that \`authorLogoUrl\` holds the logo you want.`,
      partnerNameAlone: `\`template.partnerName\` is documented, but the published schema closes \`template\` without it (its field is \`authorName\`), so the template validator may reject the submission. Rename it to \`authorName\`.`,
      partnerUrlAlone: `\`template.partnerUrl\` is documented, but the published schema closes \`template\` without it (its field is \`authorUrl\`), so the template validator may reject the submission. Rename it to \`authorUrl\`: with \`partnerUrl\` alone the card has no link.`,
      partnerLogoUrlAlone: `\`template.partnerLogoUrl\` is documented, but the published schema closes \`template\` without it (its field is \`authorLogoUrl\`), so the template validator may reject the submission. Rename it to \`authorLogoUrl\`: with \`partnerLogoUrl\` alone the card has no logo.`,
    },
    fixTitles: {
      remove: 'Remove `{{key}}`',
      rename: 'Rename {{from}} to {{to}}',
    },
    fixable: false,
    suggests: true,
    judgesObject: true,
  },
  check(context) {
    if (!context.templateMode) return;
    const { doc } = context;
    const template = templateObject(doc);
    if (!template) return;
    const renames = renamable(template);
    // With no `authorName` beside `partnerName`, the error names every rename; the partner keys
    // it renames are not reported again.
    const coveredByError = new Set<string>();
    if (!hasKey(template, 'authorName')) {
      const partner = childValue(template, 'partnerName');
      const renameAll = renameEdits(doc, renames);
      if (partner !== undefined) for (const [partnerKey] of renames) coveredByError.add(partnerKey);
      context.report({
        path: ['template', 'authorName'],
        span: templateKeySpan(doc, template),
        ...(partner !== undefined
          ? {
              messageId: 'partnerOnly',
              data: { partner: formatValue(partner.value, ['template', 'partnerName']), ...describeRenames(renames) },
              ...(renameAll ? { suggestions: [renameAll] } : {}),
            }
          : { messageId: 'authorMissing' }),
      });
    }
    for (const [partnerKey, authorKey] of AUTHOR_FIELDS) {
      if (coveredByError.has(partnerKey)) continue;
      const hasAuthor = hasKey(template, authorKey);
      for (const property of propertiesNamed(template, partnerKey)) {
        const key = property.children![0]!;
        const rename = !hasAuthor && propertiesNamed(template, partnerKey).length === 1 ? renameEdits(doc, [[partnerKey, authorKey, key]]) : undefined;
        context.report({
          path: ['template', partnerKey],
          span: spanOf(key),
          messageId: `${partnerKey}${hasAuthor ? 'BesideAuthor' : 'Alone'}`,
          suggestions: [rename ?? { titleId: 'remove', titleData: { key: partnerKey }, edits: removeProperty(doc, ['template', partnerKey]) }],
        });
      }
    }
  },
});

type Rename = readonly [partnerKey: string, authorKey: string, key: Node];

/** The partner keys that can become their author keys: written once, and the author key absent. */
function renamable(template: Node): Rename[] {
  return AUTHOR_FIELDS.flatMap(([partnerKey, authorKey]): Rename[] => {
    const found = propertiesNamed(template, partnerKey);
    return found.length === 1 && !hasKey(template, authorKey) ? [[partnerKey, authorKey, found[0]!.children![0]!]] : [];
  });
}

/** The keys a rename turns from and into, as lists. */
function describeRenames(renames: readonly Rename[]): { from: string; to: string } {
  if (renames.length === 0) return { from: '`partnerName`', to: '`authorName`' };
  return {
    from: listOf(
      renames.map(([partnerKey]) => partnerKey),
      'and',
    ),
    to: listOf(
      renames.map(([, authorKey]) => authorKey),
      'and',
    ),
  };
}

/** A rename of each key in place, value and position kept; none while the tree may be cut short. */
function renameEdits(doc: ParsedDocument, renames: readonly Rename[]): FixSpec | undefined {
  if (renames.length === 0 || doc.syntaxErrors.length > 0) return undefined;
  const edits: OffsetEdit[] = renames.map(([, authorKey, key]) => ({ ...spanOf(key), newText: JSON.stringify(authorKey) }));
  return { titleId: 'rename', titleData: describeRenames(renames), edits };
}
