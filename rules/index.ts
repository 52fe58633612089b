/** The engine's public API: pure functions from manifest text to diagnostics and fixes. */
export * from './engine/types.js';
export { lint } from './engine/lint.js';
export { fixText, type FixTextResult } from './engine/fix.js';
export { listRules, findRule } from './engine/registry.js';
export { docsUrl, SCHEMA_URL } from './engine/links.js';
export {
  parseConfig,
  applyIgnores,
  reportUnusedIgnores,
  type LintConfig,
  type IgnoreEntry,
  type ConfigProblem,
} from './engine/config.js';
export { LineIndex } from './engine/line-index.js';
export { maskSecret } from './engine/channel-tokens.js';
