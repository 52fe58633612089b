// The language client: loaded only when a manifest is first opened (see `load-language-client.ts`),
// so activating the extension for an ordinary JSON file never loads this code.
import * as vscode from 'vscode';
import type { ExtensionContext, LogOutputChannel, TextDocument, WorkspaceEdit } from 'vscode';
import {
  CloseAction,
  CodeAction,
  CodeActionRequest,
  CodeActionTriggerKind,
  ErrorAction,
  LanguageClient,
  RevealOutputChannelOn,
  State,
  TransportKind,
  type CancellationToken,
  type LanguageClientOptions,
  type MessageSignature,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { CLIENT_ID, CLIENT_NAME, FIX_ALL_KIND, SERVER_PATH } from './commands.js';
import { DOCUMENT_SELECTOR } from './manifest-documents.js';
import type { ServerFailures } from './server-failures.js';
import type { ServerState } from './status-bar.js';
import { SECTION, toServerSettings, TRACE_SETTING, tracing } from './settings.js';

export { LanguageClient };

/**
 * A client for the server bundled in the extension folder, started with the editor's own Node
 * (`module`: a forked process) and spoken to over standard input and output. The server needs no
 * `node_modules`: it is a single bundle plus the `chunks/` it loads on demand.
 */
export function createLanguageClient(
  context: ExtensionContext,
  output: LogOutputChannel,
  failures: ServerFailures,
  tell: (message: string) => void,
): LanguageClient {
  const module = context.asAbsolutePath(SERVER_PATH);
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR.map((filter) => ({ ...filter })),
    outputChannel: output,
    traceOutputChannel: traceChannel(context, output),
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    // Failures are said once, by the extension (see server-failures.ts), not by a notification
    // per attempt: the detail goes to the output channel.
    initializationFailedHandler: (error) => {
      output.error(`The language server failed to initialize: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    },
    errorHandler: {
      error: (error, _message, count) => {
        output.error(`The connection to the language server failed: ${error.message}`);
        return { action: (count ?? 0) <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown, handled: true };
      },
      closed: () => {
        const decision = failures.closed();
        if (decision.message) tell(decision.message);
        return { action: decision.restart ? CloseAction.Restart : CloseAction.DoNotRestart, handled: true };
      },
    },
    middleware: {
      workspace: {
        // The server asks for `agentManifest` per document; it gets the settings it reads.
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) return result;
          return result.map((value: unknown, index) => (params.items[index]?.section === SECTION ? toServerSettings(value) : value));
        },
      },
    },
  };
  return new QuietLanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
}

/**
 * The library notifies every failed start itself, with the raw error ("couldn't create connection
 * to server … Code: -32097"), whatever `revealOutputChannelOn` says. Its errors go to the output
 * channel only: the extension says what failed once, in its own words (see server-failures.ts).
 */
class QuietLanguageClient extends LanguageClient {
  override error(message: string, data?: unknown): void {
    super.error(message, data, false);
  }

  /**
   * While the client stops (the window closing, a restart), requests in flight fail ("Starting
   * server failed"): they get the feature's empty answer, not an error VS Code would log as a
   * failed provider of this extension.
   */
  override handleFailedRequest<T>(
    type: MessageSignature,
    token: CancellationToken | undefined,
    error: unknown,
    defaultValue: T,
    showNotification?: boolean,
    throwOnCancel?: boolean,
  ): T {
    if (!this.isRunning()) return defaultValue;
    return super.handleFailedRequest(type, token, error, defaultValue, showNotification, throwOnCancel);
  }
}

/** Tells `show` each state the client goes through, in the status bar's terms. */
export function watchState(client: LanguageClient, show: (state: ServerState) => void): vscode.Disposable {
  return client.onDidChangeState(({ newState }) => {
    show(newState === State.Running ? 'running' : newState === State.Starting ? 'starting' : 'stopped');
  });
}

/**
 * The edit of the server's "fix all" source action for a whole document, or undefined when there
 * is nothing it can fix. Asked of this server directly, so other extensions' actions never mix in.
 */
export async function requestFixAll(client: LanguageClient, document: TextDocument): Promise<WorkspaceEdit | undefined> {
  const end = document.positionAt(document.getText().length);
  const actions = await client.sendRequest(CodeActionRequest.type, {
    textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) },
    range: { start: { line: 0, character: 0 }, end: { line: end.line, character: end.character } },
    context: { diagnostics: [], only: [FIX_ALL_KIND], triggerKind: CodeActionTriggerKind.Invoked },
  });
  for (const action of actions ?? []) {
    if (CodeAction.is(action) && action.kind === FIX_ALL_KIND && action.edit) {
      return client.protocol2CodeConverter.asWorkspaceEdit(action.edit);
    }
  }
  return undefined;
}

/**
 * The output channel as the language client's trace channel, with a log level that follows
 * `agentManifest.trace.server` rather than the channel's own (see `tracing`), so that the setting
 * alone turns the protocol trace on and off. Trace lines are written to the channel as they come.
 */
function traceChannel(context: ExtensionContext, output: LogOutputChannel): LogOutputChannel {
  const changed = new vscode.EventEmitter<vscode.LogLevel>();
  const level = () => (tracing(vscode.workspace.getConfiguration().get(TRACE_SETTING)) ? vscode.LogLevel.Trace : vscode.LogLevel.Info);
  context.subscriptions.push(
    changed,
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(TRACE_SETTING)) changed.fire(level());
    }),
  );
  return {
    name: output.name,
    get logLevel() {
      return level();
    },
    onDidChangeLogLevel: changed.event,
    trace: (message: string) => output.appendLine(message),
    debug: (message: string, ...args: unknown[]) => output.debug(message, ...args),
    info: (message: string, ...args: unknown[]) => output.info(message, ...args),
    warn: (message: string, ...args: unknown[]) => output.warn(message, ...args),
    error: (error: string | Error, ...args: unknown[]) => output.error(error, ...args),
    append: (value: string) => output.append(value),
    appendLine: (value: string) => output.appendLine(value),
    replace: (value: string) => output.replace(value),
    clear: () => output.clear(),
    show: (column?: vscode.ViewColumn | boolean, preserveFocus?: boolean) =>
      typeof column === 'number' ? output.show(column, preserveFocus) : output.show(column),
    hide: () => output.hide(),
    dispose: () => undefined,
  };
}
