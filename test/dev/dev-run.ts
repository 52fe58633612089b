/**
 * Runs `manifest-lint dev` as a user does — the built binary in its own process — on a copy of
 * the fixture template (test/fixtures/dev) whose route ports are free ones, so that runs never
 * collide; and tells whether a process the fixture started (it writes its pids) still runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BIN, ROOT } from '../cli/helpers.js';
import { workspace } from '../workspace.js';

const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'dev');
/** The secret's value the runs pass (the fixture's crash prints it: the command must not). */
export const GREETING = 'grtng-Zq8vK3mW9pX2';

/** `count` different ports nothing listens on now: the system's picks, held together (so they differ), then released. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '0.0.0.0', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export interface Template {
  folder: string;
  ports: [number, number];
}

type Manifest = { scripts: Record<string, string>; routes: { port: number; path: string; protected?: boolean }[]; secrets: unknown[] };

/**
 * A copy of the fixture with free ports for its two routes and its start script; `change` may
 * rewrite the manifest further (`{app}` and `{private}` in a script stand for the ports).
 */
export async function template(change: (manifest: Manifest) => void = () => {}): Promise<Template> {
  const folder = workspace();
  for (const name of fs.readdirSync(FIXTURE)) fs.copyFileSync(path.join(FIXTURE, name), path.join(folder, name));
  const [app, privateRoute] = await freePorts(2);
  const ports: [number, number] = [app!, privateRoute!];
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
  manifest.routes[0]!.port = ports[0];
  manifest.routes[1]!.port = ports[1];
  manifest.scripts.start = 'node server.mjs {app} {private}';
  change(manifest);
  for (const [name, script] of Object.entries(manifest.scripts)) {
    manifest.scripts[name] = script.replaceAll('{app}', String(ports[0])).replaceAll('{private}', String(ports[1]));
  }
  fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { folder, ports };
}

/** The command's environment: the secret set, and a variable the scripts must not get. */
export function environment(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GREETING, NOT_FOR_THE_SCRIPTS: 'x', ...extra };
  delete env.NODE_OPTIONS;
  for (const [key, value] of Object.entries(extra)) if (value === undefined) delete env[key];
  return env;
}

export interface DevRun {
  child: ChildProcess;
  /** stdout and stderr, as printed so far. */
  output(): string;
  /** Waits for a line matching `pattern` and gives its match. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Settles with the exit code and the whole output when the command has ended. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
}

/** Starts the command in `folder`'s parent folder's stead: `cwd` is the template. */
export function startDev(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): DevRun {
  const child = spawn(process.execPath, [BIN, 'dev', ...args], { cwd: options.cwd, env: options.env ?? environment(), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin!.end();
  let text = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, output: text })),
  );
  return {
    child,
    output: () => text,
    ended,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const match = pattern.exec(text);
          if (!match) return;
          listeners.delete(look);
          resolve(match);
        };
        listeners.add(look);
        void ended.then(() => {
          listeners.delete(look);
          reject(new Error(`the command ended before printing ${pattern}:\n${text}`));
        });
        look();
      }),
  };
}

/** Runs the command to its end (a check, or a refusal). */
export function runDev(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return startDev(args, options).ended;
}

/** The pid a fixture script wrote to `name` in the template, or undefined when it never ran. */
export function writtenPid(folder: string, name: string): number | undefined {
  const file = path.join(folder, name);
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : undefined;
}
