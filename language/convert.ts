import { DiagnosticSeverity, DiagnosticTag, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../rules/index.js';

/** `source` of every diagnostic the server publishes. */
export const SOURCE = 'agent-manifest';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/**
 * An engine finding as an LSP diagnostic: rule id as code, docs link. Its fixes are not sent
 * along (a fix's text can hold a secret the message masks): code actions lint the current
 * version and offer them from there.
 */
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
  return result;
}
