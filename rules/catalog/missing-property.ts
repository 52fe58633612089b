import type { Node } from 'jsonc-parser';
import { subject } from '../framework/describe.js';
import { defineRule, spanOf, type Span } from '../framework/rule.js';

export const missingProperty = defineRule({
  meta: {
    id: 'missing-property',
    category: 'Parsing and schema',
    severity: 'error',
    description: 'A required key is missing.',
    rationale:
      'Without a required key (`version`, `agent.name`, a task\'s schedule or payload, a route\'s port) the platform rejects the manifest or cannot run that part of it.',
    messages: {
      missingProperty: `{{subject}} is missing the required property \`{{key}}\`.`,
    },
    fixable: false,
  },
  check(context) {
    for (const error of context.schemaErrors) {
      if (error.keyword !== 'required' || !error.node) continue;
      const key = String(error.params.missingProperty);
      context.report({
        path: [...error.path, key],
        span: anchor(error.node),
        messageId: 'missingProperty',
        data: { subject: subject(error.path), key },
      });
    }
  },
});

/** The parent property's key, or the opening `{` of the root object or of an array item. */
function anchor(object: Node): Span {
  const parent = object.parent;
  if (parent?.type === 'property' && parent.children?.[0]) return spanOf(parent.children[0]);
  return { start: object.offset, end: object.offset + 1 };
}
