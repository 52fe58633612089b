import type { FileReport } from '../report.js';
import { safeLine } from '../terminal-text.js';

/** One line per finding: `file:line:column: severity ruleId message`. */
export function formatCompact(reports: FileReport[]): string {
  let out = '';
  for (const report of reports) {
    // A file with no finding shows nothing; its name is masked only when read.
    if (report.diagnostics.length === 0) continue;
    const file = safeLine(report.filePath);
    for (const d of report.diagnostics) {
      out += `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.ruleId} ${safeLine(d.message)}\n`;
    }
  }
  return out;
}
