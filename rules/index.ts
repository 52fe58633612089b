/**
 * The engine's public API: pure functions from manifest text to diagnostics and fixes. Here the
 * framework (rules/framework/) meets the catalog (rules/catalog/): the framework knows no rule,
 * and every function below that runs rules runs the catalog's.
 */
import { COVERED_SCHEMA_PATHS, findRule, mergedInto, RULES, ruleIds } from './catalog/index.js';
import { parseConfigWith, type ConfigProblem, type IgnoreEntry, type LintConfig } from './framework/config.js';
import type { ParsedDocument } from './framework/document.js';
import { fixTextWith, type FixTextResult } from './framework/fix.js';
import { lintStepsWith, lintWith, type RuleSet } from './framework/lint.js';
import type { EngineLintOptions, EngineLintResult } from './framework/options.js';

export * from './framework/types.js';
export type { EngineLintOptions, EngineLintResult } from './framework/options.js';
export type { DefinedRuleMeta } from './framework/rule.js';
export { runToEnd, INTERNAL_ERROR, MAX_FINDINGS_PER_RULE, MAX_FINDINGS_PER_FILE } from './framework/lint.js';
export type { FixTextResult } from './framework/fix.js';
export { listRules, findRule } from './catalog/index.js';
export { reportUnusedIgnores } from './catalog/unused-ignore.js';

const CATALOG: RuleSet = { rules: RULES, coveredSchemaPaths: COVERED_SCHEMA_PATHS };

/** Lints manifest text, or a document already parsed with `parseDocument`. */
export function lint(input: string | ParsedDocument, options: EngineLintOptions = {}): EngineLintResult {
  return lintWith(CATALOG, input, options);
}

/** `lint` in steps, pausing after parsing, the schema check and each rule (see `lintStepsWith`). */
export function lintSteps(input: string | ParsedDocument, options: EngineLintOptions = {}): Generator<void, EngineLintResult> {
  return lintStepsWith(CATALOG, input, options);
}

/** Applies every certain fix, pass after pass, leaving what `ignore` entries silence alone. */
export function fixText(text: string, options: EngineLintOptions = {}, ignore: readonly IgnoreEntry[] = []): FixTextResult {
  return fixTextWith(lint, text, options, ignore);
}

/** Reads `.manifestlintrc.json` text, checking the rule ids it names against the catalog. */
export function parseConfig(text: string): { config: LintConfig; problems: ConfigProblem[] } {
  return parseConfigWith({ findRule, ruleIds, mergedInto }, text);
}

export { docsUrl, SCHEMA_URL } from './framework/links.js';
export { applyIgnores, toPointer, type LintConfig, type IgnoreEntry, type ConfigProblem } from './framework/config.js';
export { LineIndex } from './framework/line-index.js';
export { decodeUtf8, type DecodedText, type InvalidEncoding } from './framework/encoding.js';
export { maskSecret, maskFor, maskDiagnostic, SecretMask, type MaskSnapshot } from './framework/masking.js';
export { ReadingMask } from './framework/reading-mask.js';
export { readJsonEscapes, readMarkupEscapes, type Reading } from './framework/escapes.js';
export { findSecrets, type SecretSpan } from './framework/secret-detector.js';
export { knownTimeZones } from './analyzers/time-zones.js';
export { parseDocument, nodeAt, type ParsedDocument } from './framework/document.js';
export { AGENT_MANIFEST_KEYS, declaresManifestSchema, rootKeys, whyNotAgentManifest, type RootKeys } from './framework/foreign.js';
export { ENV_NAME } from './analyzers/secrets.js';
export { cronSchedules, intervalShorthands, type CronSchedule, type IntervalShorthand } from './analyzers/tasks.js';
export { formRewrites } from './analyzers/accepted-forms.js';
export { describeCid, type CidDescription } from './analyzers/cid.js';
export { comparePin, describeCidsNow, pinnedSkills, type PinComparison, type PinnedSkill, type SkillSourceFacts } from './analyzers/skill-pins.js';
export { CID_PROFILES, DEFAULT_CID_PROFILE, isCidProfile, profilesOfPinnedCid, profilesToCompare, type CidProfile } from './analyzers/cid-profiles.js';
export {
  secretDeclarations,
  envReferences,
  channelKeys,
  deliveryChannels,
  nameAt,
  type SecretDeclaration,
  type EnvReference,
  type NameAt,
} from './analyzers/references.js';
export { explainSchedule, humanDuration, formatRunTime, type ScheduleExplanation } from './analyzers/schedule.js';
export {
  repositoryIndex,
  symlinkEscapes,
  MANIFEST_FILE,
  README_FILE,
  CONTENT_FILES_GLOB,
  WORKSPACE_FOLDER,
  SKILLS_FOLDER,
  type RepositoryFacts,
  type RepositoryFile,
  type RepositorySymlink,
} from './analyzers/repository.js';
export { wantsContent, MAX_SECRET_FILE_BYTES, SECRET_FILE_GLOBS } from './analyzers/secret-files.js';
