// "Agent Manifest: Validate template repository…": a workspace folder checked as the platform's
// template validator checks a submission, by the language server (`agentManifest/templateReport`),
// with a progress notification, a summary, and the findings one pick away from their place.
import * as vscode from 'vscode';

import type { TemplateReport } from '../../protocol/template-report.js';

/** The button of the summary that lists the findings. */
const SHOW_FINDINGS = 'Show findings';

interface Finding extends vscode.QuickPickItem {
  uri: vscode.Uri;
  range: vscode.Range;
}

/**
 * Picks the folder (when there are several), asks the server with a progress notification, and
 * says the result: a pass, or the counts with the findings to pick from. `ask` sends the request
 * (undefined when the server is not running, which `ask` has said already).
 */
export async function validateTemplate(ask: (folder: vscode.Uri) => Promise<TemplateReport | undefined>, tell: (message: string) => void): Promise<void> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file');
  if (folders.length === 0) {
    void vscode.window.showInformationMessage("Agent Manifest: open the template repository's folder to check it.");
    return;
  }
  const folder = folders.length > 1 ? await vscode.window.showWorkspaceFolderPick({ placeHolder: 'Template repository to check' }) : folders[0];
  if (!folder) return;
  let report: TemplateReport | undefined;
  try {
    report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Agent Manifest: checking ${folder.name} as a template repository…` },
      () => ask(folder.uri),
    );
  } catch (error) {
    tell(`Agent Manifest: ${folder.name} could not be checked (${error instanceof Error ? error.message : String(error)}).`);
    return;
  }
  if (!report) return;
  if (report.files.length === 0) {
    void vscode.window.showInformationMessage(`Agent Manifest: ${folder.name} passes the template checks.`);
    return;
  }
  const summary = `Agent Manifest: ${folder.name} — ${counted(report)} for the template validator.`;
  const show = report.errors > 0 ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  if ((await show(summary, SHOW_FINDINGS)) === SHOW_FINDINGS) await pickFinding(report, folder);
}

function counted(report: TemplateReport): string {
  const part = (count: number, noun: string) => (count > 0 ? [`${count} ${noun}${count === 1 ? '' : 's'}`] : []);
  const parts = [...part(report.errors, 'error'), ...part(report.warnings, 'warning'), ...part(report.others, 'note')];
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

/** Lists every finding; the one picked opens at its place (a missing file cannot open: it stays listed). */
async function pickFinding(report: TemplateReport, folder: vscode.WorkspaceFolder): Promise<void> {
  const items: Finding[] = report.files.flatMap((file) => {
    const uri = vscode.Uri.parse(file.uri);
    const relative = vscode.workspace.asRelativePath(uri, false);
    return file.diagnostics.map((diagnostic) => ({
      label: `$(${diagnostic.severity === 1 ? 'error' : diagnostic.severity === 2 ? 'warning' : 'info'}) ${relative}`,
      description: String(diagnostic.code ?? ''),
      detail: typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value,
      uri,
      range: new vscode.Range(diagnostic.range.start.line, diagnostic.range.start.character, diagnostic.range.end.line, diagnostic.range.end.character),
    }));
  });
  const picked = await vscode.window.showQuickPick(items, { placeHolder: `${folder.name}: the template validator's findings`, matchOnDetail: true });
  if (!picked) return;
  try {
    await vscode.window.showTextDocument(picked.uri, { selection: picked.range });
  } catch {
    void vscode.window.showInformationMessage(
      `Agent Manifest: ${vscode.workspace.asRelativePath(picked.uri, false)} does not exist in ${folder.name}; the finding is about it missing.`,
    );
  }
}
