/**
 * `manifest-lint dev` on the fixture template and its broken variants: the plan first, the
 * lifecycle as the platform runs it (build, then start only after a successful build), the
 * gateway (prefix stripped, the token on protected routes, WebSockets, 404 and 502), each
 * route's binding, and no process left once the command has ended.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BIN } from '../cli/helpers.js';
import { snippet } from '../doc-snippets.js';
import { workspace } from '../workspace.js';
import { environment, GREETING, runDev, startDev, template, writtenPid, type DevRun } from './dev-run.js';
import { gone } from '../processes.js';

/** The fixture's processes: none may run once the command has ended. */
const PID_FILES = ['build.pid', 'build-child.pid', 'server.pid'];
let folders: string[] = [];
let running: DevRun[] = [];

afterEach(async () => {
  // A failed assertion leaves its run going: end it, then check what every case promises.
  for (const run of running) run.child.kill('SIGTERM');
  await Promise.all(running.map((run) => run.ended));
  for (const folder of folders) {
    for (const file of PID_FILES) {
      const pid = writtenPid(folder, file);
      if (pid !== undefined) expect(gone(pid), `${file} (${pid}) still runs`).toBe(true);
    }
  }
  folders = [];
  running = [];
});

async function fixtureCopy(...args: Parameters<typeof template>) {
  const made = await template(...args);
  folders.push(made.folder);
  return made;
}

function started(args: string[], cwd: string, env?: NodeJS.ProcessEnv): DevRun {
  const run = startDev(args, { cwd, env });
  running.push(run);
  return run;
}

/** The start log, to say why a route was not ready when a test fails. */
function startLog(folder: string): string {
  const file = path.join(folder, '.agent-manifest/dev/user-start.log');
  return `user-start.log:\n${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(none)'}`;
}

const CHECK = ['--check', '--yes', '--gateway-port', '0'];

describe('manifest-lint dev --check --yes on the fixture', () => {
  it('prints the plan, builds, starts, finds every route ready on all interfaces, stops everything and exits 0', async () => {
    const { folder, ports } = await fixtureCopy();
    const result = await runDev(CHECK, { cwd: folder });
    expect(result.output).toContain(`manifest-lint dev: the plan for ${path.join(folder, 'manifest.json')}`);
    expect(result.output).toMatch(/^ {2}build {4}node build\.mjs$/m);
    expect(result.output).toContain(`/private → port ${ports[1]} (protected)`);
    expect(result.output).toContain('GREETING (required; from the environment)');
    expect(result.output).toContain('note: the optional secret EXTRA_NOTE is not set');
    expect(result.output).toContain('build: done (exit code 0)');
    expect(result.output, startLog(folder)).toContain(`route /app → port ${ports[0]}: ready (listening on all interfaces)`);
    expect(result.output, startLog(folder)).toContain(`route /private → port ${ports[1]} (protected): ready (listening on all interfaces)`);
    expect(result.output).toContain('check: every route is ready');
    expect(result.output).not.toContain(GREETING);
    expect(result.code).toBe(0);
    // The plan comes before anything runs; the logs are where the plan said.
    expect(result.output.indexOf('secrets')).toBeLessThan(result.output.indexOf('build: running'));
    expect(fs.readFileSync(path.join(folder, '.agent-manifest/dev/user-build.log'), 'utf8')).toContain('wrote dist/built.txt');
    expect(fs.readFileSync(path.join(folder, '.agent-manifest/dev/user-start.log'), 'utf8')).toContain(`listening on 0.0.0.0:${ports[0]}`);
    expect(writtenPid(folder, 'server.pid')).toBeDefined();
  });

  it('is what docs/dev.md runs: its example, as written, on a copy of the fixture (free ports) exits 0 with every route ready', async () => {
    const [assignment, command, subcommand, fixturePath, ...args] = snippet('dev-check').code.trim().split(/\s+/);
    expect([command, subcommand, fixturePath]).toEqual(['manifest-lint', 'dev', 'test/fixtures/dev']);
    const [name, value] = assignment!.split('=');
    const { folder } = await fixtureCopy();
    const result = await runDev([folder, ...args], { cwd: workspace(), env: environment({ GREETING: undefined, [name!]: value }) });
    expect(result.output).toContain('check: every route is ready');
    expect(result.code).toBe(0);
  });

  it('stops what a start put in the background, whose shell had already exited 0', async () => {
    const { folder, ports } = await fixtureCopy((manifest) => (manifest.scripts.start = 'node server.mjs {app} {private} & echo started'));
    const result = await runDev(CHECK, { cwd: folder });
    expect(result.output).toContain('start: exited with code 0; what it started keeps running');
    expect(result.output, startLog(folder)).toContain(`route /app → port ${ports[0]}: ready (listening on all interfaces)`);
    expect(result.code).toBe(0);
    // afterEach: server.pid, the background server's, no longer runs.
    expect(writtenPid(folder, 'server.pid')).toBeDefined();
  });

  it("takes a secret from --env-file when the environment lacks it, and notes the file's undeclared names", async () => {
    const { folder } = await fixtureCopy();
    fs.writeFileSync(path.join(folder, 'dev.env'), `# local values\nexport GREETING="${GREETING}"\nUNUSED_TOKEN=abc\n`);
    const result = await runDev([...CHECK, '--env-file', 'dev.env'], { cwd: folder, env: environment({ GREETING: undefined }) });
    expect(result.output).toContain('GREETING (required; from the env file)');
    expect(result.output).toContain('note: UNUSED_TOKEN in the env file is not a declared secret: the scripts do not get it');
    expect(result.output).not.toContain(GREETING);
    expect(result.code).toBe(0);
  });

  it("leaves ordinary text readable: an env file's values that are no secrets, and a declared value too short to hide, which it says", async () => {
    const { folder } = await fixtureCopy();
    fs.writeFileSync(path.join(folder, 'dev.env'), 'DEBUG=1\nNODE_ENV=node\nEXTRA_NOTE=app\n');
    const result = await runDev([...CHECK, '--env-file', 'dev.env'], { cwd: folder, env: environment() });
    // The plan's folder, scripts and routes are printed as they are, `node` and `app` included.
    expect(result.output).toContain('build    node build.mjs');
    expect(result.output).toContain('/app → port');
    expect(result.output).toContain('http://127.0.0.1:');
    expect(result.output).toContain('note: the value of EXTRA_NOTE is shorter than 8 characters');
    expect(result.output).not.toContain(GREETING);
    expect(result.code).toBe(0);
  });
});

describe('the gateway of a running manifest-lint dev', () => {
  async function running(): Promise<{ run: DevRun; gateway: string; token: string; folder: string }> {
    const { folder } = await fixtureCopy();
    const run = started(['--yes', '--gateway-port', '0'], folder);
    const [, gateway] = await run.waitFor(/gateway: listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const [, token] = await run.waitFor(/gateway token \(this run's, shown once\): (\S+)/);
    await run.waitFor(/Ctrl\+C stops everything/);
    return { run, gateway: gateway!, token: token!, folder };
  }

  it("strips the route's prefix, serves what the build made, gives the scripts only the declared secrets and a minimal environment, and ends clean on SIGTERM", async () => {
    const { run, gateway } = await running();
    const echo = await fetch(`${gateway}/app/echo/x?y=1`);
    expect(echo.status).toBe(200);
    const body = (await echo.json()) as { path: string; greeting: boolean; env: string[] };
    expect(body.path).toBe('/echo/x?y=1');
    expect(body.greeting).toBe(true);
    expect(body.env).toContain('GREETING');
    expect(body.env).not.toContain('NOT_FOR_THE_SCRIPTS');
    // The shell adds PWD (and may add SHLVL and OLDPWD); everything else is the minimal set.
    const allowed = new Set(['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'GREETING', 'PWD', 'SHLVL', 'OLDPWD', '_']);
    expect(body.env.filter((name) => !allowed.has(name))).toEqual([]);
    expect(await (await fetch(`${gateway}/app`)).json()).toMatchObject({ path: '/' });
    expect(await (await fetch(`${gateway}/app/built`)).text()).toBe('built by build.mjs\n');
    run.child.kill('SIGTERM');
    const ended = await run.ended;
    expect(ended.code).toBe(0);
  });

  it('answers 401 on a protected route without the token, and 200 with each of its three forms', async () => {
    const { gateway, token, run } = await running();
    expect((await fetch(`${gateway}/private/a`)).status).toBe(401);
    expect((await fetch(`${gateway}/private/a`, { headers: { authorization: 'Bearer not-the-token' } })).status).toBe(401);
    const unauthorized = await fetch(`${gateway}/private/a?token=${token}x`);
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.text()).toContain('Authorization: Bearer <token>, ?token=<token> or the cookie gw_token');
    for (const [url, headers] of [
      [`${gateway}/private/a`, { authorization: `Bearer ${token}` }],
      [`${gateway}/private/a?token=${encodeURIComponent(token)}`, {}],
      [`${gateway}/private/a`, { cookie: `theme=dark; gw_token=${token}` }],
    ] as const) {
      const answer = await fetch(url, { headers });
      expect(answer.status, url).toBe(200);
      expect(((await answer.json()) as { path: string }).path.split('?')[0]).toBe('/a');
    }
    // The token is shown once, where it was made.
    expect(run.output().split(token).length - 1).toBe(1);
  });

  it('passes WebSocket upgrades through, prefix stripped, and asks protected ones for the token', async () => {
    const { gateway, token } = await running();
    const wsUrl = gateway.replace('http:', 'ws:');
    const echoed = (url: string, options: WebSocket.ClientOptions = {}) =>
      new Promise<string>((resolve, reject) => {
        const socket = new WebSocket(url, options);
        socket.once('open', () => socket.send('hello'));
        socket.once('message', (data) => {
          resolve(data.toString());
          socket.close();
        });
        socket.once('unexpected-response', (_request, response) => reject(new Error(`status ${response.statusCode}`)));
        socket.once('error', reject);
      });
    expect(await echoed(`${wsUrl}/app/ws`)).toBe('echo /ws: hello');
    await expect(echoed(`${wsUrl}/private/ws`)).rejects.toThrow('status 401');
    expect(await echoed(`${wsUrl}/private/ws`, { headers: { authorization: `Bearer ${token}` } })).toBe('echo /ws: hello');
  });

  it('answers 404 for a path no route covers, listing the routes', async () => {
    const { gateway } = await running();
    const answer = await fetch(`${gateway}/apples`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toMatch(/^No route for \/apples: the routes are \/app → port \d+, \/private → port \d+ \(protected\)\.$/m);
  });
});

describe("the lifecycle's failures", () => {
  it("a failing build: start never runs, exit 1 with the build log's tail", async () => {
    const { folder } = await fixtureCopy((manifest) => (manifest.scripts.build = 'node build.mjs --fail'));
    const result = await runDev(CHECK, { cwd: folder });
    expect(result.output).toContain('error: build: exited with code 2; start does not run');
    expect(result.output).toContain('  | build.mjs: cannot compile src/index.ts (a deliberate failure)');
    expect(result.output).not.toContain('start: running');
    expect(writtenPid(folder, 'server.pid')).toBeUndefined();
    expect(result.code).toBe(1);
  });

  it('a build over --build-timeout: stopped with the child it started, start never runs, exit 1', async () => {
    const { folder } = await fixtureCopy((manifest) => (manifest.scripts.build = 'node build.mjs --hang'));
    const result = await runDev([...CHECK, '--build-timeout', '1'], { cwd: folder });
    expect(result.output).toContain(
      "error: build: still running after 1 s, the platform's limit (--build-timeout): it was stopped with everything it started, and start does not run",
    );
    expect(result.output).toContain('  | build.mjs: watching for changes…');
    expect(writtenPid(folder, 'build-child.pid')).toBeDefined();
    expect(writtenPid(folder, 'server.pid')).toBeUndefined();
    expect(result.code).toBe(1);
  });

  it('a server bound to 127.0.0.1: reported as binding localhost, exit 1', async () => {
    const { folder, ports } = await fixtureCopy((manifest) => (manifest.scripts.start = 'HOST=127.0.0.1 node server.mjs {app} {private}'));
    const result = await runDev(CHECK, { cwd: folder });
    expect(result.output).toContain(
      `error: route /app → port ${ports[0]}: binds localhost; the platform's gateway reaches your server over the container network — bind 0.0.0.0 (it listens on 127.0.0.1 only)`,
    );
    expect(result.output).toContain('check: failed');
    expect(result.code).toBe(1);
  });

  it('a start that crashes: reported with its code and masked log tail while the gateway answers 502 for its route', async () => {
    const { folder, ports } = await fixtureCopy((manifest) => (manifest.scripts.start = 'node server.mjs {app} {private} --crash'));
    const run = started(['--yes', '--gateway-port', '0'], folder);
    const [, gateway] = await run.waitFor(/gateway: listening on (http:\/\/127\.0\.0\.1:\d+)/);
    await run.waitFor(/Ctrl\+C stops everything/);
    const answer = await fetch(`${gateway}/app/x`);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toBe(`Nothing answers on port ${ports[0]} for the route /app.\n`);
    run.child.kill('SIGINT');
    const ended = await run.ended;
    expect(ended.output).toContain('error: start: exited with code 3');
    expect(ended.output).toContain(`error: route /app → port ${ports[0]}: nothing listens on port ${ports[0]} (start is no longer running)`);
    expect(ended.output).toMatch(/\| server\.mjs: greeting "grtn…" is set, but config\.json is missing/);
    expect(ended.output).not.toContain(GREETING);
    expect(ended.code).toBe(1);
  });

  it('a missing required secret: named, nothing runs, exit 1', async () => {
    const { folder } = await fixtureCopy();
    const result = await runDev(CHECK, { cwd: folder, env: environment({ GREETING: undefined }) });
    expect(result.output).toContain('error: the required secret GREETING is not set (in the environment)');
    expect(result.output).toContain('Nothing was run.');
    expect(fs.existsSync(path.join(folder, '.agent-manifest'))).toBe(false);
    expect(writtenPid(folder, 'build.pid')).toBeUndefined();
    expect(result.code).toBe(1);
  });

  it("a route on the gateway's port (the platform's 18789, or --gateway-port): refused before anything runs, exit 1", async () => {
    const reserved = await fixtureCopy((manifest) => (manifest.routes[1]!.port = 18789));
    const refused = await runDev(CHECK, { cwd: reserved.folder });
    expect(refused.output).toContain("error: the route `/private` uses port 18789, the gateway's (the platform reserves 18789 for it): pick another port");
    expect(refused.code).toBe(1);
    const chosen = await fixtureCopy();
    const clash = await runDev(['--check', '--yes', '--gateway-port', String(chosen.ports[0])], { cwd: chosen.folder });
    expect(clash.output).toContain(`error: the route \`/app\` uses port ${chosen.ports[0]}, the gateway's`);
    expect(clash.code).toBe(1);
    for (const { folder } of [reserved, chosen]) expect(fs.existsSync(path.join(folder, '.agent-manifest'))).toBe(false);
  });

  it('on Windows: says it is not supported, runs nothing, exit 2', async () => {
    const { folder } = await fixtureCopy();
    const onWindows = `Object.defineProperty(process, 'platform', { value: 'win32' });`;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(onWindows)}`, BIN, 'dev', '--check', '--yes'], {
        cwd: folder,
        env: environment(),
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.stderr).toMatch(/^manifest-lint: dev is not supported on Windows: /);
    expect(fs.existsSync(path.join(folder, '.agent-manifest'))).toBe(false);
    expect(result.code).toBe(2);
  });

  it('without --yes and without a terminal: prints the plan, runs nothing, exit 2', async () => {
    const { folder } = await fixtureCopy();
    const result = await runDev(['--gateway-port', '0'], { cwd: folder });
    expect(result.output).toContain('manifest-lint dev: the plan for');
    expect(result.output).toContain('manifest-lint: standard input is not a terminal, so there is no one to ask: pass --yes to run the plan above');
    expect(fs.existsSync(path.join(folder, '.agent-manifest'))).toBe(false);
    expect(result.code).toBe(2);
  });
});
