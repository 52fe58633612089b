import type { Diagnostic } from '../../rules/index.js';
import type { FileReport, FormatContext, TemplateFacts } from '../report.js';
import { oneLine } from '../terminal-text.js';

/** The platform template validator's response (`POST /v0/templates/validate`, SPEC section 7). */
export interface ApiResponse extends TemplateFacts {
  valid: boolean;
  errors: string[];
}

/**
 * `manifest-lint template --format api`: the response of the platform's template validator,
 * `{ valid, errors, manifest, readme, files }`.
 */
export function formatApi(reports: FileReport[], context: FormatContext): string {
  return `${JSON.stringify(apiResponse(reports, context.template), null, 2)}\n`;
}

/** `errors` holds one line per error-severity finding (see `apiErrorLine`). */
export function apiResponse(reports: FileReport[], template: TemplateFacts | undefined): ApiResponse {
  const errors = reports.flatMap((report) => report.diagnostics.filter((d) => d.severity === 'error').map((d) => apiErrorLine(report, d)));
  return {
    valid: errors.length === 0,
    errors,
    manifest: template?.manifest ?? null,
    readme: template?.readme ?? null,
    files: template?.files ?? [],
  };
}

/** `<file>:<line>:<column> <ruleId> <message>`, the file repository-relative, positions 1-based. */
export function apiErrorLine(report: FileReport, d: Diagnostic): string {
  return `${apiLocation(report, d)} ${d.ruleId} ${oneLine(d.message)}`;
}

/** `<file>:<line>:<column>`, as `apiErrorLine` starts. */
export function apiLocation(report: FileReport, d: Diagnostic): string {
  return `${report.repositoryPath ?? report.filePath}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
}
