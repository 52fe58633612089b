import type { Connection } from 'vscode-languageserver';
import type { DocumentStore } from '../language/documents.js';

/**
 * `agentManifest/status`: a custom request that tells how much work the server does, measured
 * inside the server, so that benchmarks need not guess it from round-trip times (which also hold
 * the client, the pipes, JSON-RPC framing and the debounce timer).
 *
 * Params: `{ gc?: boolean }` (or none). With `gc: true`, and only when the process was started with
 * `node --expose-gc`, a full garbage collection runs before the heap is read; otherwise the flag
 * is ignored and `collected` says so.
 *
 * Result:
 * - `heapUsed`, `rss`: bytes, from `process.memoryUsage()`;
 * - `documents`: how many documents are open;
 * - `lastLint`: the most recent diagnostics run, `{ uri, version, millis }`, where `millis` is the
 *   server's own work from receiving the change(s) to having the LSP diagnostics ready for
 *   publishing: applying the incremental changes since the previous run, linting, converting.
 *   Time spent waiting (the debounce timer, the client's answer to `workspace/configuration`) is
 *   not counted, nor is the time other requests were served between the run's slices. `null`
 *   before the first run.
 * - `staleRuns`: diagnostics runs given up because their document changed before they finished.
 *
 * Harmless in production: it only reads counters, answers with no document text, changes nothing
 * the features see, and nothing calls it unless a client asks. The timing itself is two
 * `performance.now()` calls per change and per run.
 */
export const STATUS_REQUEST = 'agentManifest/status';

export interface StatusParams {
  gc?: boolean;
}

export interface LintTiming {
  uri: string;
  version: number;
  millis: number;
}

export interface StatusResult {
  heapUsed: number;
  rss: number;
  documents: number;
  lastLint: LintTiming | null;
  staleRuns: number;
  /** Whether a garbage collection ran before the heap was read. */
  collected: boolean;
}

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
