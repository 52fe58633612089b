import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ResponseError,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type Connection,
  type InitializeResult,
  type ServerCapabilities,
} from 'vscode-languageserver';
import pkg from '../package.json' with { type: 'json' };
import { provideCodeActions, FIX_ALL_KIND } from '../language/code-actions.js';
import { completionContribution, provideCompletion } from '../language/completion.js';
import type { ServerContext } from '../language/context.js';
import { provideDefinition } from '../language/definition.js';
import { DiagnosticsScheduler } from './diagnostics.js';
import { DocumentStore } from '../language/documents.js';
import { describeError } from './errors.js';
import { provideFoldingRanges } from '../language/folding.js';
import { provideFormatting, provideRangeFormatting } from '../language/formatting.js';
import { provideHover } from '../language/hover.js';
import { provideInlayHints } from '../language/inlay-hints.js';
import { createJsonService } from '../language/json-service.js';
import { prepareRename, rename } from '../language/rename.js';
import { SECTION } from '../language/settings.js';
import { SettingsStore } from './settings-store.js';
import { registerStatus, WorkClock } from './status.js';
import { provideSymbols } from '../language/symbols.js';
import { holdsSecret } from '../language/secrets.js';
import { HOLDS_SECRET_REQUEST, type HoldsSecretParams } from '../language/secret-request.js';
import type { WorkspaceFiles } from './workspace-files.js';

export const SERVER_NAME = 'manifest-language-server';

/** Quiet time after an edit before diagnostics are computed (`initializationOptions.debounceMs`). */
const DEFAULT_DEBOUNCE_MS = 150;

/** What `initializationOptions` may hold. */
interface InitializationOptions {
  /** ISO 8601 time: the clock for every time-dependent result (tests). */
  now?: unknown;
  debounceMs?: unknown;
}

/** What runs the server provides: the files it may read, and a count of the messages handled. */
export interface ServerHost {
  files: WorkspaceFiles;
  messagesHandled?: () => number;
}

/** Wires the features to a connection; the caller starts listening. */
export function startServer(connection: Connection, { files, messagesHandled = () => 0 }: ServerHost): void {
  const documents = new DocumentStore();
  const settings = new SettingsStore(connection);
  let fixedNow: Date | undefined;
  const context: ServerContext = {
    connection,
    documents,
    settings,
    configs: files.configs,
    templates: files.templates,
    skillSources: files.skillSources,
    client: {},
    messagesHandled,
    now: () => (fixedNow ? new Date(fixedNow.getTime()) : new Date()),
  };
  let diagnostics: DiagnosticsScheduler | undefined;
  const clock = new WorkClock();
  const startupWarnings: string[] = [];
  /** Without file watching, files are read again whenever a document opens. */
  let watchingFiles = false;
  let service: ReturnType<typeof createJsonService> | undefined;
  const json = () => (service ??= createJsonService(context.client, [completionContribution(context)]));

  /**
   * A failing feature answers "nothing" and logs what failed (never document text, which may
   * hold secrets); errors meant for the user, such as a refused rename, go through.
   */
  function guard<P, R>(name: string, handler: (params: P) => R | Promise<R>, fallback: R): (params: P) => Promise<R> {
    return async (params) => {
      try {
        return await handler(params);
      } catch (error) {
        if (error instanceof ResponseError) throw error;
        connection.console.error(`${name} failed: ${describeError(error)}`);
        return fallback;
      }
    };
  }

  connection.onInitialize((params): InitializeResult => {
    const client: ClientCapabilities = params.capabilities ?? {};
    context.client = client;
    const options = (params.initializationOptions ?? {}) as InitializationOptions;
    if (typeof options.now === 'string' && !Number.isNaN(Date.parse(options.now))) fixedNow = new Date(options.now);
    else if (options.now !== undefined) startupWarnings.push('initializationOptions.now is not an ISO 8601 time; the system clock is used.');
    const debounceMs = typeof options.debounceMs === 'number' && options.debounceMs >= 0 ? options.debounceMs : DEFAULT_DEBOUNCE_MS;
    const pull = client.textDocument?.diagnostic !== undefined;
    settings.pullSupported = client.workspace?.configuration === true;
    diagnostics = new DiagnosticsScheduler(context, {
      pull,
      refreshSupport: client.workspace?.diagnostics?.refreshSupport === true,
      debounceMs,
      onComputed: (uri, version, millis) => clock.linted(uri, version, millis),
      onStale: () => clock.dropped(),
    });

    const capabilities: ServerCapabilities = {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      completionProvider: { triggerCharacters: ['"', ':', '/'] },
      hoverProvider: true,
      codeActionProvider: client.textDocument?.codeAction?.codeActionLiteralSupport
        ? { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, FIX_ALL_KIND] }
        : true,
      documentSymbolProvider: { label: 'Agent manifest' },
      documentFormattingProvider: true,
      documentRangeFormattingProvider: true,
      foldingRangeProvider: true,
      definitionProvider: true,
      renameProvider: client.textDocument?.rename?.prepareSupport ? { prepareProvider: true } : true,
      inlayHintProvider: true,
    };
    if (pull) {
      capabilities.diagnosticProvider = { identifier: 'agent-manifest', interFileDependencies: false, workspaceDiagnostics: false };
    }
    return { capabilities, serverInfo: { name: SERVER_NAME, version: pkg.version } };
  });

  connection.onInitialized(() => {
    for (const warning of startupWarnings.splice(0)) connection.console.warn(warning);
    const workspace = context.client.workspace;
    if (workspace?.didChangeConfiguration?.dynamicRegistration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: SECTION }).catch(() => undefined);
    }
    if (workspace?.didChangeWatchedFiles?.dynamicRegistration && files.watchers.length > 0) {
      watchingFiles = true;
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: files.watchers }).catch(() => undefined);
    }
  });

  connection.onDidOpenTextDocument((params) => {
    if (!watchingFiles) files.invalidate();
    diagnostics?.opened(clock.applied(params.textDocument.uri, () => documents.open(params)));
  });
  connection.onDidChangeTextDocument((params) => {
    const document = clock.applied(params.textDocument.uri, () => documents.change(params));
    if (document) diagnostics?.changed(document);
  });
  connection.onDidCloseTextDocument(({ textDocument }) => {
    documents.close(textDocument.uri);
    clock.forget(textDocument.uri);
    settings.forget(textDocument.uri);
    files.closed(textDocument.uri);
    diagnostics?.closed(textDocument.uri);
  });

  connection.onDidChangeConfiguration((params) => {
    settings.changed(params.settings);
    diagnostics?.refreshAll();
  });
  // Skill folders hashed in the background: the findings they give are published when ready.
  files.onReady(() => diagnostics?.refreshAll());
  connection.onDidChangeWatchedFiles((params) => {
    if (files.changed(params.changes.map((change) => change.uri))) diagnostics?.refreshAll();
  });

  connection.languages.diagnostics.on(
    guard('Diagnostics', (params) => diagnostics!.pull(params.textDocument.uri, params.previousResultId), { kind: 'full', items: [] }),
  );
  connection.onCompletion(guard('Completion', (params) => provideCompletion(context, json(), params), null));
  connection.onHover(guard('Hover', (params) => provideHover(context, json(), params), null));
  connection.onCodeAction(guard('Code actions', (params) => provideCodeActions(context, params), null));
  connection.onDocumentSymbol(guard('Document symbols', (params) => provideSymbols(context, params), null));
  connection.onDocumentFormatting(guard('Formatting', (params) => provideFormatting(context, params), null));
  connection.onDocumentRangeFormatting(guard('Range formatting', (params) => provideRangeFormatting(context, params), null));
  connection.onFoldingRanges(guard('Folding', (params) => provideFoldingRanges(context, json(), params), null));
  connection.onDefinition(guard('Definition', (params) => provideDefinition(context, params), null));
  connection.onPrepareRename(guard('Rename', (params) => prepareRename(context, params), null));
  connection.onRenameRequest(guard('Rename', (params) => rename(context, params), null));
  connection.languages.inlayHint.on(guard('Inlay hints', (params) => provideInlayHints(context, params), null));
  registerStatus(connection, documents, clock);
  // Fails closed: a check that could not run blocks sharing.
  connection.onRequest(
    HOLDS_SECRET_REQUEST,
    guard('Secret check', (params: HoldsSecretParams) => holdsSecret(context, String(params?.uri)), { holdsSecret: true }),
  );
  files.register(connection, context);

  connection.onShutdown(() => diagnostics?.dispose());
}
