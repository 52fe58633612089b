/** What the library's functions take, apart from the text (types only: the package ships them as they are). */
import type { SeveritySetting } from '../rules/framework/types.js';

/** What a `.manifestlintrc.json` holds, as a value or as its text. */
export interface Config {
  rules?: Record<string, SeveritySetting>;
  ignore?: { rule?: string; path: string }[];
}

export interface LintOptions {
  /** How the manifest is named in results and formatter output (default `manifest.json`). */
  fileName?: string;
  /** The configuration a `.manifestlintrc.json` would give: its object, or its text. */
  config?: Config | string;
  /** Severity overrides by rule id (`off` disables a rule); they win over `config`. */
  rules?: Record<string, SeveritySetting>;
  /** The clock for time-dependent findings (`task-at-past`, next runs): a Date or an ISO time. */
  now?: Date | string;
  /** Check the manifest as a marketplace template submission. */
  template?: boolean;
}
