// The Agent Manifest extension: runs the bundled manifest-language-server for agent manifests.
//
// Activation (`activationEvents` in the manifest): `onLanguage:agent-manifest`, which VS Code fires
// when a `manifest.json` is opened (the language contribution claims that file name), plus
// `onLanguage:json` and `onLanguage:jsonc`, needed to notice JSON documents under other names
// whose `$schema` is the official URL. Activation is kept cheap enough for that: it registers
// commands and listeners, reads nothing from disk and starts nothing. The language client code
// (a separate bundle) and the server process are loaded at the first document the client's
// selector matches. `workspaceContains:**/manifest.json` is not used: it would activate the
// extension at start-up for workspaces that merely contain a manifest, with nothing to do until
// one is opened.
import * as vscode from 'vscode';
import { COMMANDS } from './commands.js';
import type { LanguageClient } from './language-client.js';
import { loadLanguageClient } from './load-language-client.js';
import { closableChannel } from './output.js';
import { decideLanguage, isManifestFileName, isSelected, LANGUAGE_ID, MANIFEST_FILE, type DocumentInfo } from './manifest-documents.js';
import { ServerFailures, startFailureMessage } from './server-failures.js';
import { ManifestStatus } from './status-bar.js';
import { STARTER_MANIFEST } from './starter.js';
import { TEMPLATE_REPORT_REQUEST, type TemplateReport } from '../../protocol/template-report.js';
import { validateTemplate } from './template-command.js';
import { SECTION } from './settings.js';

/** Quiet time after an edit to a JSON document before looking for the manifest `$schema` in it. */
const SCHEMA_CHECK_DELAY_MS = 500;
/** Why a start failed when the language client does not say (see `launch`). */
const NOT_RUNNING = 'the server process exited before it answered; the output has its error';
/** What a command that needs the server says when it is not running. */
const NOT_RUNNING_MESSAGE = 'Agent Manifest: the language server is not running. Run "Agent Manifest: Restart server" to start it again.';
/** The button of a failure notification that opens the output channel. */
const SHOW_OUTPUT = 'Show output';

let extension: AgentManifestExtension | undefined;

export function activate(context: vscode.ExtensionContext): void {
  extension = new AgentManifestExtension(context);
}

export async function deactivate(): Promise<void> {
  await extension?.dispose();
  extension = undefined;
}

function infoOf(document: vscode.TextDocument): DocumentInfo {
  return { scheme: document.uri.scheme, path: document.uri.path, languageId: document.languageId };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

class AgentManifestExtension {
  private outputChannel: vscode.LogOutputChannel | undefined;
  private client: LanguageClient | undefined;
  private starting: Promise<LanguageClient | undefined> | undefined;
  /** A start failed: nothing starts the server again until "Restart server". */
  private startFailed = false;
  private module: Awaited<ReturnType<typeof loadLanguageClient>> | undefined;
  /** Open documents the extension moved to the Agent Manifest mode (by URI). */
  private readonly switched = new Set<string>();
  /** Manifests handed back to the JSON mode because the extension is disabled for them. */
  private readonly handedBack = new Set<string>();
  private readonly pendingChecks = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly status = new ManifestStatus();

  constructor(private readonly context: vscode.ExtensionContext) {
    context.subscriptions.push(
      this.status,
      vscode.commands.registerCommand(COMMANDS.fixAll, () => this.fixAll()),
      vscode.commands.registerCommand(COMMANDS.restartServer, () => this.restart()),
      vscode.commands.registerCommand(COMMANDS.showOutput, () => this.output.show(true)),
      vscode.commands.registerCommand(COMMANDS.newManifest, () => this.newManifest()),
      vscode.commands.registerCommand(COMMANDS.validateTemplate, () =>
        validateTemplate(
          (folder) => this.templateReport(folder),
          (message) => this.tell(message),
        ),
      ),
      vscode.workspace.onDidOpenTextDocument((document) => this.consider(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.edited(event)),
      vscode.workspace.onDidCloseTextDocument((document) => this.closed(document)),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration(`${SECTION}.enable`)) return;
        for (const document of vscode.workspace.textDocuments) this.consider(document);
      }),
    );
    for (const document of vscode.workspace.textDocuments) this.consider(document);
  }

  /** The "Agent Manifest" output, created when first needed: activating for plain JSON adds nothing to the Output view. */
  private get output(): vscode.LogOutputChannel {
    if (!this.outputChannel) {
      this.outputChannel = closableChannel(vscode.window.createOutputChannel('Agent Manifest', { log: true }));
      this.context.subscriptions.push(this.outputChannel);
    }
    return this.outputChannel;
  }

  /** Gives the document the right language mode, and starts the server for the first manifest. */
  private consider(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    const enabled = vscode.workspace.getConfiguration(SECTION, document.uri).get<boolean>('enable', true) !== false;
    const target = decideLanguage({
      ...infoOf(document),
      text: () => document.getText(),
      enabled,
      switchedBefore: this.switched.has(key),
      handedBack: this.handedBack.has(key),
    });
    if (target !== undefined) {
      if (target === LANGUAGE_ID) {
        this.switched.add(key);
        this.handedBack.delete(key);
      } else this.handedBack.add(key);
      // The document comes back through `onDidOpenTextDocument` in its new mode.
      vscode.languages.setTextDocumentLanguage(document, target).then(undefined, (error: unknown) => {
        this.output.warn(`Could not change the language mode of ${key}: ${describe(error)}`);
      });
      return;
    }
    if (enabled && isSelected(infoOf(document))) void this.start();
  }

  /** A JSON document may gain the manifest `$schema` while it is edited: look again after a pause. */
  private edited(event: vscode.TextDocumentChangeEvent): void {
    const { document } = event;
    const key = document.uri.toString();
    if (event.contentChanges.length === 0 || (document.languageId !== 'json' && document.languageId !== 'jsonc')) return;
    if (this.switched.has(key) || isManifestFileName(document.uri.path)) return;
    clearTimeout(this.pendingChecks.get(key));
    this.pendingChecks.set(
      key,
      setTimeout(() => {
        this.pendingChecks.delete(key);
        if (!document.isClosed) this.consider(document);
      }, SCHEMA_CHECK_DELAY_MS),
    );
  }

  private closed(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.pendingChecks.get(key));
    this.pendingChecks.delete(key);
    // A change of language mode closes and reopens the document at once: forget what was decided
    // only when the document is really gone.
    setTimeout(() => {
      if (vscode.workspace.textDocuments.some((open) => open.uri.toString() === key)) return;
      this.switched.delete(key);
      this.handedBack.delete(key);
    }, 0);
  }

  /**
   * The running client, started on first need. After a failed start nothing starts it again by
   * itself (each manifest opened would bring one more failure and one more message) until the
   * user runs "Restart server".
   */
  private start(): Promise<LanguageClient | undefined> {
    if (this.startFailed) return Promise.resolve(undefined);
    this.starting ??= this.launch();
    return this.starting;
  }

  private async launch(): Promise<LanguageClient | undefined> {
    let client: LanguageClient | undefined;
    try {
      this.module ??= await loadLanguageClient();
      const failures = new ServerFailures();
      client = this.module.createLanguageClient(this.context, this.output, failures, (message) => this.tell(message));
      this.client = client;
      this.status.set('starting');
      this.context.subscriptions.push(this.module.watchState(client, (state) => this.status.set(state)));
      await client.start();
      // A server that exits before answering `initialize` leaves the library's start resolved
      // all the same (it stops the client first): only the state tells.
      if (!client.isRunning()) throw new Error(NOT_RUNNING);
      failures.started();
      return client;
    } catch (error) {
      this.output.error(`The language server did not start: ${describe(error)}`);
      this.tell(startFailureMessage(error));
      this.status.set('stopped');
      this.startFailed = true;
      this.client = undefined;
      this.starting = undefined;
      await client?.dispose().catch(() => undefined);
      return undefined;
    }
  }

  private async restart(): Promise<void> {
    const client = await this.starting;
    if (client) {
      try {
        await client.restart();
        if (!client.isRunning()) throw new Error(NOT_RUNNING);
      } catch (error) {
        this.output.error(`Restarting the language server failed: ${describe(error)}`);
        this.tell(startFailureMessage(error));
        return;
      }
    } else {
      this.startFailed = false;
      if (!(await this.start())) return;
    }
    vscode.window.setStatusBarMessage('Agent Manifest: language server restarted', 3000);
  }

  /** One error notification, whose button opens the output channel with the detail. */
  private tell(message: string): void {
    void vscode.window.showErrorMessage(message, SHOW_OUTPUT).then((choice) => {
      if (choice === SHOW_OUTPUT) this.output.show(true);
    });
  }

  /**
   * "Agent Manifest: New manifest": writes a starter `manifest.json` at the root of a workspace
   * folder (the user picks one when there are several) and opens it; an existing one is opened,
   * never overwritten. Without a folder, the starter opens as an unsaved document.
   */
  private async newManifest(): Promise<void> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const folder = folders.length > 1 ? await vscode.window.showWorkspaceFolderPick({ placeHolder: `Folder for the new ${MANIFEST_FILE}` }) : folders[0];
    if (folders.length > 1 && !folder) return;
    if (!folder) {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: LANGUAGE_ID, content: STARTER_MANIFEST }));
      return;
    }
    const uri = vscode.Uri.joinPath(folder.uri, MANIFEST_FILE);
    const exists = await vscode.workspace.fs.stat(uri).then(
      () => true,
      () => false,
    );
    if (exists) {
      void vscode.window.showInformationMessage(`Agent Manifest: ${folder.name} already has a ${MANIFEST_FILE}, opened here unchanged.`);
    } else {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(STARTER_MANIFEST));
    }
    await vscode.window.showTextDocument(uri);
  }

  /** The server's check of a folder as a template repository; undefined (and said) when it is not running. */
  private async templateReport(folder: vscode.Uri): Promise<TemplateReport | undefined> {
    const client = await this.start();
    if (!client) {
      this.tell(NOT_RUNNING_MESSAGE);
      return undefined;
    }
    return client.sendRequest<TemplateReport>(TEMPLATE_REPORT_REQUEST, { folder: folder.toString() });
  }

  /** "Agent Manifest: Fix all problems": applies the server's fix-all action to the active manifest. */
  private async fixAll(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || !isSelected(infoOf(document))) {
      void vscode.window.showInformationMessage('Agent Manifest: open an agent manifest to fix its problems.');
      return;
    }
    const client = await this.start();
    if (!client || !this.module) {
      this.tell(NOT_RUNNING_MESSAGE);
      return;
    }
    const version = document.version;
    const edit = await this.module.requestFixAll(client, document);
    if (document.version !== version) {
      void vscode.window.showInformationMessage('Agent Manifest: the manifest changed meanwhile; run the command again.');
      return;
    }
    if (!edit) {
      void vscode.window.showInformationMessage('Agent Manifest: there is nothing to fix automatically.');
      return;
    }
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showErrorMessage('Agent Manifest: the fixes could not be applied.');
    }
  }

  async dispose(): Promise<void> {
    for (const timer of this.pendingChecks.values()) clearTimeout(timer);
    this.pendingChecks.clear();
    const client = this.client;
    this.client = undefined;
    this.starting = undefined;
    await client?.dispose().catch(() => undefined);
  }
}
