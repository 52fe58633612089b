import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ResponseError,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type CodeAction,
  type CodeActionParams,
  type CompletionList,
  type CompletionParams,
  type Connection,
  type DefinitionParams,
  type DocumentFormattingParams,
  type DocumentRangeFormattingParams,
  type DocumentSymbol,
  type DocumentSymbolParams,
  type FoldingRange,
  type FoldingRangeParams,
  type Hover,
  type HoverParams,
  type InlayHint,
  type InlayHintParams,
  type Location,
  type PrepareRenameParams,
  type Range,
  type RenameParams,
  type SymbolInformation,
  type TextEdit,
  type WorkspaceEdit,
  type InitializeResult,
  type ServerCapabilities,
} from 'vscode-languageserver';
import pkg from '../package.json' with { type: 'json' };
import { FIX_ALL_KIND } from '../language/code-actions.js';
import type { FeatureContext } from '../language/context.js';
import type { OpenDocument } from '../language/documents.js';
import { createLanguageService, type LanguageService } from '../language/service.js';
import { SECTION } from '../language/settings.js';
import { HOLDS_SECRET_REQUEST, type HoldsSecretParams } from '../protocol/holds-secret.js';
import { DiagnosticsScheduler } from './diagnostics.js';
import { DocumentStore } from './documents.js';
import { describeError } from './errors.js';
import { SettingsStore } from './settings-store.js';
import { registerStatus, WorkClock } from './status.js';
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
  const context: FeatureContext = {
    openDocument: (uri) => documents.get(uri),
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
  const service = createLanguageService(context);

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
    diagnostics = new DiagnosticsScheduler(
      { connection, documents, settings, service },
      {
        pull,
        refreshSupport: client.workspace?.diagnostics?.refreshSupport === true,
        debounceMs,
        onComputed: (uri, version, millis) => clock.linted(uri, version, millis),
        onStale: () => clock.dropped(),
      },
    );

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
  for (const feature of FEATURES) {
    feature.register(
      connection,
      guard(
        feature.name,
        (params) => {
          const document = documents.get(params.textDocument.uri);
          return document ? feature.answer(service, document, params) : null;
        },
        null,
      ),
    );
  }
  registerStatus(connection, documents, clock);
  // Fails closed: a check that could not run blocks sharing.
  connection.onRequest(
    HOLDS_SECRET_REQUEST,
    guard('Secret check', (params: HoldsSecretParams) => service.holdsSecret(documents.get(String(params?.uri))), { holdsSecret: true }),
  );
  files.register(connection, service, () => context.client);

  connection.onShutdown(() => diagnostics?.dispose());
}

/** What every request about one document carries. */
type DocumentParams = { textDocument: { uri: string } };

/**
 * A request about one document, answered by the language service: how it is registered on the
 * connection, and which of the service's features answers it. A document the client has not
 * opened gets `null`.
 */
interface Feature<P extends DocumentParams, R> {
  name: string;
  register(connection: Connection, handler: (params: P) => Promise<R | null>): void;
  answer(service: LanguageService, document: OpenDocument, params: P): R | null | Promise<R | null>;
}

/** A feature for the table, its types checked here and set aside there. */
const feature = <P extends DocumentParams, R>(definition: Feature<P, R>) => definition as unknown as Feature<DocumentParams, unknown>;

/** Every feature the server offers over a document, in one table: adding one is one entry here. */
const FEATURES = [
  feature<CompletionParams, CompletionList>({ name: 'Completion', register: (c, h) => c.onCompletion(h), answer: (s, d, p) => s.completion(d, p.position) }),
  feature<HoverParams, Hover>({ name: 'Hover', register: (c, h) => c.onHover(h), answer: (s, d, p) => s.hover(d, p.position) }),
  feature<CodeActionParams, CodeAction[]>({
    name: 'Code actions',
    register: (c, h) => c.onCodeAction(h),
    answer: (s, d, p) => s.codeActions(d, p.range, p.context),
  }),
  feature<DocumentSymbolParams, DocumentSymbol[] | SymbolInformation[]>({
    name: 'Document symbols',
    register: (c, h) => c.onDocumentSymbol(h),
    answer: (s, d) => s.symbols(d),
  }),
  feature<DocumentFormattingParams, TextEdit[]>({
    name: 'Formatting',
    register: (c, h) => c.onDocumentFormatting(h),
    answer: (s, d, p) => s.formatting(d, p.options),
  }),
  feature<DocumentRangeFormattingParams, TextEdit[]>({
    name: 'Range formatting',
    register: (c, h) => c.onDocumentRangeFormatting(h),
    answer: (s, d, p) => s.rangeFormatting(d, p.range, p.options),
  }),
  feature<FoldingRangeParams, FoldingRange[]>({ name: 'Folding', register: (c, h) => c.onFoldingRanges(h), answer: (s, d) => s.foldingRanges(d) }),
  feature<DefinitionParams, Location[]>({ name: 'Definition', register: (c, h) => c.onDefinition(h), answer: (s, d, p) => s.definition(d, p.position) }),
  feature<PrepareRenameParams, { range: Range; placeholder: string }>({
    name: 'Rename',
    register: (c, h) => c.onPrepareRename(h),
    answer: (s, d, p) => s.prepareRename(d, p.position),
  }),
  feature<RenameParams, WorkspaceEdit>({ name: 'Rename', register: (c, h) => c.onRenameRequest(h), answer: (s, d, p) => s.rename(d, p.position, p.newName) }),
  feature<InlayHintParams, InlayHint[]>({
    name: 'Inlay hints',
    register: (c, h) => c.languages.inlayHint.on(h),
    answer: (s, d, p) => s.inlayHints(d, p.range),
  }),
];
