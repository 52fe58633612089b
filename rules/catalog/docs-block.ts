import { keyNodeAt, propertiesNamed } from '../framework/document.js';
import { removeProperty } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';

export const docsBlock = defineRule({
  meta: {
    id: 'docs-block',
    category: 'Parsing and schema',
    severity: 'hint',
    messageSeverities: { submission: 'error' },
    description: "The manifest keeps the `_docs` block of Pinata's starter: remove it before submitting (an error in template mode).",
    rationale:
      "Pinata's starter template ships a `_docs` block of field notes, and a deploy accepts it. The docs say to remove it before submitting to the marketplace, and authors found the template validator rejecting it.",
    evidence:
      '"The starter ships with a `_docs` block documenting every field inline." and "Remove the `_docs` block before submitting to the marketplace." (https://docs.pinata.cloud/agents/templates/creating); "Pinata\'s template schema doesn\'t recognise it" (pratkuk/claw-bots-for-reo e295e52); the published schema closes the manifest (`"additionalProperties":false`).',
    messages: {
      deploy: `\`_docs\` holds the field notes of Pinata's starter: a deploy accepts it, but the docs say to remove it before submitting this manifest as a template.`,
      submission: `\`_docs\` must go before this template is submitted: the docs say to remove it, and the template validator rejects it (the published schema has no \`_docs\`).`,
    },
    fixTitles: {
      removeDocs: 'Remove the `_docs` block',
    },
    fixable: false,
    suggests: true,
  },
  check(context) {
    const { doc } = context;
    const key = keyNodeAt(doc.root, ['_docs']);
    if (!key || doc.root?.type !== 'object') return;
    const removable = propertiesNamed(doc.root, '_docs').length === 1 && doc.syntaxErrors.length === 0;
    context.report({
      path: ['_docs'],
      span: spanOf(key),
      messageId: context.templateMode ? 'submission' : 'deploy',
      ...(removable ? { suggestions: [{ titleId: 'removeDocs', edits: removeProperty(doc, ['_docs']) }] } : {}),
    });
  },
});
