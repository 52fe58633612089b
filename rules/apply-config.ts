import {
  applyIgnores,
  fixText,
  lint,
  lintSteps,
  type Diagnostic,
  type FixTextResult,
  type IgnoreEntry,
  type InvalidEncoding,
  type EngineLintOptions,
  type EngineLintResult,
  type ParsedDocument,
  type RepositoryFacts,
  type SecretMask,
  type SeveritySetting,
  type SkillSourceFacts,
} from './index.js';

/** A configuration file as read (by io/config-files.ts): where it is, its text, what it says. */
export interface ConfigFile {
  absPath: string;
  text: string;
  rules: Record<string, SeveritySetting>;
  ignore: IgnoreEntry[];
  /** `skillSources`: skill name to folder, relative to the config file's folder, as written. */
  skillSources?: Record<string, string> | undefined;
}

/** What decides the findings of one manifest besides its text. */
export interface ManifestSettings {
  /** The config file that applies, if any. */
  config?: ConfigFile | undefined;
  /** Severity overrides that win over the config file: CLI `--rule` flags or editor settings. */
  overrides?: Record<string, SeveritySetting>;
  now?: Date | undefined;
  template?: boolean;
  /** Whether the manifest lies at the root of a template repository, when the adapter knows. */
  inTemplateRepository?: boolean | undefined;
  /** Template mode: facts about the repository (read by io/template-repository.ts). */
  repository?: RepositoryFacts | undefined;
  /** The first invalid UTF-8 byte of the file the manifest was read from. */
  encoding?: InvalidEncoding | undefined;
  /** The local source folders of skills pinned by `cid`, found and hashed by the adapter. */
  skillSources?: Readonly<Record<string, SkillSourceFacts>> | undefined;
}

/** Engine options: the config file's severities, then the overrides on top. */
export function lintOptionsFor(settings: ManifestSettings): EngineLintOptions {
  const options: EngineLintOptions = { rules: { ...settings.config?.rules, ...settings.overrides } };
  if (settings.now !== undefined) options.now = settings.now;
  if (settings.template) options.template = true;
  if (settings.template && settings.repository) options.repository = settings.repository;
  if (settings.inTemplateRepository !== undefined) options.inTemplateRepository = settings.inTemplateRepository;
  if (settings.encoding) options.encoding = settings.encoding;
  if (settings.skillSources) options.skillSources = settings.skillSources;
  return options;
}

export interface ManifestLint {
  /** Findings left after the config file's `ignore` entries. */
  diagnostics: Diagnostic[];
  /** The ignore entries that silenced at least one finding. */
  matched: Set<IgnoreEntry>;
  /** The manifest's secrets, to mask whatever else is shown of it. */
  readonly mask: SecretMask;
  /** The same, made when first needed (see `EngineLintResult.maskSource`). */
  readonly maskSource: () => SecretMask;
}

/** Lints a manifest with its settings applied: severities, then ignore entries. */
export function lintManifest(input: string | ParsedDocument, settings: ManifestSettings): ManifestLint {
  return withIgnores(lint(input, lintOptionsFor(settings)), settings);
}

/** `lintManifest` in the engine's steps (see `lintSteps`), for hosts that interleave it. */
export function* lintManifestSteps(input: string | ParsedDocument, settings: ManifestSettings): Generator<void, ManifestLint> {
  return withIgnores(yield* lintSteps(input, lintOptionsFor(settings)), settings);
}

function withIgnores(result: EngineLintResult, settings: ManifestSettings): ManifestLint {
  const ignore = settings.config?.ignore ?? [];
  const { kept, matched } = ignore.length === 0 ? { kept: result.diagnostics, matched: new Set<IgnoreEntry>() } : applyIgnores(result.diagnostics, ignore);
  return new ManifestLintResult(kept, matched, result);
}

/**
 * Learning the secrets reads the whole text: only outputs that show more than messages need it,
 * so the mask is the lint's own, asked for on first use (a class: see `Document` in document.ts).
 */
class ManifestLintResult implements ManifestLint {
  readonly #lint: EngineLintResult;

  constructor(
    readonly diagnostics: Diagnostic[],
    readonly matched: Set<IgnoreEntry>,
    lint: EngineLintResult,
  ) {
    this.#lint = lint;
  }

  get mask(): SecretMask {
    return this.#lint.mask;
  }

  get maskSource(): () => SecretMask {
    return this.#lint.maskSource;
  }
}

/** Applies every safe fix, leaving the findings that ignore entries silence alone. */
export function fixManifest(text: string, settings: ManifestSettings): FixTextResult {
  return fixText(text, lintOptionsFor(settings), settings.config?.ignore ?? []);
}
