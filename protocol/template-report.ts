/**
 * `agentManifest/templateReport`, the request behind the editor's "Validate template repository…":
 * its name, what it is asked with and what it answers, shared by the server that answers it and
 * the extension that asks (types and a name only, so the extension's bundle takes nothing else).
 */
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';

export const TEMPLATE_REPORT_REQUEST = 'agentManifest/templateReport';

export interface TemplateReportParams {
  /** The repository's root folder, a `file:` URI. */
  folder: string;
}

export interface TemplateReportFile {
  uri: string;
  diagnostics: LspDiagnostic[];
}

export interface TemplateReport {
  /** The files with findings: the manifest first, then the others by path. */
  files: TemplateReportFile[];
  errors: number;
  warnings: number;
  /** Information and hints. */
  others: number;
}
