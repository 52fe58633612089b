import { subject } from '../engine/describe.js';
import { defineRule, spanOf } from '../engine/rule.js';
import { walkValues } from '../engine/walk.js';

export const duplicateKey = defineRule({
  meta: {
    id: 'duplicate-key',
    category: 'Parsing and schema',
    severity: 'error',
    description: 'A key appears twice in one object; JSON.parse keeps the last value and silently drops the first.',
    fixable: false,
  },
  check(context) {
    walkValues(context.doc.root, (node, path) => {
      if (node.type !== 'object') return;
      const firstLine = new Map<string, number>();
      for (const property of node.children ?? []) {
        const key = property.children?.[0];
        if (typeof key?.value !== 'string') continue;
        const earlier = firstLine.get(key.value);
        if (earlier === undefined) {
          firstLine.set(key.value, context.doc.lines.positionAt(key.offset).line + 1);
          continue;
        }
        context.report({
          path: [...path, key.value],
          span: spanOf(key),
          message: `${subject([...path, key.value])} is defined twice (first on line ${earlier}); the platform keeps only this later value and drops the first without a word. Remove one of them.`,
        });
      }
    });
  },
});
