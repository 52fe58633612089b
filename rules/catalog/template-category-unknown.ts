import { childValue } from '../framework/document.js';
import { formatValue, listOf } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { closest } from '../framework/suggest.js';
import { templateObject } from '../analyzers/template-fields.js';

/** Named by the documentation (the first three) or used by the platform's own templates. */
export const KNOWN_CATEGORIES = ['general', 'defi', 'social', 'productivity', 'content', 'governance', 'actions & transactions'] as const;

export const templateCategoryUnknown = defineRule({
  meta: {
    id: 'template-category-unknown',
    category: 'Template metadata',
    severity: 'info',
    description: 'The template `category` is none of the known marketplace categories.',
    rationale:
      'The marketplace files a template under its category; a misspelt category can leave the template out of the listing its users browse.',
    assumptions:
      'The platform names only `general`, `defi` and `social` and does not publish its full list; `productivity`, `content`, `governance` and `actions & transactions` are used by published templates. Other categories may exist, so an unknown one is information, not an error, and the closest known category is only suggested (there is no automatic fix). Categories are compared exactly, case included.',
    messages: {
      categoryUnknown: `\`template.category\` is {{value}}, which is not one of the known marketplace categories ({{list}}){{advice}}`,
    },
    fixable: false,
  },
  check(context) {
    const template = templateObject(context.doc);
    const category = template ? childValue(template, 'category') : undefined;
    // A non-string or empty category is the schema's to report.
    if (category?.type !== 'string' || category.value === '') return;
    const value = category.value as string;
    if ((KNOWN_CATEGORIES as readonly string[]).includes(value)) return;
    const path = ['template', 'category'];
    const suggestion = closest(value, KNOWN_CATEGORIES);
    context.report({
      path,
      span: spanOf(category),
      messageId: 'categoryUnknown',
      data: { value: formatValue(value, path), list: listOf(KNOWN_CATEGORIES), advice: suggestion
          ? `; did you mean \`${suggestion}\`?`
          : '. The platform does not publish its full list: check that the marketplace offers this category, or pick a known one.' },
    });
  },
});
