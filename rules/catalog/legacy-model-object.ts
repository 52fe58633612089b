import { childValue, nodeAt } from '../framework/document.js';
import { formatValue } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { convertModelObject } from '../analyzers/legacy-forms.js';

/** The schema's `modelId` pattern: `<provider>/<model>`, more `/` segments allowed. */
const MODEL_ID = /^[^\s/]+(?:\/[^\s/]+)+$/;

export const legacyModelObject = defineRule({
  meta: {
    id: 'legacy-model-object',
    category: 'Model, secrets, channels',
    severity: 'warning',
    description: '`model` is written as the legacy object `{ "primary": "<provider>/<model>" }` instead of the documented string.',
    rationale:
      'Real templates write the default model as `{ "primary": "<provider>/<model>" }`, the engine\'s own configuration shape, and the platform accepts it; the documented form is the string `"<provider>/<model>"`, which is what the documentation, editors and other tools expect.',
    assumptions:
      'The object form is accepted only with its one key `primary`; other keys of the engine\'s model object (fallbacks, for example) are not part of the manifest and are reported as unknown properties.',
    messages: {
      notModelId: `\`model\` is written as the legacy object form{{written}}; the documented form is the model id as a string, \`"model": "<provider>/<model>"\`. Write the model id, with its provider, directly as the value of \`model\`.`,
      legacyForm: `\`model\` is written as the legacy object form \`{ "primary": {{primary}} }\`; the platform accepts it, but the documented form is the string itself. Write \`"model": {{primary}}\`.`,
    },
    fixable: true,
  },
  check(context) {
    const { doc } = context;
    const model = nodeAt(doc.root, ['model']);
    if (model?.type !== 'object') return;
    const primary = childValue(model, 'primary');
    const id = primary?.type === 'string' && MODEL_ID.test(primary.value as string) ? (primary.value as string) : undefined;
    const edits = id === undefined ? undefined : convertModelObject(doc, model);
    context.report({
      path: ['model'],
      span: spanOf(model),
      ...(id === undefined
        ? {
            messageId: 'notModelId',
            data: { written: primary?.type === 'string' ? ` \`{ "primary": ${formatValue(primary.value, ['model', 'primary']).slice(1, -1)} }\`` : '' },
          }
        : { messageId: 'legacyForm', data: { primary: JSON.stringify(id) } }),
      ...(edits ? { fixes: [{ title: `Write the model as the string ${JSON.stringify(id)}`, edits }] } : {}),
    });
  },
});
