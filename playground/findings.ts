/**
 * The server's diagnostics in the editor and the problems list, with their quick fixes. The LSP
 * client shows diagnostics without fixes and never applies code actions itself: this asks the
 * server for the quick fixes of each published version and applies the one chosen.
 */
import { setDiagnostics, type Action, type Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import { ChangeSet, type Text } from '@codemirror/state';
import { LSPPlugin, type LSPClient } from '@codemirror/lsp-client';
import type { EditorView } from '@codemirror/view';
import type * as lsp from 'vscode-languageserver-protocol';

export type Severity = EditorDiagnostic['severity'];

const SEVERITIES: Record<number, Severity> = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

export interface Fix {
  title: string;
  /** The finding's certain fix (`--fix` applies it); otherwise a suggestion. */
  preferred: boolean;
  apply(): void;
}

export interface Finding {
  from: number;
  to: number;
  /** 1-based, as the CLI prints them. */
  line: number;
  column: number;
  severity: Severity;
  message: string;
  ruleId: string;
  fixes: Fix[];
}

/** Where a rule's page is in the site. */
export const ruleDocHref = (ruleId: string) => `rules/${encodeURIComponent(ruleId)}.html`;

export class Findings {
  /** Requests for findings, numbered as made: an answer to an older one never replaces a newer one's. */
  private requested = 0;
  private shown = 0;
  /** Called with the findings shown, whenever they change. */
  onChange: (findings: readonly Finding[], version: number) => void = () => undefined;
  /** Says why a fix could not be applied. */
  onRefused: (message: string) => void = () => undefined;

  /** Numbers a request for findings, made now; its answer goes to `publish`. */
  request(): number {
    return ++this.requested;
  }

  /**
   * The answer to request `number`: a version's diagnostics, shown at once, then again with
   * their fixes — unless a later request's answer came first (the same version asked again after
   * a settings change, say), or the text moved on.
   */
  publish(client: LSPClient, number: number, params: lsp.PublishDiagnosticsParams): void {
    const file = client.workspace.getFile(params.uri);
    if (number < this.shown || !file || (params.version != null && params.version !== file.version)) return;
    const view = file.getView();
    const plugin = view && LSPPlugin.get(view);
    if (!view || !plugin) return;
    this.shown = number;
    const doc = file.doc;
    this.show(view, plugin, doc, file.version, params.diagnostics, []);
    if (params.diagnostics.length === 0) return;
    void client
      .request<lsp.CodeActionParams, (lsp.CodeAction | lsp.Command)[] | null>('textDocument/codeAction', {
        textDocument: { uri: params.uri },
        range: { start: { line: 0, character: 0 }, end: plugin.toPosition(doc.length, doc) },
        context: { diagnostics: params.diagnostics, only: ['quickfix'] },
      })
      .then(
        (actions) => {
          if (this.shown === number && file.doc === doc) this.show(view, plugin, doc, file.version, params.diagnostics, (actions ?? []).filter(isCodeAction));
        },
        () => undefined,
      );
  }

  private show(view: EditorView, plugin: LSPPlugin, doc: Text, version: number, diagnostics: lsp.Diagnostic[], actions: lsp.CodeAction[]): void {
    const findings = diagnostics.map((diagnostic): Finding => {
      // Positions are in the synchronized version; the editor may have moved on since.
      const from = plugin.unsyncedChanges.mapPos(plugin.fromPosition(diagnostic.range.start, doc));
      const to = plugin.unsyncedChanges.mapPos(plugin.fromPosition(diagnostic.range.end, doc));
      const fixes = actions
        .filter((action) => action.diagnostics?.some((other) => sameDiagnostic(other, diagnostic)))
        .map((action) => ({
          title: action.title,
          preferred: action.isPreferred === true,
          apply: () => this.applyEdit(view, plugin, doc, action.edit),
        }));
      return {
        from,
        to,
        line: diagnostic.range.start.line + 1,
        column: diagnostic.range.start.character + 1,
        severity: SEVERITIES[diagnostic.severity ?? 1] ?? 'error',
        message: typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value,
        ruleId: String(diagnostic.code ?? ''),
        fixes,
      };
    });
    view.dispatch(setDiagnostics(view.state, findings.map(toEditorDiagnostic)));
    this.onChange(findings, version);
  }

  /** Applies a workspace edit computed on `doc` (the version the server saw), if it still applies. */
  applyEdit(view: EditorView, plugin: LSPPlugin, doc: Text, edit: lsp.WorkspaceEdit | undefined): void {
    if (plugin.syncedDoc !== doc) {
      this.onRefused('The text changed since this fix was offered; try again once the findings are updated.');
      return;
    }
    // Edits the editor made since the server's version stay; the fix's are moved past them.
    view.dispatch({ changes: changesOf(plugin, doc, edit).map(plugin.unsyncedChanges), userEvent: 'input.fix' });
  }
}

/** A workspace edit's changes to the document, as CodeMirror changes to `doc` (the version it was computed for). */
export function changesOf(plugin: LSPPlugin, doc: Text, edit: lsp.WorkspaceEdit | undefined): ChangeSet {
  const edits = edit?.changes?.[plugin.uri] ?? [];
  return ChangeSet.of(
    edits.map((textEdit) => ({
      from: plugin.fromPosition(textEdit.range.start, doc),
      to: plugin.fromPosition(textEdit.range.end, doc),
      insert: textEdit.newText,
    })),
    doc.length,
  );
}

function isCodeAction(action: lsp.CodeAction | lsp.Command): action is lsp.CodeAction {
  return typeof (action as lsp.Command).command !== 'string';
}

function sameDiagnostic(a: lsp.Diagnostic, b: lsp.Diagnostic): boolean {
  return (
    a.code === b.code &&
    a.message === b.message &&
    a.range.start.line === b.range.start.line &&
    a.range.start.character === b.range.start.character &&
    a.range.end.line === b.range.end.line &&
    a.range.end.character === b.range.end.character
  );
}

function toEditorDiagnostic(finding: Finding): EditorDiagnostic {
  const actions: Action[] = finding.fixes.map((fix) => ({ name: fix.title, apply: () => fix.apply() }));
  return {
    from: finding.from,
    to: finding.to,
    severity: finding.severity,
    message: finding.message,
    source: finding.ruleId,
    actions,
    renderMessage: () => {
      const body = document.createElement('span');
      body.append(...messageNodes(finding.message), ' ', ruleLink(finding.ruleId));
      return body;
    },
  };
}

/** A message as the CLI prints it, its `code` spans shown as code (as text: nothing is parsed as HTML). */
export function messageNodes(message: string): (string | HTMLElement)[] {
  return message.split(/`([^`]+)`/).map((part, i) => {
    if (i % 2 === 0) return part;
    const code = document.createElement('code');
    code.textContent = part;
    return code;
  });
}

/** A link to the rule's page, named by its id. */
export function ruleLink(ruleId: string): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = ruleDocHref(ruleId);
  link.className = 'rule-link';
  link.textContent = ruleId;
  return link;
}
