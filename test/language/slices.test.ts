/**
 * Linting in slices: the engine's steps give the event loop back between rules, and a run whose
 * document changed is dropped at the next slice.
 */
import { describe, expect, it } from 'vitest';
import { lint, lintSteps, runToEnd } from '../../rules/index.js';
import { runInSlices, StaleRun } from '../../language/slices.js';

const busy = (millis: number) => {
  const end = performance.now() + millis;
  while (performance.now() < end);
};

function* slowSteps(count: number, millis: number, done: { finished: boolean; closed: boolean }): Generator<void, number> {
  try {
    for (let i = 0; i < count; i++) {
      busy(millis);
      yield;
    }
    done.finished = true;
    return count;
  } finally {
    done.closed = true;
  }
}

describe('runInSlices', () => {
  it('lets timers and messages in between slices, and counts only its own work', async () => {
    const done = { finished: false, closed: false };
    const ticks: number[] = [];
    const ticker = setInterval(() => ticks.push(performance.now()), 0);
    const run = await runInSlices(slowSteps(40, 5, done), () => false);
    clearInterval(ticker);
    expect(run.value).toBe(40);
    expect(done.finished).toBe(true);
    // 200 ms of work in slices of about 10 ms: the timer ran in between, many times.
    expect(ticks.length).toBeGreaterThan(5);
    expect(run.millis).toBeGreaterThanOrEqual(195);
  });

  it('drops a run that became stale at the next slice, closing its steps', async () => {
    const done = { finished: false, closed: false };
    let stale = false;
    setTimeout(() => (stale = true), 30);
    await expect(runInSlices(slowSteps(1000, 5, done), () => stale)).rejects.toBeInstanceOf(StaleRun);
    expect(done.finished).toBe(false);
    expect(done.closed).toBe(true);
  });
});

describe('lintSteps', () => {
  it('pauses after parsing, after the schema check and after each rule, and ends with what lint gives', () => {
    const text = '{"version": 1, "agent": {"name": "A"}, "skills": [1], "tasks": [{}]}';
    const steps = lintSteps(text, { now: new Date('2026-11-23T09:00:00Z') });
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    expect(pauses).toBeGreaterThan(50);
    expect(step.value.diagnostics).toEqual(lint(text, { now: new Date('2026-11-23T09:00:00Z') }).diagnostics);
    expect(runToEnd(lintSteps(text, { now: new Date('2026-11-23T09:00:00Z') })).diagnostics).toEqual(step.value.diagnostics);
  });
});
