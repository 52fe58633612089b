import { childValue, nodeAt } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { modelObjectToString } from '../analyzers/accepted-forms.js';

export const legacyModelObject = defineRule({
  meta: {
    id: 'legacy-model-object',
    category: 'Model, secrets, channels',
    severity: 'off',
    description: 'Off by default: `model` written as the published schema\'s object `{ "primary": … }` rather than the docs\' string.',
    rationale:
      'Both forms are accepted. The published schema types `model` as `{ "primary": "<provider>/<model>" }` (and a template submission is judged by it), and Pinata\'s starter documents `model.primary`; the docs write the model id as a string. Turn this rule on to keep a deploy-only repository in the docs\' form.',
    evidence:
      'String: "A single default model identifier in `<provider>/<model>` form" (https://docs.pinata.cloud/agents/manifest). Object: the published schema\'s `"model":{"type":"object",…"properties":{"primary":{"type":["string","null"]…}},"additionalProperties":false}`; Pinata\'s starter `_docs`: "model.primary": "Optional. Default model ID".',
    messages: {
      objectForm: `\`model\` is written as the published schema's object \`{ "primary": {{primary}} }\`; the docs write the model id as a string. Both are accepted: write \`"model": {{primary}}\` if this manifest is only deployed.`,
    },
    fixTitles: {
      writeString: 'Write the model as the string {{model}}',
    },
    fixable: false,
    suggests: true,
  },
  check(context) {
    const { doc } = context;
    const model = nodeAt(doc.root, ['model']);
    if (model?.type !== 'object') return;
    const primary = childValue(model, 'primary');
    const edits = modelObjectToString(doc, model);
    if (primary?.type !== 'string' || !edits) return;
    context.report({
      path: ['model'],
      span: spanOf(model),
      messageId: 'objectForm',
      data: { primary: JSON.stringify(primary.value) },
      suggestions: [{ titleId: 'writeString', titleData: { model: JSON.stringify(primary.value) }, edits }],
    });
  },
});
