// How the extension answers a failing language server (client/src/server-failures.ts): a server
// that never started is not restarted and gets one message; one that ran is restarted after a
// crash, a few times within the window, and then left stopped with one message.
import { describe, expect, it } from 'vitest';
import { CRASH_WINDOW_MS, MAX_RESTARTS, ServerFailures, startFailureMessage } from '../../client/src/server-failures.js';

describe('a language server that fails', () => {
  it('is not restarted when it never started, and says nothing of its own (the start says it once)', () => {
    const failures = new ServerFailures(() => 0);
    expect(failures.closed()).toEqual({ restart: false });
    expect(failures.closed()).toEqual({ restart: false });
  });

  it(`is restarted after a crash up to ${MAX_RESTARTS} times in the window, then stopped with one message`, () => {
    let now = 0;
    const failures = new ServerFailures(() => now);
    failures.started();
    for (let crash = 1; crash <= MAX_RESTARTS; crash++) {
      now += 1000;
      expect(failures.closed(), `crash ${crash}`).toEqual({ restart: true });
    }
    now += 1000;
    const stop = failures.closed();
    expect(stop.restart).toBe(false);
    expect(stop.message).toMatch(/stopped after crashing 4 times in 3 minutes\. Run "Agent Manifest: Restart server"/);
    // Stopped: a later close is no crash of a running server.
    expect(failures.closed()).toEqual({ restart: false });
  });

  it('forgets crashes older than the window', () => {
    let now = 0;
    const failures = new ServerFailures(() => now);
    failures.started();
    for (let crash = 1; crash <= 10; crash++) {
      now += CRASH_WINDOW_MS / 2;
      expect(failures.closed(), `crash ${crash}`).toEqual({ restart: true });
    }
  });

  it('names what failed at start in one line', () => {
    expect(startFailureMessage(new Error('spawn node ENOENT\n    at ChildProcess._handle (node:internal)'))).toBe(
      'Agent Manifest: the language server could not start (spawn node ENOENT).',
    );
    expect(startFailureMessage('')).toBe('Agent Manifest: the language server could not start (no reason given).');
    expect(startFailureMessage(new Error('x'.repeat(300)))).toMatch(/\(x{160}…\)\.$/);
  });
});
