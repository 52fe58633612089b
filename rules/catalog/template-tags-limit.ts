import { childValue } from '../framework/document.js';
import { defineRule } from '../framework/rule.js';
import { templateObject } from '../analyzers/template-fields.js';

/** The published template validator's limit. */
export const MAX_TAGS = 10;

export const templateTagsLimit = defineRule({
  meta: {
    id: 'template-tags-limit',
    category: 'Template metadata',
    severity: 'warning',
    description: `A template has more than ${MAX_TAGS} tags.`,
    rationale: `The published template validator accepts at most ${MAX_TAGS} tags; a template with more can be rejected when it is submitted.`,
    assumptions:
      'The documentation does not state a tag limit; the limit of 10 comes from the published validator (and the template repository\'s own notes, "max 10"), which is why this is a warning rather than an error.',
    messages: {
      tagsLimit: `\`template.tags\` has {{length}} tags; the published template validator accepts at most ${MAX_TAGS}. Remove {{over}} (keep the ones people will search for).`,
    },
    fixable: false,
  },
  check(context) {
    const template = templateObject(context.doc);
    const tags = template ? childValue(template, 'tags') : undefined;
    const items = tags?.type === 'array' ? (tags.children ?? []) : [];
    if (!tags || items.length <= MAX_TAGS) return;
    const over = items.length - MAX_TAGS;
    context.report({
      path: ['template', 'tags'],
      span: { start: items[MAX_TAGS]!.offset, end: tags.offset + tags.length },
      messageId: 'tagsLimit',
      data: { length: items.length, over },
    });
  },
});
