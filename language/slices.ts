/** A run given up because its document changed under it: the newer version has its own run. */
export class StaleRun extends Error {
  constructor() {
    super('The document changed while it was being linted');
    this.name = 'StaleRun';
  }
}

interface BrowserChannel {
  port1: { onmessage: (() => void) | null; close(): void };
  port2: { postMessage(message: unknown): void };
}

/**
 * One turn of the event loop: `setImmediate` in Node; a message to itself in a browser's worker,
 * which has no `setImmediate` and clamps nested `setTimeout(0)` to 4 ms.
 */
const nextTurn: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => {
        // The browser's ports (Node's types describe Node's own).
        const { port1, port2 } = new MessageChannel() as unknown as BrowserChannel;
        return new Promise((resolve) => {
          port1.onmessage = () => {
            port1.close();
            resolve();
          };
          port2.postMessage(undefined);
        });
      };

/** How long a run keeps the event loop before letting requests and edits in. */
const SLICE_MS = 10;

/** A finished run's result, and the time it held the event loop (not the time it waited). */
export interface SlicedRun<T> {
  value: T;
  millis: number;
}

/**
 * Runs a stepwise computation (the engine's `lintSteps`) in slices of about `SLICE_MS`. After
 * each slice it gives way for as long as other work keeps coming (`otherWork`, a counter of
 * handled messages, grows from one turn of the event loop to the next), up to as long as the
 * slice took, so hover and completion stay quick while a large manifest is linted and the lint
 * still gets half the time under a flood of requests. A run that `isStale` after giving way is
 * dropped with `StaleRun`.
 */
export async function runInSlices<T>(steps: Generator<void, T>, isStale: () => boolean, otherWork: () => number = () => 0): Promise<SlicedRun<T>> {
  let millis = 0;
  for (;;) {
    const sliceStart = performance.now();
    do {
      const step = steps.next();
      if (step.done) return { value: step.value, millis: millis + (performance.now() - sliceStart) };
    } while (performance.now() - sliceStart < SLICE_MS);
    const sliceMillis = performance.now() - sliceStart;
    millis += sliceMillis;
    const givingWay = performance.now();
    let before: number;
    do {
      before = otherWork();
      await nextTurn();
    } while (otherWork() !== before && performance.now() - givingWay < sliceMillis);
    if (isStale()) {
      steps.return(undefined as never);
      throw new StaleRun();
    }
  }
}
