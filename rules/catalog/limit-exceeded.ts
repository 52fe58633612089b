import { MAX_LENGTH } from '../framework/document.js';
import { plural, subject } from '../framework/describe.js';
import { defineRule, spanOf, type Finding } from '../framework/rule.js';
import type { SchemaError } from '../framework/schema-validation.js';

export const limitExceeded = defineRule({
  meta: {
    id: 'limit-exceeded',
    category: 'Parsing and schema',
    severity: 'error',
    description: 'A length or count limit is exceeded (agent fields, 10 skills, 20 tasks, 10 routes).',
    rationale:
      'The platform enforces these limits (name 1-100 characters, description 10000, vibe 200, emoji 32, at most 10 skills, 20 tasks and 10 routes) and rejects a manifest over them.',
    fixable: false,
  },
  check(context) {
    const { refusal } = context.doc;
    if (refusal?.kind === 'too-long') {
      const megabytes = (refusal.length / 1024 / 1024).toFixed(1);
      context.report({
        path: [],
        span: { start: 0, end: Math.min(1, context.doc.text.length) },
        message: `The document is ${megabytes} MiB long; manifests are read up to ${MAX_LENGTH / 1024 / 1024} MiB, so it was not checked.`,
      });
      return;
    }
    for (const error of context.schemaErrors) {
      const finding = describe(error);
      if (finding) context.report(finding);
    }
  },
});

function describe(error: SchemaError): Finding | undefined {
  const { node, params } = error;
  if (!node) return undefined;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'maxLength':
    case 'minLength': {
      const length = [...String(error.value)].length;
      return {
        path: error.path,
        span: spanOf(node),
        message:
          length === 0
            ? `${subject(error.path)} is empty; it needs at least ${plural(limit, 'character')}.`
            : error.keyword === 'maxLength'
              ? `${subject(error.path)} is ${plural(length, 'character')} long; the limit is ${limit}. Shorten it by ${length - limit}.`
              : `${subject(error.path)} is ${plural(length, 'character')} long; it needs at least ${limit}.`,
      };
    }
    case 'maxItems': {
      const items = node.children ?? [];
      const first = items[limit];
      return {
        path: error.path,
        span: { start: first ? first.offset : node.offset, end: node.offset + node.length },
        message: `${subject(error.path)} has ${items.length} entries; the limit is ${limit}. Remove ${items.length - limit}.`,
      };
    }
    case 'minItems':
      return {
        path: error.path,
        span: spanOf(node),
        message: `${subject(error.path)} has ${plural((node.children ?? []).length, 'entry', 'entries')}; it needs at least ${limit}.`,
      };
    default:
      return undefined;
  }
}
