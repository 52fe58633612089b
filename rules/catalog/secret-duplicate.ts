import { repeatedNames } from '../analyzers/repeats.js';
import { subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';

export const secretDuplicate = defineRule({
  meta: {
    id: 'secret-duplicate',
    category: 'Model, secrets, channels',
    severity: 'error',
    description: 'Two entries of `secrets[]` declare the same name.',
    rationale:
      'An environment variable holds one value, so two declarations of one secret cannot both apply: the deploy form asks for the same variable twice, and which description and `required` setting wins is up to the platform.',
    evidence:
      'None found about duplicates: the linter\'s own inference from secrets being environment variable names (https://docs.pinata.cloud/agents/manifest#secrets: "These are env-var names"), and a variable holds one value.',
    messages: {
      secretDuplicate: `{{subject}} declares \`{{value}}\` again; secrets[{{earlier}}] already declares it. Remove this entry (merge its description into the first one if it says more).`,
    },
    fixable: false,
  },
  check(context) {
    for (const { path, node, value, earlier } of repeatedNames(context.doc, ['secrets'], 'name')) {
      context.report({
        path,
        span: spanOf(node),
        messageId: 'secretDuplicate',
        data: { subject: subject(path), value, earlier },
      });
    }
  },
});
