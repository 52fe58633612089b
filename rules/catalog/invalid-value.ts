import { formatValue, listOf, subject, writtenText } from '../framework/describe.js';
import { defineRule, spanOf, type FindingMessage, type FixSpec } from '../framework/rule.js';
import { expectation } from '../framework/schema-lookup.js';
import type { SchemaError } from '../framework/schema-validation.js';
import { closest } from '../framework/suggest.js';

const KEYWORDS = new Set([
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'not',
  'false schema',
]);

export const invalidValue = defineRule({
  meta: {
    id: 'invalid-value',
    category: 'Parsing and schema',
    severity: 'error',
    description: 'A value is outside its enum, const, pattern, format or numeric bounds.',
    rationale:
      'A value outside what the platform accepts (an unknown engine, `version` 2, a model without its provider) fails validation or falls back to a default you did not choose.',
    messages: {
      enum: `{{it}}, which is not one of {{list}}{{suggestion}}`,
      const: `{{it}}; it must be {{value}}.`,
      pattern: `{{it}}; it {{expected}}.`,
      bound: `{{it}}; it must be {{bound}} {{limit}}{{expected}}.`,
      other: `{{it}}; {{advice}}.`,
    },
    fixable: false,
    suggests: true,
  },
  check(context) {
    for (const error of context.schemaErrors) {
      if (!KEYWORDS.has(error.keyword) || !error.node) continue;
      const { fix, ...message } = describe(error, writtenText(context.doc, error.node));
      context.report({ path: error.path, span: spanOf(error.node), ...message, ...(fix ? { suggestions: [fix] } : {}) });
    }
  },
});

function describe(error: SchemaError, written: string | undefined): FindingMessage & { fix?: FixSpec } {
  const it = `${subject(error.path)} is ${formatValue(error.value, error.path, written)}`;
  const expected = expectation(error.schemaPath);
  const { params } = error;
  switch (error.keyword) {
    case 'enum': {
      const allowed = params.allowedValues as unknown[];
      const suggestion =
        typeof error.value === 'string' ? closest(error.value, allowed.filter((v): v is string => typeof v === 'string')) : undefined;
      return {
        messageId: 'enum',
        data: { it, list: listOf(allowed), suggestion: suggestion ? `; did you mean \`${suggestion}\`?` : '.' },
        ...(suggestion && error.node
          ? { fix: { title: `Change to \`${suggestion}\``, edits: [{ ...spanOf(error.node), newText: JSON.stringify(suggestion) }] } }
          : {}),
      };
    }
    case 'const':
      return { messageId: 'const',
      data: { it, value: formatValue(params.allowedValue) } };
    case 'pattern':
    case 'format':
      return {
        messageId: 'pattern',
        data: { it, expected: expected ?? (error.keyword === 'format' ? `must be a valid ${String(params.format)}` : `must match \`${String(params.pattern)}\``) },
      };
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const bound = { minimum: 'at least', exclusiveMinimum: 'more than', maximum: 'at most', exclusiveMaximum: 'less than' }[
        error.keyword
      ];
      return { messageId: 'bound',
      data: { it, bound, limit: String(params.limit), expected: expected ? ` (${expected})` : '' } };
    }
    default:
      return { messageId: 'other',
      data: { it, advice: expected ?? 'that value is not allowed here' } };
  }
}
