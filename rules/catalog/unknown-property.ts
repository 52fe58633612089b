import type { Node } from 'jsonc-parser';
import { keyNodeAt, nodeAt, propertiesNamed, propertyNode } from '../framework/document.js';
import { formatPath, listOf, subject } from '../framework/describe.js';
import { defineRule, spanOf, type FindingMessage, type RuleContext } from '../framework/rule.js';
import { knownProperties } from '../framework/schema-lookup.js';
import { closest } from '../framework/suggest.js';
import { misplacedEntries, sectionKeys } from '../analyzers/misplaced-entries.js';

/** Top-level keys of the manifest format before version 1, each with its message saying where v1 keeps what it held. */
const PRE_V1_KEYS: Readonly<Record<string, string>> = { ports: 'portsBeforeV1', setup: 'setupBeforeV1', start: 'startBeforeV1' };

/** The message of an unknown key, by where it is and what the message offers instead. */
const UNKNOWN_KEY_MESSAGES = {
  topLevel: { didYouMean: 'unknownTopLevelDidYouMean', knownKeys: 'unknownTopLevelKnownKeys', remove: 'unknownTopLevel' },
  inObject: { didYouMean: 'unknownPropertyDidYouMean', knownKeys: 'unknownPropertyKnownKeys', remove: 'unknownProperty' },
} as const;

/** The message of an entry pasted into another section, by the section it lies in. */
const MISPLACED_IN: Readonly<Record<string, string>> = {
  secrets: 'misplacedInSecrets',
  skills: 'misplacedInSkills',
  tasks: 'misplacedInTasks',
  routes: 'misplacedInRoutes',
};

/** Only Slack's Socket Mode connects with an app token; the other channels accept the key and ignore it. */
const SLACK_ONLY_KEY = 'appToken';
const CHANNELS_WITHOUT_APP_TOKEN = ['telegram', 'discord', 'whatsapp'];

export const unknownProperty = defineRule({
  meta: {
    id: 'unknown-property',
    category: 'Parsing and schema',
    severity: 'error',
    messageSeverities: { slackOnly: 'warning' },
    description: 'A key the manifest contract does not define; the platform rejects unknown keys.',
    rationale:
      'The published schema closes every object (`additionalProperties: false`): an unknown key, often a typo, is rejected by template validation, and a misspelt optional key silently does nothing. A whole entry pasted into the wrong section, and the keys of the format before version 1, are named as what they are.',
    evidence:
      'The published schema (https://agents.pinata.cloud/schemas/manifest.v1.json): `"additionalProperties":false` at the root and in `agent`, `template` and `model`. Keys any source documents are accepted: `_docs` (Pinata\'s starter), `dmPolicy`, `allowFrom` and `enabled` on every channel ("These are the same fields accepted by … `channels` in `manifest.json`", https://docs.pinata.cloud/agents/api). `appToken` is "yes (Slack only)" there, hence a warning elsewhere.',
    messages: {
      unknownProperty: `Unknown property \`{{key}}\` in \`{{object}}\`: the platform rejects keys it does not define; remove it.`,
      unknownPropertyDidYouMean: `Unknown property \`{{key}}\` in \`{{object}}\`: the platform rejects keys it does not define; did you mean \`{{suggestion}}\`?`,
      unknownPropertyKnownKeys: `Unknown property \`{{key}}\` in \`{{object}}\`: the platform rejects keys it does not define; the known keys are {{known}}.`,
      unknownTopLevel: `Unknown property \`{{key}}\` at the top level: the platform rejects keys it does not define; remove it.`,
      unknownTopLevelDidYouMean: `Unknown property \`{{key}}\` at the top level: the platform rejects keys it does not define; did you mean \`{{suggestion}}\`?`,
      unknownTopLevelKnownKeys: `Unknown property \`{{key}}\` at the top level: the platform rejects keys it does not define; the known keys are {{known}}.`,
      portsBeforeV1: `\`ports\` is a key of the manifest format before version 1, which the platform rejects now: its place is \`routes\` (each \`{ "port", "pathPrefix", "public" }\` becomes \`{ "port", "path", "protected" }\`, with \`protected\` the opposite of \`public\`).`,
      setupBeforeV1: `\`setup\` is a key of the manifest format before version 1, which the platform rejects now: its place is \`scripts.build\` (the command run once before the agent starts).`,
      startBeforeV1: `\`start\` is a key of the manifest format before version 1, which the platform rejects now: its place is \`scripts.start\` (the command that starts your server).`,
      misplacedInSecrets: `{{subject}} holds {{keys}}: the keys of a \`{{belongsTo}}\` entry, not of a secret (\`{{own}}\`). Move it into \`{{belongsTo}}\`.`,
      misplacedInSkills: `{{subject}} holds {{keys}}: the keys of a \`{{belongsTo}}\` entry, not of a skill (\`{{own}}\`). Move it into \`{{belongsTo}}\`.`,
      misplacedInTasks: `{{subject}} holds {{keys}}: the keys of a \`{{belongsTo}}\` entry, not of a task (\`{{own}}\`). Move it into \`{{belongsTo}}\`.`,
      misplacedInRoutes: `{{subject}} holds {{keys}}: the keys of a \`{{belongsTo}}\` entry, not of a route (\`{{own}}\`). Move it into \`{{belongsTo}}\`.`,
      slackOnly: `\`appToken\` in \`{{channel}}\` does nothing: it is Slack's app-level token for Socket Mode ("yes (Slack only)" in the API docs). Remove it, or move it to \`channels.slack\` if it belongs there.`,
    },
    fixTitles: {
      renameTo: 'Rename to `{{key}}`',
    },
    fixable: false,
    suggests: true,
    judgesObject: true,
  },
  check(context) {
    const misplaced = misplacedEntries(context.doc);
    // An object with many unknown keys has one failure each: the known keys it lacks are found
    // once per object and schema.
    const missingKnown = new Map<Node, Map<string, string[]>>();
    for (const error of context.schemaErrors) {
      if (error.keyword !== 'additionalProperties' || error.node?.type !== 'object' || misplaced.has(error.node)) continue;
      const key = String(error.params.additionalProperty);
      const object = error.node;
      const movedInV1 = error.path.length === 0 ? PRE_V1_KEYS[key] : undefined;
      if (movedInV1) {
        for (const property of propertiesNamed(object, key)) context.report({ path: [key], span: spanOf(property.children![0]!), messageId: movedInV1 });
        continue;
      }
      const known = knownProperties(error.schemaPath);
      let bySchema = missingKnown.get(object);
      if (!bySchema) missingKnown.set(object, (bySchema = new Map()));
      let missing = bySchema.get(error.schemaPath);
      if (!missing) bySchema.set(error.schemaPath, (missing = known.filter((name) => propertyNode(object, name) === undefined)));
      const suggestion = closest(key, missing);
      const topLevel = error.path.length === 0;
      const advice = suggestion ? 'didYouMean' : known.length > 0 && known.length <= 8 ? 'knownKeys' : 'remove';
      const message: FindingMessage = {
        messageId: UNKNOWN_KEY_MESSAGES[topLevel ? 'topLevel' : 'inObject'][advice],
        data: {
          key,
          ...(topLevel ? {} : { object: formatPath(error.path) }),
          ...(suggestion ? { suggestion } : advice === 'knownKeys' ? { known: listOf(known, 'and') } : {}),
        },
      };
      for (const property of propertiesNamed(error.node, key)) {
        const keyNode = property.children![0]!;
        context.report({
          path: [...error.path, key],
          span: spanOf(keyNode),
          ...message,
          ...(suggestion
            ? { suggestions: [{ titleId: 'renameTo', titleData: { key: suggestion }, edits: [{ ...spanOf(keyNode), newText: JSON.stringify(suggestion) }] }] }
            : {}),
        });
      }
    }
    for (const [node, entry] of misplaced) {
      const path = [entry.section, entry.index];
      context.report({
        path,
        span: spanOf(node),
        messageId: MISPLACED_IN[entry.section]!,
        data: {
          subject: subject(path),
          keys: listOf(entry.keys, 'and'),
          belongsTo: entry.belongsTo,
          own: [...sectionKeys(entry.section)].join('`, `'),
        },
      });
    }
    reportSlackOnlyKeys(context);
  },
});

function reportSlackOnlyKeys(context: RuleContext): void {
  const channels = nodeAt(context.doc.root, ['channels']);
  if (channels?.type !== 'object') return;
  for (const channel of CHANNELS_WITHOUT_APP_TOKEN) {
    const key = keyNodeAt(context.doc.root, ['channels', channel, SLACK_ONLY_KEY]);
    if (key)
      context.report({ path: ['channels', channel, SLACK_ONLY_KEY], span: spanOf(key), messageId: 'slackOnly', data: { channel: `channels.${channel}` } });
  }
}
