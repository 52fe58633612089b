/**
 * The library: `import { lint, fix, rules, formatters } from 'agent-manifest'`. Pure functions
 * over text (nothing is read or written); configuration comes as a value, not a file.
 */
import { toFileReport } from '../report/report.js';
import { fromJsonResults } from '../report/formats/json.js';
import type { JsonFileResult } from '../report/formats/json-types.js';
import { formatReports } from '../report/formats/output.js';
import {
  applyIgnores,
  docsUrl,
  fixText,
  lint as lintDocument,
  listRules,
  maskFor,
  parseDocument,
  readJsonEscapes,
  ReadingMask,
  type IgnoreEntry,
  type EngineLintOptions,
} from '../rules/index.js';
import { load as loadLanguageService } from './lazy/language-service.js';
import type { LanguageServiceOptions, ManifestLanguageService } from './language-service.js';
// The published types come from the one module that imports nothing, so they stand alone.
import type { Diagnostic, RuleMeta } from '../rules/framework/types.js';

export type { Diagnostic, Fix, JsonPath, Position, Range, RuleMeta, Severity, SeveritySetting, TextEdit } from '../rules/framework/types.js';
export type { LanguageServiceOptions, ManifestLanguageService } from './language-service.js';
export type * from './editor-types.js';
export type { Config, LintOptions, SkillSourceFacts } from './options.js';
export type { JsonDiagnostic, JsonEdit, JsonFileResult } from '../report/formats/json-types.js';
import type { LintOptions } from './options.js';
import { clockOf, configOf } from './read-options.js';

export interface LintResult {
  filePath: string;
  /** The text the findings refer to. */
  text: string;
  /** Sorted by position; messages never show a secret. */
  diagnostics: Diagnostic[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  hintCount: number;
}

export interface FixResult {
  /** The text with every certain fix applied. */
  output: string;
  /** How many findings the fixes resolved. */
  applied: number;
  /** What is left to do by hand, linted on `output`. */
  remaining: Diagnostic[];
  /** What the applied fixes leave to do that the text no longer says (store a token moved out in the vault). */
  afterwards: string[];
}

/**
 * The language server's features as functions over text, for editors that are not LSP clients
 * (see `lib/language-service.ts`). Loaded on first call: `lint` and `fix` never pay for it.
 */
export function createLanguageService(options?: LanguageServiceOptions): ManifestLanguageService {
  return loadLanguageService().createLanguageService(options);
}

/** Lints manifest text. */
export function lint(text: string, options: LintOptions = {}): LintResult {
  const { engineOptions, ignore } = resolve(options);
  const diagnostics = applyIgnores(lintDocument(text, engineOptions).diagnostics, ignore).kept;
  const count = (severity: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === severity).length;
  return {
    filePath: options.fileName ?? 'manifest.json',
    text,
    diagnostics,
    errorCount: count('error'),
    warningCount: count('warning'),
    infoCount: count('info'),
    hintCount: count('hint'),
  };
}

/** Applies every certain fix, as `manifest-lint --fix` does. */
export function fix(text: string, options: LintOptions = {}): FixResult {
  const { engineOptions, ignore } = resolve(options);
  const { output, fixCount, afterwards } = fixText(text, engineOptions, ignore);
  return { output, applied: fixCount, remaining: lint(output, options).diagnostics, afterwards };
}

/** The rule catalog's metadata, with each rule's documentation page. */
export const rules: readonly (RuleMeta & { docsUrl: string })[] = listRules().map((rule) => ({ ...rule, docsUrl: docsUrl(rule.id) }));

/** A result to format: what `lint` returns (only `filePath`, `text` and `diagnostics` are read). */
export type FormatInput = Pick<LintResult, 'filePath' | 'text' | 'diagnostics'>;

/** The CLI's formats the library offers: all but `compact` and `api` (`manifest-lint template`'s). */
const LIBRARY_FORMATS = ['stylish', 'json', 'sarif', 'github', 'gitlab', 'junit', 'checkstyle'] as const;

/** The names of the library's `formatters`. */
export type FormatterName = (typeof LIBRARY_FORMATS)[number];

/**
 * The CLI's output formats, over lint results; secrets in the texts are masked in every one.
 * Paths in the CI formats (`gitlab`, `junit`, `checkstyle`) are relative to the process's working folder.
 */
export const formatters = Object.fromEntries(LIBRARY_FORMATS.map((name) => [name, (results: FormatInput[]) => format(name, results, process.cwd())])) as Record<
  FormatterName,
  (results: FormatInput[]) => string
>;

/**
 * The formats a JSON result holds everything for. The others need what it leaves out: the text
 * (stylish's code frames) or the findings' message ids (gitlab's and junit's fingerprints).
 */
export type JsonFormatterName = 'github' | 'sarif' | 'checkstyle';

/**
 * The results `manifest-lint --format json` printed (or `formatters.json` returned), parsed, in
 * another format: what the CLI prints in that format for the same run, so one run serves several
 * reports. Their texts come masked, and are masked again all the same. Paths are taken as
 * relative to `cwd` (default, the process's working folder): the folder the CLI ran in.
 */
export function formatJsonResults(name: JsonFormatterName, results: JsonFileResult[], options: { cwd?: string } = {}): string {
  // A JSON result has no text, and these formats do not show it.
  return format(
    name,
    fromJsonResults(results).map((result) => ({ ...result, text: '' })),
    options.cwd ?? process.cwd(),
  );
}

function format(name: FormatterName, results: FormatInput[], cwd: string): string {
  // As the CLI's: texts quoted in code frames and fix texts may write secrets with JSON escapes.
  const mask = new ReadingMask(readJsonEscapes);
  // Each text's own mask first, which knows what is public from where it stands (a skill's CID,
  // even mistyped), then the text as written.
  for (const result of results) mask.merge(maskFor(parseDocument(result.text))).learn(result.text);
  const reports = results.map((result) => toFileReport({ displayPath: result.filePath, text: result.text, diagnostics: result.diagnostics }, mask));
  return formatReports(name, reports, mask, { color: false, cwd });
}

function resolve(options: LintOptions): { engineOptions: EngineLintOptions; ignore: IgnoreEntry[] } {
  const config = configOf(options.config);
  const now = clockOf(options.now);
  return {
    engineOptions: {
      rules: { ...config?.rules, ...options.rules },
      ...(now ? { now } : {}),
      ...(options.template ? { template: true } : {}),
      ...(options.skillSources ? { skillSources: options.skillSources } : {}),
    },
    ignore: config?.ignore ?? [],
  };
}
