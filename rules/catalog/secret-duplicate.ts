import { arrayItems, childValue } from '../engine/document.js';
import { subject } from '../engine/describe.js';
import { defineRule, spanOf } from '../engine/rule.js';

export const secretDuplicate = defineRule({
  meta: {
    id: 'secret-duplicate',
    category: 'Model, secrets, channels',
    severity: 'error',
    description: 'Two entries of `secrets[]` declare the same name.',
    rationale:
      'An environment variable holds one value, so two declarations of one secret cannot both apply: the deploy form asks for the same variable twice, and which description and `required` setting wins is up to the platform.',
    fixable: false,
  },
  check(context) {
    const first = new Map<string, number>();
    for (const { index, node } of arrayItems(context.doc.root, ['secrets'])) {
      const name = childValue(node, 'name');
      // An empty name is `secret-name-format`'s.
      if (name?.type !== 'string' || name.value === '') continue;
      const value = name.value as string;
      const earlier = first.get(value);
      if (earlier === undefined) {
        first.set(value, index);
        continue;
      }
      const path = ['secrets', index, 'name'];
      context.report({
        path,
        span: spanOf(name),
        message: `${subject(path)} declares \`${value}\` again; secrets[${earlier}] already declares it. Remove this entry (merge its description into the first one if it says more).`,
      });
    }
  },
});
