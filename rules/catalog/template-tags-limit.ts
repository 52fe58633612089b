import { childValue } from '../framework/document.js';
import { defineRule } from '../framework/rule.js';
import { templateObject } from '../analyzers/template-fields.js';

/** The published schema's limit (`maxItems`). */
export const MAX_TAGS = 10;

export const templateTagsLimit = defineRule({
  meta: {
    id: 'template-tags-limit',
    category: 'Template metadata',
    severity: 'error',
    description: `Template mode: a template has more than ${MAX_TAGS} tags.`,
    rationale: `A template submission is judged by the published schema, which allows at most ${MAX_TAGS} tags. The docs give no limit, and a direct deploy ignores \`template\`, so only \`manifest-lint template\` reports it.`,
    evidence:
      'The published schema (https://agents.pinata.cloud/schemas/manifest.v1.json): `"tags":{"type":"array",…"maxItems":10,"description":"Search tags (max 10)"}`; Pinata\'s starter `_docs`: "Search tags, max 10." An author trimmed 12 tags to 10 over two commits before the template passed.',
    messages: {
      tagsLimit: `\`template.tags\` has {{length}} tags; the published schema, which judges a template submission, allows at most ${MAX_TAGS}. Remove {{over}} (keep the ones people will search for).`,
    },
    fixable: false,
  },
  check(context) {
    if (!context.templateMode) return;
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
