// The status bar item of agent manifests: the server's state and the active manifest's findings,
// one click from the output. Shown only while an agent manifest is the active editor.
import * as vscode from 'vscode';
import { COMMANDS } from './commands.js';
import { LANGUAGE_ID } from './manifest-documents.js';

/** What the extension knows of its server. */
export type ServerState = 'not started' | 'starting' | 'running' | 'stopped';

/** The diagnostics' `source`: only the server's own findings are counted. */
const SOURCE = 'agent-manifest';

export class ManifestStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('agentManifest.status', vscode.StatusBarAlignment.Right, 100);
  private readonly listeners: vscode.Disposable[];
  private state: ServerState = 'not started';

  constructor() {
    this.item.name = 'Agent Manifest';
    this.item.command = COMMANDS.showOutput;
    this.listeners = [
      vscode.window.onDidChangeActiveTextEditor(() => this.render()),
      vscode.languages.onDidChangeDiagnostics(() => this.render()),
      vscode.workspace.onDidOpenTextDocument(() => this.render()),
    ];
    this.render();
  }

  set(state: ServerState): void {
    this.state = state;
    this.render();
  }

  private render(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (document?.languageId !== LANGUAGE_ID) {
      this.item.hide();
      return;
    }
    const found = vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === SOURCE);
    const errors = found.filter((diagnostic) => diagnostic.severity === vscode.DiagnosticSeverity.Error).length;
    const others = found.length - errors;
    const shown = summary(this.state, errors, others);
    this.item.text = shown.text;
    this.item.tooltip = `${shown.tooltip} Click for the Agent Manifest output.`;
    this.item.backgroundColor = this.state === 'stopped' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.show();
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.item.dispose();
  }
}

/** The item's text (with codicons) and the sentence of its tooltip, for a state and counts. */
export function summary(state: ServerState, errors: number, others: number): { text: string; tooltip: string } {
  switch (state) {
    case 'not started':
    case 'starting':
      return { text: '$(sync~spin) Agent Manifest', tooltip: 'Agent Manifest: the language server is starting.' };
    case 'stopped':
      return {
        text: '$(error) Agent Manifest',
        tooltip: 'Agent Manifest: the language server is not running; "Agent Manifest: Restart server" starts it again.',
      };
    case 'running': {
      if (errors + others === 0) return { text: '$(check) Agent Manifest', tooltip: 'Agent Manifest: no problems in this manifest.' };
      const counted = [errors > 0 ? `${errors} error${errors === 1 ? '' : 's'}` : '', others > 0 ? `${others} other finding${others === 1 ? '' : 's'}` : '']
        .filter(Boolean)
        .join(' and ');
      return { text: `$(${errors > 0 ? 'error' : 'warning'}) Agent Manifest: ${errors + others}`, tooltip: `Agent Manifest: ${counted} in this manifest.` };
    }
  }
}
