import type { Severity } from '../../rules/index.js';
import type { FileReport } from '../report.js';

const COMMAND: Record<Severity, string> = {
  error: 'error',
  warning: 'warning',
  info: 'notice',
  hint: 'notice',
};

/** Escapes the message part of a workflow command. */
export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value of a workflow command (`,` and `:` separate properties). */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** GitHub Actions workflow commands, which show as annotations on the pull request. */
export function formatGithub(reports: FileReport[]): string {
  let out = '';
  for (const report of reports) {
    const file = escapeProperty(report.filePath);
    for (const d of report.diagnostics) {
      const { start, end } = d.range;
      const properties = [
        `file=${file}`,
        `line=${start.line + 1}`,
        `col=${start.character + 1}`,
        `endLine=${end.line + 1}`,
        `endColumn=${end.character + 1}`,
        `title=${escapeProperty(d.ruleId)}`,
      ].join(',');
      out += `::${COMMAND[d.severity]} ${properties}::${escapeData(d.message)}\n`;
    }
  }
  return out;
}
