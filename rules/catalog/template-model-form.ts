import { nodeAt } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { modelStringToObject } from '../analyzers/accepted-forms.js';

export const templateModelForm = defineRule({
  meta: {
    id: 'template-model-form',
    category: 'Template metadata',
    severity: 'info',
    description: 'Template mode: `model` is the docs\' string, while the published schema, which judges a submission, types it as `{ "primary": … }`.',
    rationale:
      'The docs write the default model as a string; the published schema at the manifest\'s `$schema` URL accepts only the object `{ "primary": "<provider>/<model>" }`, which Pinata\'s starter documents too. Whether the template validator holds a string against a template is not known, so this is information, with the object form as a suggestion.',
    evidence:
      'The published schema (https://agents.pinata.cloud/schemas/manifest.v1.json): `"model":{"type":"object",…"properties":{"primary":{"type":["string","null"]…}},"additionalProperties":false}`; the docs: "A single default model identifier in `<provider>/<model>` form" (https://docs.pinata.cloud/agents/manifest).',
    messages: {
      stringForm: `\`model\` is the string {{value}}: the docs write it so, but the published schema, which judges a template submission, types \`model\` as \`{ "primary": {{value}} }\`. Write the object form to match it.`,
    },
    fixTitles: {
      writeObject: 'Write the model as `{ "primary": … }`',
    },
    fixable: false,
    suggests: true,
  },
  check(context) {
    if (!context.templateMode) return;
    const model = nodeAt(context.doc.root, ['model']);
    if (model?.type !== 'string') return;
    const edits = modelStringToObject(context.doc, model);
    context.report({
      path: ['model'],
      span: spanOf(model),
      messageId: 'stringForm',
      data: { value: JSON.stringify(model.value) },
      ...(edits ? { suggestions: [{ titleId: 'writeObject', edits }] } : {}),
    });
  },
});
