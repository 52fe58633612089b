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
    messages: {
      tooLong: `The document is {{megabytes}} MiB long; manifests are read up to ${MAX_LENGTH / 1024 / 1024} MiB, so it was not checked.`,
      textTooLong: `{{subject}} is {{length}} long; the limit is {{limit}}. Shorten it by {{excess}}.`,
      textTooShort: `{{subject}} is {{length}}; it needs at least {{minimum}}.`,
      tooMany: `{{subject}} has {{length}} entries; the limit is {{limit}}. Remove {{excess}}.`,
    },
    fixable: false,
  },
  check(context) {
    const { refusal } = context.doc;
    if (refusal?.kind === 'too-long') {
      const megabytes = (refusal.length / 1024 / 1024).toFixed(1);
      context.report({
        path: [],
        span: { start: 0, end: Math.min(1, context.doc.text.length) },
        messageId: 'tooLong',
        data: { megabytes },
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
    case 'maxLength': {
      const length = [...String(error.value)].length;
      return {
        path: error.path,
        span: spanOf(node),
        messageId: 'textTooLong',
        data: { subject: subject(error.path), length: plural(length, 'character'), limit, excess: length - limit },
      };
    }
    case 'minLength': {
      const length = [...String(error.value)].length;
      return {
        path: error.path,
        span: spanOf(node),
        messageId: 'textTooShort',
        data: { subject: subject(error.path), length: length === 0 ? 'empty' : `${plural(length, 'character')} long`, minimum: plural(limit, 'character') },
      };
    }
    case 'maxItems': {
      const items = node.children ?? [];
      const first = items[limit];
      return {
        path: error.path,
        span: { start: first ? first.offset : node.offset, end: node.offset + node.length },
        messageId: 'tooMany',
        data: { subject: subject(error.path), length: items.length, limit, excess: items.length - limit },
      };
    }
    default:
      return undefined;
  }
}
