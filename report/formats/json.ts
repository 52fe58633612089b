import type { Diagnostic, Fix } from '../../rules/index.js';
import type { JsonDiagnostic, JsonEdit, JsonFileResult } from './json-types.js';
import { countDiagnostics, type FileReport } from '../report.js';
import { positions, rangeOf } from './positions.js';

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

/**
 * The findings a JSON result holds, as the formatters take them: `toJsonResults` read back. What
 * it leaves out (the text, the message ids, a template finding's file) stays out.
 */
export function fromJsonResults(results: JsonFileResult[]): { filePath: string; diagnostics: Diagnostic[] }[] {
  const fromJson = ({ title, edits }: { title: string; edits: JsonEdit[] }): Fix => ({
    title,
    edits: edits.map((edit) => ({ range: rangeOf(edit), newText: edit.newText })),
  });
  return results.map((result) => ({
    filePath: result.filePath,
    diagnostics: result.diagnostics.map((entry) => {
      const d: Diagnostic = {
        ruleId: entry.ruleId,
        severity: entry.severity,
        message: entry.message,
        path: entry.path,
        range: rangeOf(entry),
        docsUrl: entry.docsUrl,
      };
      if (entry.fixes) d.fixes = entry.fixes.map(fromJson);
      if (entry.suggestions) d.suggestions = entry.suggestions.map(fromJson);
      return d;
    }),
  }));
}
