import { nodeAt } from '../framework/document.js';
import { looksLikeToken } from '../framework/secret-detector.js';
import { formatValue } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { SCHEMA_URL } from '../framework/links.js';
import { defineRule, spanOf } from '../framework/rule.js';

export const schemaUrl = defineRule({
  meta: {
    id: 'schema-url',
    category: 'Parsing and schema',
    severity: 'info',
    description: '`$schema` is not the official schema URL.',
    rationale:
      'Editors load the manifest schema (completion, hover, validation) from the URL in `$schema`, and the language server recognises manifests by the official URL; any other value gives no schema support, or an outdated one. A manifest without `$schema` is fine.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest: "The schema is published at: https://agents.pinata.cloud/schemas/manifest.v1.json" and "Add a `$schema` line so editors can autocomplete and validate".',
    messages: {
      schemaUrl: `\`$schema\` is {{value}}, not the official schema URL, so editors will not load the manifest schema from it. Use \`{{schemaUrl}}\`.`,
    },
    fixTitles: {
      useOfficial: 'Use the official schema URL',
    },
    fixable: true,
  },
  check(context) {
    const value = nodeAt(context.doc.root, ['$schema']);
    // A `$schema` that is not a string is the schema's type error.
    if (value?.type !== 'string' || value.value === SCHEMA_URL) return;
    context.report({
      path: ['$schema'],
      span: spanOf(value),
      messageId: 'schemaUrl',
      data: { value: shown(value.value as string), schemaUrl: SCHEMA_URL },
      fixes: [{ titleId: 'useOfficial', edits: [replaceValue(value, SCHEMA_URL)] }],
    });
  },
});

/** A URL is shown whole (the difference may be at its end), unless it is long or token-shaped. */
function shown(value: string): string {
  return value.length <= 120 && !looksLikeToken(value) && !value.includes('`') ? `\`${JSON.stringify(value)}\`` : formatValue(value, ['$schema']);
}
