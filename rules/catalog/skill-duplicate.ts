import { repeatedNames } from '../analyzers/repeats.js';
import { subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';

export const skillDuplicate = defineRule({
  meta: {
    id: 'skill-duplicate',
    category: 'Skills',
    severity: 'error',
    description: 'Two skills have the same `name`, so they unpack into the same folder.',
    rationale:
      'Each skill is unpacked into `workspace/skills/<name>/`; two skills with one name share that folder, so one overwrites the other (or their files mix) and the agent gets a skill you did not mean.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#skills: "Each attached skill is unpacked under `workspace/skills/<skill-name>/`." That two skills of one name overwrite each other is the linter\'s inference from this.',
    messages: {
      skillDuplicate: `{{subject}} is \`{{value}}\`, the name of skills[{{earlier}}] too: both unpack into \`workspace/skills/{{value}}/\`, so one overwrites the other. Rename one of them, or remove the duplicate.`,
    },
    fixable: false,
  },
  check(context) {
    for (const { path, node, value, earlier } of repeatedNames(context.doc, ['skills'], 'name')) {
      context.report({
        path,
        span: spanOf(node),
        messageId: 'skillDuplicate',
        data: { subject: subject(path), value, earlier },
      });
    }
  },
});
