/** The engine's public API: pure functions from manifest text to diagnostics and fixes. */
export * from './engine/types.js';
export type { LintOptions, LintResult } from './engine/options.js';
export { lint, lintSteps, runToEnd, INTERNAL_ERROR, MAX_FINDINGS_PER_RULE, MAX_FINDINGS_PER_FILE } from './engine/lint.js';
export { fixText, type FixTextResult } from './engine/fix.js';
export { listRules, findRule } from './engine/registry.js';
export { docsUrl, SCHEMA_URL } from './engine/links.js';
export {
  parseConfig,
  applyIgnores,
  toPointer,
  reportUnusedIgnores,
  type LintConfig,
  type IgnoreEntry,
  type ConfigProblem,
} from './engine/config.js';
export { LineIndex } from './engine/line-index.js';
export { decodeUtf8, type DecodedText, type InvalidEncoding } from './engine/encoding.js';
export { maskSecret, maskFor, maskDiagnostic, SecretMask } from './engine/masking.js';
export { findSecrets, type SecretSpan } from './engine/secret-detector.js';
export { knownTimeZones } from './engine/time-zones.js';
export { parseDocument, nodeAt, type ParsedDocument } from './engine/document.js';
export { foreignManifestKind, rootKeys, type RootKeys } from './engine/foreign.js';
export { ENV_NAME } from './engine/secrets.js';
export { cronSchedules, type CronSchedule } from './engine/tasks.js';
export { describeCid, type CidDescription } from './engine/cid.js';
export {
  secretDeclarations,
  envReferences,
  channelKeys,
  deliveryChannels,
  nameAt,
  type SecretDeclaration,
  type EnvReference,
  type NameAt,
} from './engine/references.js';
export { explainSchedule, humanDuration, formatRunTime, type ScheduleExplanation } from './engine/schedule.js';
export {
  repositoryIndex,
  symlinkEscapes,
  MANIFEST_FILE,
  README_FILE,
  WORKSPACE_FOLDER,
  SKILLS_FOLDER,
  type RepositoryFacts,
  type RepositoryFile,
  type RepositorySymlink,
} from './engine/repository.js';
export { wantsContent, MAX_SECRET_FILE_BYTES } from './engine/secret-files.js';
