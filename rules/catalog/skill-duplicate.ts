import { arrayItems, childValue } from '../engine/document.js';
import { subject } from '../engine/describe.js';
import { defineRule, spanOf } from '../engine/rule.js';

export const skillDuplicate = defineRule({
  meta: {
    id: 'skill-duplicate',
    category: 'Skills',
    severity: 'error',
    description: 'Two skills have the same `name`, so they unpack into the same folder.',
    rationale:
      'Each skill is unpacked into `workspace/skills/<name>/`; two skills with one name share that folder, so one overwrites the other (or their files mix) and the agent gets a skill you did not mean.',
    fixable: false,
  },
  check(context) {
    const first = new Map<string, number>();
    for (const { index, node } of arrayItems(context.doc.root, ['skills'])) {
      const name = childValue(node, 'name');
      // An empty name is not a folder at all (`skill-name-path`).
      if (name?.type !== 'string' || name.value === '') continue;
      const value = name.value as string;
      const earlier = first.get(value);
      if (earlier === undefined) {
        first.set(value, index);
        continue;
      }
      const path = ['skills', index, 'name'];
      context.report({
        path,
        span: spanOf(name),
        message: `${subject(path)} is \`${value}\`, the name of skills[${earlier}] too: both unpack into \`workspace/skills/${value}/\`, so one overwrites the other. Rename one of them, or remove the duplicate.`,
      });
    }
  },
});
