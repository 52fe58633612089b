import { childValue } from '../framework/document.js';
import { formatValue } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { closest } from '../framework/suggest.js';
import { templateObject } from '../analyzers/template-fields.js';

/**
 * Categories the platform's sources name: the docs (`general`, `defi`, `social`; `ai` in a CLI
 * example), Pinata's starter (`content`, `devops`) and templates (`actions & transactions`), and
 * published templates (`productivity`, `governance`). The full list is not published.
 */
export const KNOWN_CATEGORIES = ['general', 'defi', 'social', 'ai', 'content', 'devops', 'productivity', 'governance', 'actions & transactions'] as const;

export const templateCategoryUnknown = defineRule({
  meta: {
    id: 'template-category-unknown',
    category: 'Template metadata',
    severity: 'hint',
    description: 'Template mode: the template `category` is a near-typo of a known marketplace category.',
    rationale:
      'The marketplace files a template under its category; a misspelt category (`defy`, `General `) can leave the template out of the listing its users browse. The platform does not publish its list of categories and takes any non-empty one, so only a near-typo of a category its sources name is remarked on.',
    evidence:
      'The published schema: `"category":{"type":"string","minLength":1}`. Categories named: "`general`, `defi`, `social`" (https://docs.pinata.cloud/agents/manifest), `--category ai` (https://docs.pinata.cloud/tools/cli/agents), "general, defi, content, social, devops" (Pinata\'s starter `_docs`), "actions & transactions" (PinataCloud/agent-templates).',
    assumptions:
      'A near-typo is within the did-you-mean distance of a known category (case and surrounding spaces aside) without being it; any other category is accepted silently.',
    messages: {
      categoryTypo: `\`template.category\` is {{value}}; did you mean \`{{suggestion}}\`? The marketplace files templates under their category, and the platform's sources name \`{{suggestion}}\`.`,
    },
    fixTitles: {
      changeTo: 'Change to `{{category}}`',
    },
    suggests: true,
    fixable: false,
  },
  check(context) {
    if (!context.templateMode) return;
    const template = templateObject(context.doc);
    const category = template ? childValue(template, 'category') : undefined;
    // A non-string or empty category is the schema's to report.
    if (category?.type !== 'string' || category.value === '') return;
    const value = category.value as string;
    if ((KNOWN_CATEGORIES as readonly string[]).includes(value)) return;
    const normalised = value.trim().toLowerCase();
    const suggestion = (KNOWN_CATEGORIES as readonly string[]).includes(normalised) ? normalised : closest(normalised, KNOWN_CATEGORIES);
    if (!suggestion) return;
    const path = ['template', 'category'];
    context.report({
      path,
      span: spanOf(category),
      messageId: 'categoryTypo',
      data: { value: formatValue(value, path), suggestion },
      suggestions: [{ titleId: 'changeTo', titleData: { category: suggestion }, edits: [replaceValue(category, suggestion)] }],
    });
  },
});
