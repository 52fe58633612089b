import { article, formatValue, jsonType, subject, writtenText } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';

export const typeMismatch = defineRule({
  meta: {
    id: 'type-mismatch',
    category: 'Parsing and schema',
    severity: 'error',
    description: 'A value has the wrong JSON type.',
    rationale: "A value of the wrong JSON type (a port as a string, a list as an object) fails the platform's validation.",
    evidence:
      "The docs' field tables give each field's type (https://docs.pinata.cloud/agents/manifest: `version` integer, `routes[].port` integer, `tasks` array…); the published schema types the fields it shows the same way, with `null` allowed in `agent`'s.",
    messages: {
      typeMismatch: `{{subject}} must be {{expected}}, but it is {{article}} ({{value}}).`,
      typeMismatchCompound: `{{subject}} must be {{expected}}, but it is {{article}}.`,
    },
    fixable: false,
  },
  check(context) {
    for (const error of context.schemaErrors) {
      if (error.keyword !== 'type' || !error.node) continue;
      const expected = ([] as string[]).concat(error.params.type as string | string[]);
      const value = error.value;
      context.report({
        path: error.path,
        span: spanOf(error.node),
        messageId: 'typeMismatch',
        ...(value !== null && typeof value === 'object'
          ? {
              messageId: 'typeMismatchCompound',
              data: { subject: subject(error.path), expected: expected.map(article).join(' or '), article: article(jsonType(value)) },
            }
          : {
              data: {
                subject: subject(error.path),
                expected: expected.map(article).join(' or '),
                article: article(jsonType(value)),
                value: formatValue(value, error.path, writtenText(context.doc, error.node)),
              },
            }),
      });
    }
  },
});
