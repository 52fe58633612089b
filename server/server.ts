import {
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
import type { FeatureContext } from '../language/context.js';
import { announcedCapabilities, FEATURE_NAMES, FEATURES, type AnyFeature, type DocumentParams } from '../language/features.js';
import { createLanguageService } from '../language/service.js';
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
      ...announcedCapabilities(client),
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
  // Every feature over a document, from the language service's table; one the client has not opened gets `null`.
  for (const name of FEATURE_NAMES) {
    const feature = FEATURES[name] as AnyFeature;
    const answer = service[name] as (...args: unknown[]) => unknown;
    connection.onRequest(
      feature.request,
      guard(
        feature.name,
        (params: DocumentParams) => {
          const document = documents.get(params.textDocument.uri);
          return document ? answer(document, ...feature.args(params)) : null;
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
