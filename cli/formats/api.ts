import type { FileReport, FormatContext } from '../report.js';
import { oneLine } from '../errors.js';

/**
 * `manifest-lint template --format api`: the response of the platform's template validator
 * (`POST /v0/templates/validate`, SPEC section 7): `{ valid, errors, manifest, readme, files }`.
 * `errors` holds one line per error-severity finding, `<file>:<line>:<column> <ruleId> <message>`,
 * with repository-relative files and 1-based positions.
 */
export function formatApi(reports: FileReport[], context: FormatContext): string {
  const errors = reports.flatMap((report) =>
    report.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${report.repositoryPath ?? report.filePath}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId} ${oneLine(d.message)}`),
  );
  const response = {
    valid: errors.length === 0,
    errors,
    manifest: context.template?.manifest ?? null,
    readme: context.template?.readme ?? null,
    files: context.template?.files ?? [],
  };
  return `${JSON.stringify(response, null, 2)}\n`;
}
