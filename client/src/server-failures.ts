// How the extension answers its language server failing, apart from `vscode` so it can be tested.
// A server that never started is not started again and again: the user gets one message that
// says what failed, with the detail in the output channel. A server that ran and then crashed is
// restarted, a few times, and then left stopped with one message saying so.

/** Crashes within this window count towards giving up. */
export const CRASH_WINDOW_MS = 3 * 60 * 1000;
/** Restarts allowed within the window; the next crash stops the server for good. */
export const MAX_RESTARTS = 3;

export interface CloseDecision {
  restart: boolean;
  /** What to tell the user, once, when the server is left stopped after it ran. */
  message?: string;
}

export class ServerFailures {
  private running = false;
  private readonly crashes: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** The server answered `initialize`: from now on a lost connection is a crash. */
  started(): void {
    this.running = true;
  }

  /** The connection to the server closed. */
  closed(): CloseDecision {
    // Before it ever ran, the failed start is reported by whoever started it.
    if (!this.running) return { restart: false };
    const now = this.now();
    this.crashes.push(now);
    while (this.crashes.length > 0 && now - this.crashes[0]! > CRASH_WINDOW_MS) this.crashes.shift();
    if (this.crashes.length <= MAX_RESTARTS) return { restart: true };
    this.running = false;
    return {
      restart: false,
      message: `Agent Manifest: the language server stopped after crashing ${this.crashes.length} times in ${CRASH_WINDOW_MS / 60_000} minutes. Run "Agent Manifest: Restart server" to try again.`,
    };
  }
}

/** The one message for a server that could not start: what failed, in a line, and where to look. */
export function startFailureMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const line =
    reason
      .split('\n')
      .find((text) => text.trim() !== '')
      ?.trim() ?? 'no reason given';
  return `Agent Manifest: the language server could not start (${line.length > 160 ? `${line.slice(0, 160)}…` : line}).`;
}
