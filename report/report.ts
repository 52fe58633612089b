import { LineIndex, maskDiagnostic, type Diagnostic, type SecretMask, type Severity } from '../rules/index.js';

/** What standard input is called when `--stdin-filename` gives it no name. */
export const STDIN_NAME = '<stdin>';

/** One linted file as every output format sees it. */
export interface FileReport {
  /** As given on the command line (or found under a folder), `--stdin-filename`, or `<stdin>`. */
  filePath: string;
  /** The text the findings refer to (after `--fix`, the fixed text). */
  text: string;
  lines: LineIndex;
  /** Already filtered (`--quiet`, ignores) and with secrets masked in every string. */
  diagnostics: Diagnostic[];
  /** The run's secrets: code frames hide them in `text` (see `codeFrame`). */
  mask: SecretMask;
  /**
   * `false` for a file whose text is not shown: another file of a template repository (`.env`,
   * a key), which may hold secrets the engine never masks.
   */
  codeFrames?: boolean;
  /** Template mode: the file's path in the repository (`manifest.json`, `README.md`…). */
  repositoryPath?: string;
}

/** Template mode, `--format api`: what the platform's validation response holds besides errors. */
export interface TemplateFacts {
  /** The parsed manifest with literal channel tokens masked; null when absent or not strict JSON. */
  manifest: unknown;
  readme: string | null;
  /** The files under `workspace/`, repository-relative. */
  files: { path: string; size: number }[];
}

export interface FormatContext {
  color: boolean;
  /** The stylish format links each rule id to its page (OSC 8), where the terminal draws such links. */
  hyperlinks?: boolean;
  cwd: string;
  version: string;
  /** Where people learn about the tool (SARIF `tool.driver.informationUri`). */
  informationUri: string;
  /** Template mode, `--format api` only. */
  template?: TemplateFacts;
}

export type Formatter = (reports: FileReport[], context: FormatContext) => string;

export interface Counts {
  error: number;
  warning: number;
  info: number;
  hint: number;
  fixable: number;
}

export function countDiagnostics(diagnostics: readonly Diagnostic[]): Counts {
  const counts: Counts = { error: 0, warning: 0, info: 0, hint: 0, fixable: 0 };
  for (const d of diagnostics) {
    counts[d.severity satisfies Severity] += 1;
    if (d.fixes?.length === 1) counts.fixable += 1;
  }
  return counts;
}

/** A linted file before masking: its name as shown, its text and its findings. */
export interface LintedFile {
  displayPath: string;
  text: string;
  diagnostics: Diagnostic[];
  /** Template mode: the file's path in the repository. */
  repositoryPath?: string;
  /** Another file of a template repository: listed only for its own findings, without code frames. */
  isOther?: boolean;
}

/** A linted file as the formatters take it: findings masked with the run's secrets, file name too. */
export function toFileReport(entry: LintedFile, mask: SecretMask): FileReport {
  return new MaskedFileReport(entry, mask);
}

/**
 * Its name masked and its lines indexed when a format first reads them: most files of a large
 * run have no findings, and the formats that list only findings never read either.
 */
class MaskedFileReport implements FileReport {
  readonly text: string;
  readonly diagnostics: Diagnostic[];
  readonly codeFrames?: boolean;
  readonly repositoryPath?: string;
  #displayPath: string;
  #filePath: string | undefined;
  #lines: LineIndex | undefined;

  constructor(
    entry: LintedFile,
    readonly mask: SecretMask,
  ) {
    this.#displayPath = entry.displayPath;
    this.text = entry.text;
    this.diagnostics = entry.diagnostics.map((d) => maskDiagnostic(d, mask, { fixTexts: true }));
    if (entry.isOther) this.codeFrames = false;
    if (entry.repositoryPath !== undefined) this.repositoryPath = entry.repositoryPath;
  }

  get filePath(): string {
    return (this.#filePath ??= this.mask.mask(this.#displayPath));
  }

  get lines(): LineIndex {
    return (this.#lines ??= new LineIndex(this.text));
  }
}
