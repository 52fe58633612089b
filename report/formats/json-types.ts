/**
 * What `--format json` prints (SPEC section 6), types only: the library's published types use
 * them, so they import nothing but the engine's own types.
 */
import type { Diagnostic } from '../../rules/framework/types.js';

export interface JsonEdit {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  newText: string;
}

export interface JsonDiagnostic {
  ruleId: string;
  severity: Diagnostic['severity'];
  message: string;
  path: Diagnostic['path'];
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  docsUrl: string;
  fixes?: { title: string; edits: JsonEdit[] }[];
  /** Choices and guesses, same shape: never applied by `--fix`. */
  suggestions?: { title: string; edits: JsonEdit[] }[];
}

export interface JsonFileResult {
  filePath: string;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  hintCount: number;
  diagnostics: JsonDiagnostic[];
}
