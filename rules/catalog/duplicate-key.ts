import { subject } from '../framework/describe.js';
import { firstPropertyNamed } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { forEachObject, pathOf } from '../framework/walk.js';

export const duplicateKey = defineRule({
  meta: {
    id: 'duplicate-key',
    category: 'Parsing and schema',
    severity: 'error',
    description: 'A key appears twice in one object; JSON.parse keeps the last value and silently drops the first.',
    rationale: 'A JSON parser keeps the last of two equal keys without a word, so the value you see first in the file is not the one the platform uses.',
    evidence:
      "None found in Pinata's sources: the linter's own inference from RFC 8259 section 4 (\"The names within an object SHOULD be unique\") and from `JSON.parse`, which keeps the last of equal keys; how the platform's parser treats them is not documented.",
    messages: {
      duplicateKey: `{{subject}} is defined twice (first on line {{firstLine}}); the platform keeps only this later value and drops the first without a word. Remove one of them.`,
    },
    fixable: false,
  },
  check(context) {
    forEachObject(context.doc.root, (object) => {
      if ((object.children?.length ?? 0) < 2) return;
      for (const property of object.children ?? []) {
        const key = property.children?.[0];
        if (typeof key?.value !== 'string') continue;
        const first = firstPropertyNamed(object, key.value);
        if (!first || first === property) continue;
        const earlier = first.children![0]!.offset;
        const path = [...pathOf(object), key.value];
        context.report({
          path,
          span: spanOf(key),
          messageId: 'duplicateKey',
          data: { subject: subject(path), firstLine: context.doc.lines.positionAt(earlier).line + 1 },
        });
      }
    });
  },
});
