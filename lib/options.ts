/** What the library's functions take, apart from the text (types only: the package ships them as they are). */
import type { SeveritySetting } from '../rules/framework/types.js';

import type { SkillSourceFacts } from '../rules/framework/skill-source-facts.js';

/** A skill's local source folder and the CIDs it has now, by upload profile: the engine's own type. */
export type { SkillSourceFacts };

/** What a `.manifestlintrc.json` holds, as a value or as its text. */
export interface Config {
  rules?: Record<string, SeveritySetting>;
  ignore?: { rule?: string; path: string }[];
  /** Skill name to local source folder; the CLI and the language server read them, the library reads no file. */
  skillSources?: Record<string, string>;
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
  /**
   * The local source folders of skills pinned by `cid` and the CIDs they have now, by skill name
   * (`skill-cid-stale` compares the pins with them). The library reads no file: without them the
   * rule is silent.
   */
  skillSources?: Record<string, SkillSourceFacts>;
}
