import type { Node } from 'jsonc-parser';
import { childValue } from '../framework/document.js';
import { formatValue, listOf } from '../framework/describe.js';
import { addProperties } from '../framework/json-edits.js';
import { defineRule } from '../framework/rule.js';
import type { SchemaError } from '../framework/schema-validation.js';
import { AUTHOR_FIELDS, hasKey, templateKeySpan, templateObject } from '../analyzers/template-fields.js';

export const templateAuthorField = defineRule({
  meta: {
    id: 'template-author-field',
    category: 'Template metadata',
    severity: 'warning',
    description: 'A template has no `authorName`, which the published template validator requires beside the documented `partnerName`.',
    rationale:
      'The documentation names the template card\'s author `partnerName`, but the published template validator required `authorName` (with `authorUrl` and `authorLogoUrl`) in April 2026 and rejected `partnerName` alone. Writing both keeps the template valid for either.',
    assumptions:
      'Both spellings are accepted side by side, so the fix copies the partner fields rather than renaming them. A partner value the schema rejects (a URL without a scheme, say) is not copied. In template mode a template with neither name is reported by `template-author-missing` instead, so the fact is reported once.',
    messages: {
      partnerOnly: `\`template\` has \`partnerName\` ({{partner}}) but no \`authorName\`: the published template validator requires \`authorName\` and has rejected \`partnerName\` alone. {{advice}}`,
      authorMissing: `\`template\` has no \`authorName\`: the published template validator requires it. Add \`authorName\` with the name to show on the template card (and \`partnerName\`, the documented field, with the same value).`,
    },
    fixable: true,
  },
  check(context) {
    const { doc } = context;
    const template = templateObject(doc);
    if (!template || hasKey(template, 'authorName')) return;
    const hasPartner = hasKey(template, 'partnerName');
    if (!hasPartner && context.templateMode) return; // template-author-missing reports it
    const copies = copyable(template, context.schemaErrors);
    const copiesName = copies[0]?.[1] === 'authorName';
    const authorKeys = copies.map(([, authorKey]) => authorKey);
    const partnerKeys = copies.map(([partnerKey]) => partnerKey);
    const partner = childValue(template, 'partnerName');
    const advice = copiesName
      ? copies.length === 1
        ? 'Add `authorName` with the same name, keeping `partnerName` (the documented field).'
        : `Add ${listOf(authorKeys, 'and')} with the values of ${listOf(partnerKeys, 'and')}, keeping those (the documented fields).`
      : 'Add `authorName` with the name to show on the template card.';
    // With a syntax error the tree may be cut short: no edit is offered that might land elsewhere.
    const edits =
      copiesName && doc.syntaxErrors.length === 0
        ? addProperties(doc, ['template'], copies.map(([, authorKey, node]) => [authorKey, doc.text.slice(node.offset, node.offset + node.length)] as const))
        : [];
    context.report({
      path: ['template', 'authorName'],
      span: templateKeySpan(doc, template),
      ...(hasPartner
        ? { messageId: 'partnerOnly', data: { partner: formatValue(partner?.value, ['template', 'partnerName']), advice } }
        : { messageId: 'authorMissing' }),
      ...(edits.length > 0 ? { fixes: [{ title: `Add ${listOf(authorKeys, 'and')} from the partner fields`, edits }] } : {}),
    });
  },
});

/**
 * The author fields that can be written from their partner counterparts: the partner value is a
 * string the schema accepts and the author field is not there yet. `authorName` comes first.
 */
function copyable(template: Node, schemaErrors: readonly SchemaError[]): [partnerKey: string, authorKey: string, value: Node][] {
  const rejected = new Set(
    schemaErrors.filter((error) => error.path.length === 2 && error.path[0] === 'template').map((error) => String(error.path[1])),
  );
  const found: [string, string, Node][] = [];
  for (const [partnerKey, authorKey] of AUTHOR_FIELDS) {
    const value = childValue(template, partnerKey);
    if (value?.type === 'string' && !rejected.has(partnerKey) && !hasKey(template, authorKey)) found.push([partnerKey, authorKey, value]);
  }
  return found;
}
