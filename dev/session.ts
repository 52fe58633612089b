/**
 * One run of the lifecycle as the platform runs it (seed section 3): the gateway comes up, then
 * `build` runs with its timeout, then — only when it succeeded — `start` runs detached, and each
 * route's port is waited for and reported. Whatever happens, `stop` (a signal, or the end of a
 * check) leaves nothing running: the gateway closes and both scripts' process groups are killed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bindingOf, type Binding } from './listening.js';
import { describeRoute, startGateway, type Gateway } from './gateway.js';
import type { DevPlan, DevRoute } from './plan.js';
import { startScript, waitFor, type ScriptExit, type ScriptProcess } from './process-group.js';

/** Where the logs go, under the manifest's folder (the platform writes them to /tmp). */
export const LOG_FOLDER = path.join('.agent-manifest', 'dev');
export const BUILD_LOG = 'user-build.log';
export const START_LOG = 'user-start.log';
/** Lines of a log shown under a failure. */
const TAIL_LINES = 20;

const BINDS_LOCALHOST = "binds localhost; the platform's gateway reaches your server over the container network — bind 0.0.0.0";

export interface SessionSettings {
  folder: string;
  env: NodeJS.ProcessEnv;
  buildTimeoutMs: number;
  readyTimeoutMs: number;
  gatewayHost: string;
  gatewayPort: number;
  token: string;
  /** Whether the token was generated for this run (and so is printed), or given. */
  tokenGenerated: boolean;
  /** Report and stop once the routes are reported. */
  check: boolean;
}

export interface SessionOutput {
  /** One line of the report (masked by the caller). */
  line(text: string): void;
  /** The one line that shows the gateway token, unmasked; the caller masks it from then on. */
  tokenLine(text: string, token: string): void;
}

/** Settles when the run is asked to stop (Ctrl+C, SIGTERM). */
type StopRequest = Promise<void>;

/** Runs the session and gives the exit code: 0 when nothing went wrong, 1 when something did, 2 when the gateway could not listen. */
export async function runSession(plan: DevPlan, settings: SessionSettings, output: SessionOutput, stopRequest: StopRequest): Promise<number> {
  let stopping = false;
  const stopped = stopRequest.then(() => {
    stopping = true;
  });
  const logs = path.join(settings.folder, LOG_FOLDER);
  fs.mkdirSync(logs, { recursive: true });
  const running: ScriptProcess[] = [];
  let gateway: Gateway | undefined;
  let failed = false;
  const fail = (text: string) => {
    failed = true;
    output.line(`error: ${text}`);
  };
  const tail = (file: string) => {
    const lines = logTail(path.join(logs, file));
    output.line(lines.length === 0 ? `  (${file} is empty)` : `  last lines of ${path.join(LOG_FOLDER, file)}:`);
    for (const text of lines) output.line(`  | ${text}`);
  };

  try {
    try {
      gateway = await startGateway({ port: settings.gatewayPort, host: settings.gatewayHost, routes: plan.routes, token: settings.token });
    } catch (error) {
      output.line(
        `error: the gateway cannot listen on ${settings.gatewayHost}:${settings.gatewayPort}: ${(error as Error).message} (--gateway-port picks another port)`,
      );
      return 2;
    }
    output.line(`gateway: listening on http://${settings.gatewayHost}:${gateway.port}`);
    if (plan.routes.some((route) => route.protected)) {
      if (settings.tokenGenerated) output.tokenLine(`gateway token (this run's, shown once): ${settings.token}`, settings.token);
      else output.line('gateway token: the one given with --gateway-token');
    }

    for (const route of plan.routes) {
      if ((await bindingOf(route.port)) !== undefined) {
        fail(`port ${route.port} (the route ${route.path}) is already in use by another process: stop it first, or the gateway would reach that one`);
      }
    }
    if (failed) return 1;

    if (plan.build !== undefined) {
      output.line(`build: running (timeout ${settings.buildTimeoutMs / 1000} s, log ${path.join(LOG_FOLDER, BUILD_LOG)})`);
      const build = await startScript(plan.build, { cwd: settings.folder, env: settings.env, logFile: path.join(logs, BUILD_LOG) });
      running.push(build);
      const outcome = await Promise.race([build.exited, delay(settings.buildTimeoutMs).then(() => 'timeout' as const), stopped.then(() => 'stop' as const)]);
      // What the build left running (a server it put in the background) is not start's: it stops with the build.
      await build.stop();
      if (outcome === 'stop') return failed ? 1 : 0;
      if (outcome === 'timeout') {
        fail(
          `build: still running after ${settings.buildTimeoutMs / 1000} s, the platform's limit (--build-timeout): it was stopped with everything it started, and start does not run`,
        );
        tail(BUILD_LOG);
        return 1;
      }
      if (outcome.code !== 0) {
        fail(`build: ${exitText(outcome)}; start does not run (the platform runs start only after a successful build)`);
        tail(BUILD_LOG);
        return 1;
      }
      output.line('build: done (exit code 0)');
    }

    let start: ScriptProcess | undefined;
    // How a start that ends is told, once, with its log's tail when it crashed.
    let startReported = Promise.resolve();
    let startTailShown = false;
    if (plan.start !== undefined) {
      output.line(`start: running, detached, no timeout (log ${path.join(LOG_FOLDER, START_LOG)})`);
      start = await startScript(plan.start, { cwd: settings.folder, env: settings.env, logFile: path.join(logs, START_LOG) });
      running.push(start);
      const started = start;
      startReported = started.exited.then((exit) => {
        if (stopping) return;
        const rest = started.running() ? '; what it started keeps running' : '';
        const crashed = exit.code !== 0 || exit.signal !== undefined;
        const text = `start: ${exitText(exit)}${rest} (the agent stays up: only your process ended; the gateway answers 502 for routes nothing serves)`;
        if (crashed) fail(text);
        else output.line(text);
        if (crashed) {
          tail(START_LOG);
          startTailShown = true;
        }
      });
    } else if (plan.routes.length > 0) {
      fail('the manifest declares routes but no start script: nothing will listen on them');
    }

    const bindings = await Promise.all(plan.routes.map((route) => readiness(route, start, settings.readyTimeoutMs, () => stopping)));
    if (stopping) return failed ? 1 : 0;
    // A start that ended while the routes were awaited is told before them (its group may look
    // gone before Node reports the exit).
    if (start !== undefined && !start.running()) await startReported;
    plan.routes.forEach((route, index) => {
      const binding = bindings[index];
      const label = `route ${describeRoute(route)}`;
      if (binding !== undefined) {
        const { ready, text } = bindingReport(binding);
        if (ready) output.line(`${label}: ${text}`);
        else fail(`${label}: ${text}`);
        return;
      }
      const why =
        start === undefined
          ? 'there is no start script'
          : start.running()
            ? `within ${settings.readyTimeoutMs / 1000} s (--ready-timeout)`
            : 'start is no longer running';
      fail(`${label}: nothing listens on port ${route.port} (${why})`);
      if (start !== undefined && !startTailShown) {
        tail(START_LOG);
        startTailShown = true;
      }
    });

    if (settings.check) {
      output.line(failed ? 'check: failed (see the errors above); stopping everything' : 'check: every route is ready; stopping everything');
      return failed ? 1 : 0;
    }
    output.line(`running: the gateway answers on http://${settings.gatewayHost}:${gateway.port}; Ctrl+C stops everything`);
    await stopped;
    return failed ? 1 : 0;
  } finally {
    stopping = true;
    await Promise.all([gateway?.close(), ...running.map((script) => script.stop())]);
  }
}

/** What a route's binding says: ready, or the error it is. */
function bindingReport(binding: Binding): { ready: boolean; text: string } {
  switch (binding.kind) {
    case 'all':
      return { ready: true, text: 'ready (listening on all interfaces)' };
    case 'unknown':
      return { ready: true, text: 'ready (it answers; this machine has no address besides loopback to tell whether it listens on all interfaces)' };
    case 'loopback':
      return { ready: false, text: `${BINDS_LOCALHOST} (it listens on ${binding.addresses.join(' and ')} only)` };
    case 'other':
      return {
        ready: false,
        text: `listens on ${binding.addresses.join(' and ')} only; the platform's gateway reaches your server over the container network — bind 0.0.0.0`,
      };
  }
}

/** Waits until something listens on the route's port, start's processes are all gone, or the time is up. */
async function readiness(route: DevRoute, start: ScriptProcess | undefined, timeoutMs: number, stopping: () => boolean): Promise<Binding | undefined> {
  if (start === undefined) return undefined;
  let binding: Binding | undefined;
  await waitFor(async () => {
    binding = await bindingOf(route.port);
    return binding !== undefined || stopping() || !start.running();
  }, timeoutMs);
  return binding;
}

function exitText(exit: ScriptExit): string {
  return exit.signal !== undefined ? `ended by ${exit.signal}` : `exited with code ${exit.code}`;
}

/** The last lines of a log, or none when it cannot be read. */
function logTail(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const lines = text.replace(/\n$/, '').split('\n');
  return text === '' ? [] : lines.slice(-TAIL_LINES);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
