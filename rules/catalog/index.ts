import { modelSecretsChannelsRules } from './groups/model-secrets-channels.js';
import { parsingAndSchemaRules } from './groups/parsing-and-schema.js';
import { routesAndScriptsRules } from './groups/routes-and-scripts.js';
import { skillsRules } from './groups/skills.js';
import { tasksRules } from './groups/tasks.js';
import { templateMetadataRules } from './groups/template-metadata.js';
import { templateRepositoryRules } from './groups/template-repository.js';
import { unusedIgnore } from './unused-ignore.js';
import type { DefinedRuleMeta, Rule } from '../framework/rule.js';
import type { RuleCategory } from '../framework/types.js';

/** Rules that look at a manifest, in the order they run: one group per catalog category. */
export const RULES: readonly Rule[] = [
  ...parsingAndSchemaRules,
  ...routesAndScriptsRules,
  ...skillsRules,
  ...tasksRules,
  ...modelSecretsChannelsRules,
  ...templateMetadataRules,
  ...templateRepositoryRules,
];

/** `unused-ignore` looks at the configuration, not at a manifest: it has metadata and no check. */
const CONFIGURATION_RULES: readonly DefinedRuleMeta[] = [unusedIgnore];

const CATEGORY_ORDER: readonly RuleCategory[] = [
  'Parsing and schema',
  'Routes and scripts',
  'Skills',
  'Tasks',
  'Model, secrets, channels',
  'Configuration',
  'Template metadata',
  'Template repository',
];

const ALL: readonly DefinedRuleMeta[] = [...RULES.map((rule) => rule.meta), ...CONFIGURATION_RULES].sort(
  (a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category),
);
const BY_ID = new Map(ALL.map((meta) => [meta.id, meta]));

/** Every rule's metadata, grouped by category in the order of the catalog. */
export function listRules(): DefinedRuleMeta[] {
  return [...ALL];
}

export function findRule(id: string): DefinedRuleMeta | undefined {
  return BY_ID.get(id);
}

/** Rules merged into another, by old id: a configuration naming one is told where it went. */
const MERGED_RULES: Readonly<Record<string, string>> = {
  'template-author-missing': 'template-author-field',
};

export function mergedInto(id: string): string | undefined {
  return Object.hasOwn(MERGED_RULES, id) ? MERGED_RULES[id] : undefined;
}

export function ruleIds(): string[] {
  return [...BY_ID.keys()];
}

export const COVERED_SCHEMA_PATHS: readonly string[] = RULES.flatMap((rule) => rule.meta.covers ?? []);
