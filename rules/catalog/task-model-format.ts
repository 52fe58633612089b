import { childValue, touchesSyntaxError } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { payloadObject, tasks } from '../analyzers/tasks.js';

const MODEL_ID = /^[^\s/]+(?:\/[^\s/]+)+$/;
const WHITESPACE = /\s/;

/** Why a model is not `<provider>/<model>`, in the words its message gives. */
const REASONS = {
  empty: 'it is empty',
  whitespace: 'it contains whitespace',
  noProvider: 'it names no provider',
  emptyPart: 'it has an empty part between its `/`',
};

export const taskModelFormat = defineRule({
  meta: {
    id: 'task-model-format',
    category: 'Tasks',
    severity: 'error',
    description: "A task payload's `model` is not `<provider>/<model>`.",
    rationale:
      "A task may run on its own model, named `<provider>/<model>` with a provider connected in the secrets vault (OpenRouter-style ids add more `/` segments). A model the platform cannot resolve is not used: the run falls back to the agent's default model.",
    evidence:
      'https://docs.pinata.cloud/agents/manifest#model: "Default model in `<provider>/<model>` form" and "If a task or session specifies a model that isn\'t enabled on the agent, the request falls back to this default."',
    messages: {
      ...Object.fromEntries(
        Object.entries(REASONS).map(([id, reason]) => [
          id,
          `{{subject}} is {{value}}, which is not \`<provider>/<model>\`: ${reason}. Write the provider, a \`/\` and the model, for example \`anthropic/claude-sonnet-4-5\`; otherwise the run falls back to the agent's default model.`,
        ]),
      ),
    },
    fixable: false,
    covers: ['/$defs/payload/properties/model/pattern'],
  },
  check(context) {
    for (const { index, node } of tasks(context.doc)) {
      const model = childValue(payloadObject(node), 'model');
      if (model?.type !== 'string') continue;
      const value = model.value as string;
      if (MODEL_ID.test(value) || touchesSyntaxError(context.doc, model)) continue;
      const path = ['tasks', index, 'payload', 'model'];
      context.report({
        path,
        span: spanOf(model),
        messageId: reason(value),
        data: { subject: subject(path), value: formatValue(value) },
      });
    }
  },
});

function reason(value: string): keyof typeof REASONS {
  if (value === '') return 'empty';
  if (WHITESPACE.test(value)) return 'whitespace';
  if (!value.includes('/')) return 'noProvider';
  return 'emptyPart';
}
