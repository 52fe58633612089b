import type { Node } from 'jsonc-parser';
import { childValue, keyNodeAt } from '../framework/document.js';
import { formatValue } from '../framework/describe.js';
import { defineRule, spanOf, type Span } from '../framework/rule.js';
import { templateObject } from '../analyzers/template-fields.js';

/** Digits with an optional fractional part: `5`, `0.50`; no sign, exponent, spaces or bare `.`. */
const DECIMAL = /^\d+(?:\.\d+)?$/;
const NON_ZERO = /[1-9]/;

export const templatePaidInvalid = defineRule({
  meta: {
    id: 'template-paid-invalid',
    category: 'Template metadata',
    severity: 'error',
    messageSeverities: { notInPublishedSchema: 'warning' },
    description:
      "A paid template's `amount` is not a positive decimal string, or its `currency` is missing or empty; in template mode, `paid` itself is a warning, since the published schema has no such key.",
    rationale:
      'A paid template is sold through x402 for `paid.amount` in `paid.currency`; a price that is zero, negative or not a plain decimal, or a price without its currency, cannot be charged.',
    evidence:
      '"`paid` | Optional. Set `{ \"amount\": \"1.00\", \"currency\": \"USDC\" }` for x402 paid templates" (https://docs.pinata.cloud/agents/manifest); the published schema\'s `template` has no `paid` and `"additionalProperties":false` (https://agents.pinata.cloud/schemas/manifest.v1.json). Whether the template validator accepts `paid` is not known.',
    assumptions:
      'The documentation gives both fields only as strings. A positive decimal is read as digits with an optional fractional part (`"0.50"`, `"5"`), with no sign, exponent or spaces; any non-blank `currency` is accepted, since the list of currencies is not published. An `amount` that is not a string is the schema\'s type error and is not reported again.',
    messages: {
      noAmount: `\`template.paid\` has no \`amount\`: a paid template needs its price. Add \`amount\` as a positive decimal string, for example \`"0.50"\`.`,
      badAmount: `\`template.paid.amount\` is {{value}}; the price must be a positive decimal string, for example \`"0.50"\`.`,
      badAmountWritable: `\`template.paid.amount\` is {{value}}; the price must be a positive decimal string, for example \`"0.50"\`. Write it as \`{{plain}}\`.`,
      noCurrency: `\`template.paid\` has no \`currency\`: the price means nothing without it. Add \`currency\` with the currency the amount is in.`,
      notInPublishedSchema: `\`template.paid\` is documented for x402 paid templates, but the published schema, which judges a template submission, has no \`paid\` and closes \`template\` without it: the template validator may reject the submission. Check that it accepts \`paid\` before relying on it.`,
      badCurrency: `\`template.paid.currency\` is {{value}}, which names no currency. Set it to the currency the amount is in.`,
    },
    fixable: false,
  },
  check(context) {
    const template = templateObject(context.doc);
    const paid = template ? childValue(template, 'paid') : undefined;
    if (paid?.type !== 'object') return;
    const missingSpan = keySpan(context.doc.root, paid);
    if (context.templateMode) context.report({ path: ['template', 'paid'], span: missingSpan, messageId: 'notInPublishedSchema' });

    const amount = childValue(paid, 'amount');
    const amountPath = ['template', 'paid', 'amount'];
    if (!amount) {
      context.report({
        path: amountPath,
        span: missingSpan,
        messageId: 'noAmount',
      });
    } else if (amount.type === 'string' && !isPositiveDecimal(amount.value as string)) {
      const value = amount.value as string;
      const number = Number(value);
      const plain = value.trim() !== '' && Number.isFinite(number) && number > 0 ? plainDecimal(number) : undefined;
      context.report({
        path: amountPath,
        span: spanOf(amount),
        messageId: 'badAmount',
        ...(plain !== undefined
          ? { messageId: 'badAmountWritable', data: { value: formatValue(value, amountPath), plain: JSON.stringify(plain) } }
          : { data: { value: formatValue(value, amountPath) } }),
      });
    }

    const currency = childValue(paid, 'currency');
    const currencyPath = ['template', 'paid', 'currency'];
    if (!currency) {
      context.report({
        path: currencyPath,
        span: missingSpan,
        messageId: 'noCurrency',
      });
    } else if (currency.type === 'string' && (currency.value as string).trim() === '') {
      context.report({
        path: currencyPath,
        span: spanOf(currency),
        messageId: 'badCurrency',
        data: { value: formatValue(currency.value, currencyPath) },
      });
    }
  },
});

function isPositiveDecimal(value: string): boolean {
  return DECIMAL.test(value) && NON_ZERO.test(value);
}

/** `1e3` → `1000`, ` 2.5` → `2.5`; undefined when the number has no short plain decimal form. */
function plainDecimal(value: number): string | undefined {
  const text = String(value);
  return DECIMAL.test(text) ? text : undefined;
}

/** The `"paid"` key, where a key missing from `paid` is reported (SPEC section 4). */
function keySpan(root: Node | undefined, paid: Node): Span {
  const key = keyNodeAt(root, ['template', 'paid']);
  return key ? spanOf(key) : { start: paid.offset, end: paid.offset + 1 };
}
