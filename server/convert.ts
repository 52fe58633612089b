import { DiagnosticSeverity, DiagnosticTag, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Fix, Severity } from '../rules/index.js';

/** `source` of every diagnostic the server publishes. */
export const SOURCE = 'agent-manifest';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What a published diagnostic carries for quick fixes. */
export interface DiagnosticData {
  fixes: Fix[];
}

/** An engine finding as an LSP diagnostic: rule id as code, docs link, fixes in `data`. */
export function toLspDiagnostic(diagnostic: Diagnostic): LspDiagnostic {
  const result: LspDiagnostic = {
    range: diagnostic.range,
    severity: SEVERITY[diagnostic.severity],
    code: diagnostic.ruleId,
    codeDescription: { href: diagnostic.docsUrl },
    source: SOURCE,
    message: diagnostic.message,
  };
  // Legacy forms still work but have a documented replacement: editors strike them through.
  if (diagnostic.ruleId.startsWith('legacy-')) result.tags = [DiagnosticTag.Deprecated];
  if (diagnostic.fixes?.length) result.data = { fixes: diagnostic.fixes } satisfies DiagnosticData;
  return result;
}
