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
