import type { Connection } from 'vscode-languageserver';
import type { DocumentStore } from './documents.js';
import { STATUS_REQUEST, type LintTiming, type StatusParams, type StatusResult } from '../protocol/status.js';

/** Adds up the server's work per document between changes and the diagnostics they lead to. */
export class WorkClock {
  /** Milliseconds spent applying changes per document since its last diagnostics run. */
  private readonly applying = new Map<string, number>();
  private last: LintTiming | undefined;
  /** Diagnostics runs dropped because their document changed under them. */
  staleRuns = 0;

  /** Runs `apply` (opening or changing `uri`) and counts its time towards the next run. */
  applied<T>(uri: string, apply: () => T): T {
    const start = performance.now();
    try {
      return apply();
    } finally {
      this.applying.set(uri, (this.applying.get(uri) ?? 0) + (performance.now() - start));
    }
  }

  /** A diagnostics run for `version` of `uri` took `millis` (lint and conversion). */
  linted(uri: string, version: number, millis: number): void {
    const applying = this.applying.get(uri) ?? 0;
    this.applying.delete(uri);
    this.last = { uri, version, millis: applying + millis };
  }

  /** A run for `uri` was given up; the changes it would have counted go to the next one. */
  dropped(): void {
    this.staleRuns += 1;
  }

  forget(uri: string): void {
    this.applying.delete(uri);
  }

  get lastLint(): LintTiming | undefined {
    return this.last;
  }
}

/** Answers `agentManifest/status` on `connection`. */
export function registerStatus(connection: Connection, documents: DocumentStore, clock: WorkClock): void {
  connection.onRequest(STATUS_REQUEST, (params: StatusParams | null | undefined): StatusResult => {
    const gc = (globalThis as { gc?: () => void }).gc;
    const collect = params?.gc === true && typeof gc === 'function';
    if (collect) gc();
    const memory = process.memoryUsage();
    const last = clock.lastLint;
    return {
      heapUsed: memory.heapUsed,
      rss: memory.rss,
      documents: documents.all().length,
      lastLint: last ? { ...last } : null,
      staleRuns: clock.staleRuns,
      collected: collect,
    };
  });
}
