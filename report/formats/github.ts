import type { Severity } from '../../rules/index.js';
import type { FileReport } from '../report.js';
import { visibleControl } from '../terminal-text.js';

const COMMAND: Record<Severity, string> = {
  error: 'error',
  warning: 'warning',
  info: 'notice',
  hint: 'notice',
};

/** Controls a log viewer would interpret, besides the line breaks the runner unescapes itself. */
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]|\p{Cs}/gu;

/**
 * Escapes the message part of a workflow command: `%` and line breaks as the runner expects, and
 * other controls (from keys and values of the manifest) shown as visible stand-ins.
 */
export function escapeData(value: string): string {
  return value
    .replace(CONTROL, (char) => visibleControl(char.codePointAt(0)!) ?? char)
    .replace(/%/g, '%25')
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A');
}

/** Escapes a property value of a workflow command (`,` and `:` separate properties). */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** GitHub Actions workflow commands, which show as annotations on the pull request. */
export function formatGithub(reports: FileReport[]): string {
  let out = '';
  for (const report of reports) {
    // A file with no finding shows nothing; its name is masked only when read.
    if (report.diagnostics.length === 0) continue;
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
