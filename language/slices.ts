import { performance } from 'node:perf_hooks';

/** A run given up because its document changed under it: the newer version has its own run. */
export class StaleRun extends Error {
  constructor() {
    super('The document changed while it was being linted');
    this.name = 'StaleRun';
  }
}

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
      await new Promise<void>((resolve) => setImmediate(resolve));
    } while (otherWork() !== before && performance.now() - givingWay < sliceMillis);
    if (isStale()) {
      steps.return(undefined as never);
      throw new StaleRun();
    }
  }
}
