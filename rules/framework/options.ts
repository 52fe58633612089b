/** What `lint` takes and gives besides the shapes of `types.ts`. */
import type { InvalidEncoding } from './encoding.js';
import type { SecretMask } from './masking.js';
import type { RepositoryFacts } from './repository-facts.js';
import type { SkillSourceFacts } from './skill-source-facts.js';
import type { Diagnostic, SeveritySetting } from './types.js';

export interface EngineLintOptions {
  /** Severity overrides by rule id; `off` disables a rule. */
  rules?: Record<string, SeveritySetting>;
  /** The clock for every time-dependent result. Defaults to the current time. */
  now?: Date;
  /**
   * Template mode (`manifest-lint template`): the manifest is checked as a marketplace template
   * submission, so template metadata is required rather than ignored.
   */
  template?: boolean;
  /**
   * Whether the manifest lies at the root of a template repository (`README.md` and a
   * `workspace/` folder beside it), when the adapter knows: there `template` is what the
   * marketplace reads, so a plain lint does not call it ignored.
   */
  inTemplateRepository?: boolean;
  /**
   * Template mode: facts about the repository the manifest belongs to, gathered outside the
   * engine. The template-repository rules run only when they are given.
   */
  repository?: RepositoryFacts;
  /**
   * Facts about the local source folders of skills pinned by `cid`, by skill name, gathered
   * outside the engine (the folder and the CIDs it has now). `skill-cid-stale` runs only on
   * the skills they name.
   */
  skillSources?: Readonly<Record<string, SkillSourceFacts>>;
  /** Where the bytes the text was decoded from stop being UTF-8 (see `decodeUtf8`). */
  encoding?: InvalidEncoding;
}

export interface EngineLintResult {
  diagnostics: Diagnostic[];
  /**
   * The secrets of the text, to mask anything shown besides the diagnostics (code frames, fix
   * texts, a diff). The diagnostics' messages and fix titles are already masked.
   */
  readonly mask: SecretMask;
  /**
   * The same mask as a function that makes it when called, holding what it is made from rather
   * than the document: for `SecretMask.mergeLater`, when a run may show nothing of it.
   */
  readonly maskSource: () => SecretMask;
}
