import type { Severity } from '../../rules/index.js';
import { codeFrame } from '../code-frame.js';
import { painter, type Painter } from '../color.js';
import { hyperlink } from '../hyperlinks.js';
import { countDiagnostics, type Counts, type FileReport, type FormatContext } from '../report.js';
import { safeLine } from '../terminal-text.js';

function severityPaint(paint: Painter, severity: Severity): (text: string) => string {
  switch (severity) {
    case 'error':
      return paint.red;
    case 'warning':
      return paint.yellow;
    case 'info':
      return paint.blue;
    default:
      return paint.gray;
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * The default, human format: per file a header, then per finding
 * `line:col  severity  message  ruleId` and a code frame; a summary at the end.
 */
export function formatStylish(reports: FileReport[], context: FormatContext): string {
  const paint = painter(context.color);
  const out: string[] = [];
  const total: Counts = { error: 0, warning: 0, info: 0, hint: 0, fixable: 0 };

  for (const report of reports) {
    if (report.diagnostics.length === 0) continue;
    const counts = countDiagnostics(report.diagnostics);
    for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += counts[key];

    out.push(paint.underline(safeLine(report.filePath)));
    const positions = report.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`);
    const positionWidth = Math.max(...positions.map((p) => p.length));
    const severityWidth = Math.max(...report.diagnostics.map((d) => d.severity.length));
    report.diagnostics.forEach((diagnostic, index) => {
      const mark = severityPaint(paint, diagnostic.severity);
      const position = (positions[index] as string).padEnd(positionWidth);
      const severity = mark(diagnostic.severity.padEnd(severityWidth));
      const ruleId = context.hyperlinks ? hyperlink(diagnostic.docsUrl, diagnostic.ruleId) : diagnostic.ruleId;
      out.push(`  ${paint.gray(position)}  ${severity}  ${safeLine(diagnostic.message)}  ${paint.gray(ruleId)}`);
      if (report.codeFrames !== false) out.push(...codeFrame(report, diagnostic.range, paint, mark));
      for (const suggestion of diagnostic.suggestions ?? [])
        out.push(`  ${' '.repeat(positionWidth)}  ${paint.gray(`suggestion: ${safeLine(suggestion.title)}`)}`);
    });
    out.push('');
  }

  const problems = total.error + total.warning + total.info + total.hint;
  if (problems === 0) return '';
  const summary =
    `✖ ${plural(problems, 'problem')} (${plural(total.error, 'error')}, ${plural(total.warning, 'warning')}, ` +
    `${plural(total.info, 'info')}, ${plural(total.hint, 'hint')})`;
  const summaryPaint = total.error > 0 ? paint.red : total.warning > 0 ? paint.yellow : paint.blue;
  out.push(paint.bold(summaryPaint(summary)));
  if (total.fixable > 0) {
    const verb = total.fixable === 1 ? 'is' : 'are';
    out.push(summaryPaint(`  ${plural(total.fixable, 'problem')} ${verb} fixable with the \`--fix\` option.`));
  }
  return `${out.join('\n')}\n`;
}
