import { childValue, propertiesNamed } from '../framework/document.js';
import { removeProperty } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { touchesSyntaxError } from '../framework/document.js';
import type { ScriptName } from '../analyzers/scripts.js';

const SCRIPT_NAMES: readonly ScriptName[] = ['build', 'start'];

export const scriptEmpty = defineRule({
  meta: {
    id: 'script-empty',
    category: 'Routes and scripts',
    severity: 'off',
    description: 'Off by default: a lifecycle script is an empty string.',
    rationale:
      'An empty `build` or `start` runs nothing, which is harmless: Pinata\'s own templates ship `"start": ""` as a placeholder. Turn this rule on to have such keys left out instead, so they do not look like a command that was forgotten.',
    evidence:
      '`"scripts": { "build": "…", "start": "" }` in Pinata\'s templates (PinataCloud/agent-templates, six manifests); "Both fields are shell commands run by the agent\'s runner" (https://docs.pinata.cloud/agents/manifest).',
    assumptions: 'A script holding only whitespace runs nothing either, and is reported the same way.',
    messages: {
      scriptEmpty: `\`scripts.{{name}}\` is an empty string, so it runs nothing. Remove it, or write the command it should run.`,
      scriptBlank: `\`scripts.{{name}}\` is only whitespace, so it runs nothing. Remove it, or write the command it should run.`,
    },
    fixTitles: {
      removeScript: 'Remove the empty `{{name}}` script',
    },
    fixable: true,
  },
  check(context) {
    const { doc } = context;
    const scripts = childValue(doc.root, 'scripts');
    if (scripts?.type !== 'object') return;
    for (const name of SCRIPT_NAMES) {
      const node = childValue(scripts, name);
      if (node?.type !== 'string' || (node.value as string).trim() !== '' || touchesSyntaxError(doc, node)) continue;
      const path = ['scripts', name];
      // With a duplicate key, removing the last one would bring an earlier value back to life.
      const removable = propertiesNamed(scripts, name).length === 1;
      context.report({
        path,
        span: spanOf(node),
        messageId: node.value === '' ? 'scriptEmpty' : 'scriptBlank',
        data: { name },
        ...(removable ? { fixes: [{ titleId: 'removeScript', titleData: { name }, edits: removeProperty(doc, path) }] } : {}),
      });
    }
  },
});
