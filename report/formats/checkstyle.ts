import type { Severity } from '../../rules/index.js';
import type { FileReport, FormatContext } from '../report.js';
import { positions } from './positions.js';
import { reportPath } from './report-path.js';
import { XML_DECLARATION, xmlAttributes } from './xml.js';

type CheckstyleSeverity = 'error' | 'warning' | 'info';

/** Checkstyle has no hints: they are `info`, as information is. */
const SEVERITY: Record<Severity, CheckstyleSeverity> = { error: 'error', warning: 'warning', info: 'info', hint: 'info' };

/**
 * The version of the Checkstyle format that other linters' Checkstyle reports declare (ESLint's,
 * ShellCheck's…); readers take it as the format's, since this is not Checkstyle itself.
 */
const FORMAT_VERSION = '4.3';

/**
 * Checkstyle XML, which Jenkins (Warnings), SonarQube, reviewdog and other tools read: a `file`
 * per linted file (also one without findings, as Checkstyle lists every file it checked) holding
 * an `error` per finding, with the rule id as its `source`.
 */
export function formatCheckstyle(reports: FileReport[], context: FormatContext): string {
  const files = reports.map((report) => {
    const errors = report.diagnostics.map((d) => {
      const { line, column } = positions(d.range);
      return `    <error${xmlAttributes({ line, column, severity: SEVERITY[d.severity], message: d.message, source: d.ruleId })}/>\n`;
    });
    const name = xmlAttributes({ name: reportPath(report, context.cwd) });
    return errors.length === 0 ? `  <file${name}/>\n` : `  <file${name}>\n${errors.join('')}  </file>\n`;
  });
  return `${XML_DECLARATION}<checkstyle${xmlAttributes({ version: FORMAT_VERSION })}>\n${files.join('')}</checkstyle>\n`;
}
