import type { Node } from 'jsonc-parser';
import { arrayItems, childValue, nodeAt } from '../framework/document.js';
import { subject } from '../framework/describe.js';
import { defineRule, spanOf, type RuleContext, type Span } from '../framework/rule.js';
import { misplacedEntries } from '../analyzers/misplaced-entries.js';
import type { JsonPath } from '../framework/types.js';

export const missingProperty = defineRule({
  meta: {
    id: 'missing-property',
    category: 'Parsing and schema',
    severity: 'error',
    messageSeverities: {
      noAgent: 'warning',
      noAgentName: 'warning',
      agentNameNull: 'warning',
      agentNameEmpty: 'warning',
      noSkillName: 'warning',
      routePath: 'warning',
    },
    description:
      "A required key is missing; a key only the docs require (`agent`, `agent.name`, a skill's `name`) or that every documented route has (`path`) is a warning.",
    rationale:
      "Without a key every source requires (`version`, a task's schedule or payload, a route's port) the platform rejects the manifest or cannot run that part of it. The docs also require `agent` with a `name` and a `name` on every skill, while the published schema and Pinata's starter accept them missing: those are warnings, and `null` counts as missing.",
    evidence:
      'The published schema (https://agents.pinata.cloud/schemas/manifest.v1.json): `"required":["version"]`, no `required` in `agent`, `name` typed `["string","null"]`. The docs (https://docs.pinata.cloud/agents/manifest): "`agent` | Required; `agent.name` is required", skill `name` "Required."; Pinata\'s starter `_docs`: "name (optional, human-readable)". No source marks a route\'s `path` required; the docs describe every route by its prefix ("`/app`, or `/` for everything").',
    messages: {
      missingProperty: `{{subject}} is missing the required property \`{{key}}\`.`,
      noAgent: `The manifest has no \`agent\`: the docs require it, though the published schema does not. Add \`"agent": { "name": "…" }\`: the name is shown in the dashboard and in chats.`,
      noAgentName: `\`agent\` has no \`name\`: the docs require it, though the published schema does not. Add the display name shown in the dashboard and in chats.`,
      agentNameNull: `\`agent\` has no \`name\` (it is \`null\`): the docs require it, though the published schema does not. Add the display name shown in the dashboard and in chats.`,
      agentNameEmpty: `\`agent\` has no \`name\` (it is empty): the docs require it, though the published schema does not. Add the display name shown in the dashboard and in chats.`,
      noSkillName: `{{subject}} has no \`name\`: the docs require it, though the published schema does not. Add the display name shown in the UI, for example the skill's slug.`,
      routePath: `{{subject}} has no \`path\`: every documented route forwards a URL path prefix (\`/app\`, or \`/\` for everything) to its port, and no source says what a route without one serves. Add \`"path": "/"\` to forward every request, or the prefix of your app.`,
    },
    fixable: false,
  },
  check(context) {
    const misplaced = misplacedEntries(context.doc);
    for (const error of context.schemaErrors) {
      if (error.keyword !== 'required' || !error.node || misplaced.has(error.node)) continue;
      const key = String(error.params.missingProperty);
      context.report({
        path: [...error.path, key],
        span: anchor(error.node),
        messageId: 'missingProperty',
        data: { subject: subject(error.path), key },
      });
    }
    reportDocsRequired(context, misplaced);
  },
});

/** Advice for each key only the docs require. */
function reportDocsRequired(context: RuleContext, misplaced: ReadonlyMap<Node, unknown>): void {
  const { root } = context.doc;
  if (root?.type !== 'object') return;
  const agent = nodeAt(root, ['agent']);
  if (agent === undefined) {
    report(context, [], root, 'agent', 'noAgent');
  } else if (agent.type === 'object') {
    const name = childValue(agent, 'name');
    if (name === undefined || name.type === 'null' || (name.type === 'string' && (name.value as string).trim() === '')) {
      report(context, ['agent'], agent, 'name', name === undefined ? 'noAgentName' : name.type === 'null' ? 'agentNameNull' : 'agentNameEmpty', name);
    }
  }
  for (const { index, node } of arrayItems(root, ['skills'])) {
    if (node.type === 'object' && !misplaced.has(node) && childValue(node, 'name') === undefined) {
      report(context, ['skills', index], node, 'name', 'noSkillName');
    }
  }
  for (const { index, node } of arrayItems(root, ['routes'])) {
    if (node.type === 'object' && !misplaced.has(node) && childValue(node, 'path') === undefined) {
      context.report({ path: ['routes', index, 'path'], span: anchor(node), messageId: 'routePath', data: { subject: subject(['routes', index]) } });
    }
  }
}

/** A key the docs require is absent, or written as `null` or an empty string (`value`). */
function report(context: RuleContext, parentPath: JsonPath, parent: Node, key: string, messageId: string, value?: Node): void {
  context.report({
    path: [...parentPath, key],
    span: value === undefined ? anchor(parent) : spanOf(value),
    messageId,
    data: { subject: subject(parentPath) },
  });
}

/** The parent property's key, or the opening `{` of the root object or of an array item. */
function anchor(object: Node): Span {
  const parent = object.parent;
  if (parent?.type === 'property' && parent.children?.[0]) return spanOf(parent.children[0]);
  return { start: object.offset, end: object.offset + 1 };
}
