import type { Diagnostic, Fix } from '../../rules/index.js';
import { countDiagnostics, type FileReport } from '../report.js';
import { positions } from './positions.js';

interface JsonEdit {
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

export function toJsonResults(reports: FileReport[]): JsonFileResult[] {
  return reports.map((report) => {
    const counts = countDiagnostics(report.diagnostics);
    return {
      filePath: report.filePath,
      errorCount: counts.error,
      warningCount: counts.warning,
      infoCount: counts.info,
      hintCount: counts.hint,
      diagnostics: report.diagnostics.map((d) => {
        const entry: JsonDiagnostic = {
          ruleId: d.ruleId,
          severity: d.severity,
          message: d.message,
          path: d.path,
          ...positions(d.range),
          docsUrl: d.docsUrl,
        };
        const toJson = (fix: Fix) => ({ title: fix.title, edits: fix.edits.map((edit) => ({ ...positions(edit.range), newText: edit.newText })) });
        if (d.fixes && d.fixes.length > 0) entry.fixes = d.fixes.map(toJson);
        if (d.suggestions && d.suggestions.length > 0) entry.suggestions = d.suggestions.map(toJson);
        return entry;
      }),
    };
  });
}

/** One JSON array, one entry per file (SPEC section 6). */
export function formatJson(reports: FileReport[]): string {
  return `${JSON.stringify(toJsonResults(reports))}\n`;
}
