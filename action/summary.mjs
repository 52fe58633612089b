// The job summary: a Markdown table of findings, built from `manifest-lint --format json`, whose
// messages the tool has already masked. Messages quote keys and values from manifests that anyone
// can propose in a pull request, so nothing in them may turn into Markdown or HTML: text is escaped
// character by character, and only the tool's own `code` spans are kept.

/** GitHub refuses a step summary over 1 MiB; a table this long is not read anyway. */
const MAX_ROWS = 500;

const SEVERITIES = ['error', 'warning', 'info', 'hint'];

/** Controls and bidirectional overrides, which could hide or reorder what a reader sees. */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(text) {
  return text.replace(/\r\n|\r|\n/g, ' ').replace(INVISIBLE, '\ufffd');
}

/**
 * The findings of every file, counted by severity.
 * @param {Array<{ errorCount: number, warningCount: number, infoCount: number, hintCount: number }>} results
 */
export function totals(results) {
  const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
  return { errors: total('errorCount'), warnings: total('warningCount'), infos: total('infoCount'), hints: total('hintCount') };
}

/**
 * Plain text in a table cell: a backslash before each character that means something inline —
 * emphasis, code, links and images, HTML and entities, the cell's `|`, strikethrough, math.
 */
export function escapeText(text) {
  return visible(text).replace(/[\\`*_{}[\]()<>!|~&$]/g, '\\$&');
}

/**
 * A message with its `code` spans kept: the text between them is escaped, and inside them only the
 * table's `|` needs it (GitHub's tables take `\|` within code spans too). Unbalanced or empty spans
 * are not the tool's formatting, so such a message is escaped as plain text.
 */
export function messageCell(message) {
  const parts = visible(message).split('`');
  const spansAreWhole = parts.length % 2 === 1 && parts.every((part, index) => index % 2 === 0 || part.length > 0);
  if (!spansAreWhole) return escapeText(message);
  return parts.map((part, index) => (index % 2 === 0 ? escapeText(part) : `\`${part.replace(/\|/g, '\\|')}\``)).join('');
}

export function plural(count, word) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Only links the tool makes itself: https URLs with nothing Markdown would read. */
function ruleCell(ruleId, docsUrl) {
  const id = `\`${ruleId.replace(/[`|]/g, '')}\``;
  return typeof docsUrl === 'string' && /^https:\/\/[^\s()<>`|\\]+$/.test(docsUrl) ? `[${id}](${docsUrl})` : id;
}

/**
 * The summary of one run: a heading, the counts, and one row per finding (file, line, severity,
 * rule, message), at most `maxRows`. `checked` names what was checked ("2 manifests").
 * @param {Array<{ filePath: string, errorCount: number, warningCount: number, infoCount: number, hintCount: number, diagnostics: Array<{ ruleId: string, severity: string, message: string, line: number, docsUrl?: string }> }>} results
 * @param {{ title: string, checked: string, maxRows?: number }} options
 */
export function summaryMarkdown(results, { title, checked, maxRows = MAX_ROWS }) {
  const { errors, warnings, infos, hints } = totals(results);
  const counts = [plural(errors, 'error'), plural(warnings, 'warning'), plural(infos, 'info'), plural(hints, 'hint')].join(', ');
  const rows = results.flatMap((result) => result.diagnostics.map((diagnostic) => ({ file: result.filePath, ...diagnostic })));
  let out = `### ${escapeText(title)}\n\n`;
  if (rows.length === 0) return `${out}No problems in ${checked}.\n`;
  out += `${counts} in ${checked}.\n\n`;
  out += '| File | Line | Severity | Rule | Message |\n| --- | ---: | --- | --- | --- |\n';
  for (const row of rows.slice(0, maxRows)) {
    const severity = SEVERITIES.includes(row.severity) ? row.severity : escapeText(String(row.severity));
    out += `| ${escapeText(row.file)} | ${Number(row.line)} | ${severity} | ${ruleCell(row.ruleId, row.docsUrl)} | ${messageCell(row.message)} |\n`;
  }
  if (rows.length > maxRows) out += `\n…and ${rows.length - maxRows} more, not listed here (a \`sarif-file\` holds them all).\n`;
  return out;
}

/** The summary when the tool could not check at all (exit code 2): its own one-line message. */
export function failureMarkdown(title, message) {
  return `### ${escapeText(title)}\n\nmanifest-lint could not check: ${escapeText(message.trim() || 'no message')}\n`;
}
