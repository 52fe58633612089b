import type { Node } from 'jsonc-parser';
import { propertiesNamed, propertyNode } from '../framework/document.js';
import { formatPath, listOf } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { knownProperties } from '../framework/schema-lookup.js';
import { closest } from '../framework/suggest.js';

export const unknownProperty = defineRule({
  meta: {
    id: 'unknown-property',
    category: 'Parsing and schema',
    severity: 'error',
    description: 'A key the manifest contract does not define; the platform rejects unknown keys.',
    rationale:
      'The published schema closes every object (`additionalProperties: false`): an unknown key, often a typo, is rejected by template validation, and a misspelt optional key silently does nothing.',
    messages: {
      unknownProperty: `Unknown property \`{{key}}\` {{where}}: the platform rejects keys it does not define; {{advice}}`,
    },
    fixable: false,
    suggests: true,
    judgesObject: true,
  },
  check(context) {
    // An object with many unknown keys has one failure each: the known keys it lacks are found
    // once per object and schema.
    const missingKnown = new Map<Node, Map<string, string[]>>();
    for (const error of context.schemaErrors) {
      if (error.keyword !== 'additionalProperties' || error.node?.type !== 'object') continue;
      const key = String(error.params.additionalProperty);
      const known = knownProperties(error.schemaPath);
      const object = error.node;
      let bySchema = missingKnown.get(object);
      if (!bySchema) missingKnown.set(object, (bySchema = new Map()));
      let missing = bySchema.get(error.schemaPath);
      if (!missing) bySchema.set(error.schemaPath, (missing = known.filter((name) => propertyNode(object, name) === undefined)));
      const suggestion = closest(key, missing);
      const where = error.path.length === 0 ? 'at the top level' : `in \`${formatPath(error.path)}\``;
      const advice = suggestion
        ? `did you mean \`${suggestion}\`?`
        : known.length > 0 && known.length <= 8
          ? `the known keys are ${listOf(known, 'and')}.`
          : 'remove it.';
      for (const property of propertiesNamed(error.node, key)) {
        const keyNode = property.children![0]!;
        context.report({
          path: [...error.path, key],
          span: spanOf(keyNode),
          messageId: 'unknownProperty',
          data: { key, where, advice },
          ...(suggestion
            ? { suggestions: [{ title: `Rename to \`${suggestion}\``, edits: [{ ...spanOf(keyNode), newText: JSON.stringify(suggestion) }] }] }
            : {}),
        });
      }
    }
  },
});
