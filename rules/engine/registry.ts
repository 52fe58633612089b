import { channelTokenEnvUndeclared } from '../catalog/channel-token-env-undeclared.js';
import { channelTokenLiteral } from '../catalog/channel-token-literal.js';
import { duplicateKey } from '../catalog/duplicate-key.js';
import { invalidValue } from '../catalog/invalid-value.js';
import { jsonSyntax } from '../catalog/json-syntax.js';
import { limitExceeded } from '../catalog/limit-exceeded.js';
import { missingProperty } from '../catalog/missing-property.js';
import { routePortReserved } from '../catalog/route-port-reserved.js';
import { skillSourceExclusive } from '../catalog/skill-source-exclusive.js';
import { skillSourceMissing } from '../catalog/skill-source-missing.js';
import { taskIntervalTooShort } from '../catalog/task-interval-too-short.js';
import { typeMismatch } from '../catalog/type-mismatch.js';
import { unknownProperty } from '../catalog/unknown-property.js';
import { unusedIgnore } from '../catalog/unused-ignore.js';
import type { Rule } from './rule.js';
import type { RuleCategory, RuleMeta } from './types.js';

/** Rules that look at a manifest, in the order they run. */
export const RULES: readonly Rule[] = [
  jsonSyntax,
  duplicateKey,
  unknownProperty,
  missingProperty,
  typeMismatch,
  invalidValue,
  limitExceeded,
  routePortReserved,
  skillSourceExclusive,
  skillSourceMissing,
  taskIntervalTooShort,
  channelTokenEnvUndeclared,
  channelTokenLiteral,
];

/** `unused-ignore` looks at the configuration, not at a manifest: it has metadata and no check. */
const CONFIGURATION_RULES: readonly RuleMeta[] = [unusedIgnore];

const CATEGORY_ORDER: readonly RuleCategory[] = [
  'Parsing and schema',
  'Routes and scripts',
  'Skills',
  'Tasks',
  'Model, secrets, channels',
  'Configuration',
  'Template metadata',
];

const ALL: readonly RuleMeta[] = [...RULES.map((rule) => rule.meta), ...CONFIGURATION_RULES].sort(
  (a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category),
);
const BY_ID = new Map(ALL.map((meta) => [meta.id, meta]));

/** Every rule's metadata, grouped by category in the order of the catalog. */
export function listRules(): RuleMeta[] {
  return [...ALL];
}

export function findRule(id: string): RuleMeta | undefined {
  return BY_ID.get(id);
}

export function ruleIds(): string[] {
  return [...BY_ID.keys()];
}

export const COVERED_SCHEMA_PATHS: readonly string[] = RULES.flatMap((rule) => rule.meta.covers ?? []);
