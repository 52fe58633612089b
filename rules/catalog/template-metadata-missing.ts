import { nodeAt, touchesSyntaxError } from '../framework/document.js';
import { defineRule } from '../framework/rule.js';
import { hasKey, templateKeySpan } from '../analyzers/template-fields.js';

/** The keys a submission needs in `template`, each with the message that says it is missing. */
const REQUIRED = [
  ['slug', 'slugMissing'],
  ['category', 'categoryMissing'],
] as const;

export const templateMetadataMissing = defineRule({
  meta: {
    id: 'template-metadata-missing',
    category: 'Template repository',
    severity: 'error',
    description: 'Template mode: the manifest has no `template` object, or it has no `slug` or no `category`.',
    rationale:
      "A direct deploy ignores `template`, but a marketplace submission is listed from it: the slug is the template's URL and the category files it in the marketplace. Without them the template validator rejects the repository.",
    evidence:
      'The published schema (https://agents.pinata.cloud/schemas/manifest.v1.json): `template` `"required":["slug","category","authorName"]` (`authorName` is `template-author-field`\'s); "Template marketplace metadata (for submissions)". The docs: "`slug` | Marketplace URL slug", "`category` | One of the marketplace categories" (https://docs.pinata.cloud/agents/manifest).',
    messages: {
      templateMissing: `The manifest has no \`template\` object, which a template submission needs: the marketplace lists the template by its \`template.slug\` and \`template.category\`. Add \`"template": { "slug": "…", "category": "…", "authorName": "…" }\`.`,
      slugMissing: `\`template\` has no \`slug\`, the template's marketplace URL slug (lowercase letters, digits and hyphens, such as \`useful-assistant\`), and the template validator rejects a template without it. Add \`template.slug\`.`,
      categoryMissing: `\`template\` has no \`category\`, the marketplace category it is listed under (such as \`general\`, \`defi\` or \`social\`), and the template validator rejects a template without it. Add \`template.category\`.`,
    },
    fixable: false,
  },
  check(context) {
    if (!context.templateMode || context.repository?.manifest === false) return;
    const { doc } = context;
    const root = doc.root;
    if (root?.type !== 'object') return;
    const template = nodeAt(root, ['template']);
    if (!template) {
      // An object cut short by a syntax error may hold `template` further on.
      if (doc.syntaxErrors.length > 0) return;
      context.report({
        path: ['template'],
        span: { start: root.offset, end: root.offset + 1 },
        messageId: 'templateMissing',
      });
      return;
    }
    // Another type is the schema's to report.
    if (template.type !== 'object' || touchesSyntaxError(doc, template)) return;
    for (const [key, messageId] of REQUIRED) {
      if (hasKey(template, key)) continue;
      context.report({
        path: ['template', key],
        span: templateKeySpan(doc, template),
        messageId,
      });
    }
  },
});
