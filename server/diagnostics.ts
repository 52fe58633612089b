import {
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  ResponseError,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type DocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { FeatureContext } from '../language/context.js';
import { toLspDiagnostic } from '../language/convert.js';
import type { OpenDocument } from '../language/documents.js';
import type { LanguageService } from '../language/service.js';
import { StaleRun } from '../language/slices.js';
import type { DocumentStore } from './documents.js';
import { describeError } from './errors.js';

/** What the scheduler works with: the connection it publishes on, the open documents, their settings, the service that lints them. */
export interface DiagnosticsHost {
  connection: Connection;
  documents: DocumentStore;
  settings: FeatureContext['settings'];
  service: LanguageService;
}

export interface DiagnosticsOptions {
  /** The client pulls (`textDocument/diagnostic`); otherwise the server pushes. */
  pull: boolean;
  /** The client accepts `workspace/diagnostic/refresh`. */
  refreshSupport: boolean;
  /** Quiet time after a change before linting, in milliseconds. */
  debounceMs: number;
  /** Told the time each run's work took (lint and conversion), for `agentManifest/status`. */
  onComputed?: (uri: string, version: number, millis: number) => void;
  /** Told when a run was given up because its document changed meanwhile. */
  onStale?: (uri: string) => void;
}

/** Diagnostics for one version of a document, or undefined when the server does not serve it. */
interface Computed {
  version: number;
  resultId: string;
  items: LspDiagnostic[];
}

/**
 * Schedules diagnostics. Push mode: lint on open, and after `debounceMs` of quiet after changes;
 * results are published with their version and only while that version is still the document's
 * current one and not older than what was last published. Pull mode: nothing is pushed; the
 * client asks, and is told to ask again (`workspace/diagnostic/refresh`) when settings or config
 * files change.
 */
export class DiagnosticsScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Push mode: the version last published per document. */
  private readonly published = new Map<string, number>();

  constructor(
    private readonly context: DiagnosticsHost,
    private readonly options: DiagnosticsOptions,
  ) {}

  opened(document: OpenDocument): void {
    this.schedule(document.uri, 0);
  }

  changed(document: OpenDocument): void {
    this.schedule(document.uri, this.options.debounceMs);
  }

  /** A closed document: any pending run is dropped and pushed diagnostics are cleared. */
  closed(uri: string): void {
    this.cancel(uri);
    if (this.published.delete(uri)) this.context.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** Settings or a config file changed: every open document's findings may be different. */
  refreshAll(): void {
    if (this.options.pull) {
      if (this.options.refreshSupport) void this.context.connection.languages.diagnostics.refresh().catch(() => undefined);
      return;
    }
    for (const document of this.context.documents.all()) this.schedule(document.uri, 0);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** `textDocument/diagnostic` in pull mode. */
  async pull(uri: string, previousResultId: string | undefined): Promise<DocumentDiagnosticReport> {
    const document = this.context.documents.get(uri);
    const computed = document ? await this.compute(document).catch(retriggerIfStale) : undefined;
    if (!computed) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    if (previousResultId === computed.resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: computed.resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId: computed.resultId, items: computed.items };
  }

  private schedule(uri: string, delay: number): void {
    if (this.options.pull) return;
    this.cancel(uri);
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      this.publish(uri).catch((error: unknown) => this.context.connection.console.error(`Diagnostics failed: ${describeError(error)}`));
    }, delay);
    this.timers.set(uri, timer);
  }

  private cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(uri);
  }

  private async publish(uri: string): Promise<void> {
    const document = this.context.documents.get(uri);
    if (!document) return;
    let computed: Computed | undefined;
    try {
      computed = await this.compute(document);
    } catch (error) {
      // The document changed during the run: its newer version is already scheduled.
      if (error instanceof StaleRun) {
        this.options.onStale?.(uri);
        return;
      }
      throw error;
    }
    // Closed, or changed while settings were read: the newer version has its own run coming.
    if (this.context.documents.get(uri) !== document) return;
    if (!computed) {
      // No longer served (its `$schema` was removed, or the server was switched off for it).
      if (this.published.delete(uri)) this.context.connection.sendDiagnostics({ uri, diagnostics: [] });
      return;
    }
    if (computed.version !== document.version) return;
    const last = this.published.get(uri);
    if (last !== undefined && last > computed.version) return;
    this.published.set(uri, computed.version);
    this.context.connection.sendDiagnostics({ uri, version: computed.version, diagnostics: computed.items });
  }

  private async compute(document: OpenDocument): Promise<Computed | undefined> {
    if (!document.isManifest) return undefined;
    const settings = await this.context.settings.get(document.uri);
    if (!settings.enable) return undefined;
    const analysis = await this.context.service.analyze(document);
    const start = performance.now();
    const items = analysis.lint.diagnostics.map(toLspDiagnostic);
    this.options.onComputed?.(document.uri, analysis.version, analysis.millis + (performance.now() - start));
    return {
      version: analysis.version,
      // Exactly what the findings depend on: another document's facts arriving leave this one's alone.
      resultId: `${analysis.version}:${analysis.key}`,
      items,
    };
  }
}

/** A pull for a version that changed during the run: the client is asked to pull again. */
function retriggerIfStale(error: unknown): never {
  if (error instanceof StaleRun) {
    throw new ResponseError(LSPErrorCodes.ServerCancelled, 'The document changed while it was being linted', { retriggerRequest: true });
  }
  throw error;
}
