/**
 * What the editor tests share: the built server they start, a manifest with known problems, the
 * set-ups docs/editors.md gives (loaded as written, the server's path put in), a home of its own
 * for each editor, and a run of the editor that cannot outlive the test.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocBlock } from '../doc-snippets.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built server, an executable script (`#!/usr/bin/env node`), as a global install links it. */
export const SERVER = path.join(ROOT, 'dist', 'manifest-language-server.cjs');
/** The command the documented set-ups name, found on the PATH after a global install. */
export const SERVER_COMMAND = 'manifest-language-server';

export const IN_CI = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI.toLowerCase());

/** A Telegram-shaped token assembled here, so that no token-like literal is committed. */
export const TOKEN = [String(7_000_000_000 + 4_102_233), ['AAF', 'q9Lw', 'T3xZ', 'k7Rb', 'N2mV', 'c8Hd', 'P5sJ', 'y1Ge', 'U6a'].join('')].join(':');

/** A manifest with four known problems, one per line that the assertions name. */
export const PROBLEMS = `{
  "$schema": "https://agents.pinata.cloud/schemas/manifest.v1.json",
  "version": 1,
  "agent": { "name": "Port Clash" },
  "secrets": [{ "name": "OPS_API_KEY", "description": "Key for the ops service" }],
  "scripts": { "start": "node server.js --port 18789" },
  "routes": [
    { "port": 18789, "path": "/app" }
  ],
  "tasks": [
    {
      "name": "poll",
      "schedule": { "kind": "every", "everyMs": 10000 },
      "payload": { "kind": "agentTurn", "text": "Check the queue" }
    }
  ],
  "channels": {
    "telegram": { "botToken": "${TOKEN}", "dmPolicy": "pairing" }
  },
  "notes": "Deploy notes"
}
`;

/** The rule ids PROBLEMS breaks, with their 0-based lines. */
export const PROBLEM_LINES: [string, number][] = [
  ['route-port-reserved', 7],
  ['task-interval-too-short', 12],
  ['channel-token-literal', 17],
  ['unknown-property', 19],
];

/** 0-based line and UTF-16 character of `needle` in `text`, plus `delta` (the texts are ASCII). */
export function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} not found`);
  const before = text.slice(0, offset + delta).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

/**
 * A set-up of docs/editors.md (`block`, asked for by name with `snippet()`), exactly as written
 * but for the one place that names the server (`'manifest-language-server'` in the snippet's own
 * quotes), which gets the path of the built server: the substitution the page declares.
 */
export function documentedSetup(block: DocBlock, quote: string): string {
  const named = `${quote}${SERVER_COMMAND}${quote}`;
  const count = block.code.split(named).length - 1;
  if (count !== 1) throw new Error(`the set-up at ${block.page}:${block.line} names ${named} ${count} times, not once`);
  return block.code.replace(named, `${quote}${SERVER}${quote}`);
}

/**
 * The environment of an editor run: a home of its own under `dir` (no user configuration, state
 * or cache from this machine), and the Node.js running the tests first on the PATH, for the
 * server's `#!/usr/bin/env node`.
 */
export function editorEnvironment(dir: string, extra: Record<string, string>, drop: string[]): NodeJS.ProcessEnv {
  const home = path.join(dir, 'home');
  const xdg = {
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CONFIG_DIRS: path.join(home, 'etc-xdg'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_RUNTIME_DIR: path.join(home, 'run'),
  };
  for (const folder of Object.values(xdg)) fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    ...xdg,
    PATH: [path.dirname(process.execPath), process.env.PATH].filter(Boolean).join(path.delimiter),
    ...extra,
  };
  for (const name of ['NODE_OPTIONS', ...drop]) delete env[name];
  return env;
}

export interface EditorRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  killed: boolean;
  /** Standard output and error, interleaved. */
  said: string;
  ms: number;
}

/**
 * Runs an editor to its end in a process group of its own, so that a hang is ended, after
 * `killAfterMs`, together with the server it started; anything left in the group goes too.
 */
export async function runEditor(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; killAfterMs: number }): Promise<EditorRun> {
  const started = Date.now();
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let said = '';
  child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
  let killed = false;
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => {
    killed = true;
    killGroup();
  }, options.killAfterMs);
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, sig) => resolve([code, sig]));
  }).finally(() => clearTimeout(timer));
  killGroup();
  return { exitCode, signal, killed, said, ms: Date.now() - started };
}

/** How a run ended and what the editor said, for a failure message. */
export function describeRun(editor: string, run: EditorRun, report: unknown): string {
  return `after ${run.ms} ms, exit code ${run.exitCode}${run.signal ? `, signal ${run.signal}` : ''}; ${editor} said:\n${run.said}\nreport: ${JSON.stringify(report, null, 2)}`;
}

/**
 * Skips the test when the editor is missing, except in CI, where that fails it: `.ci/run`
 * installs the editors (`apt-get install <packages>`).
 */
export function requireEditor(found: { ok: true } | { ok: false; reason: string }, editor: string, packages: string, skip: (note: string) => never): void {
  if (found.ok) return;
  if (IN_CI) {
    throw new Error(
      `${editor} is required in CI for the editor test, but ${found.reason}. .ci/run installs it (apt-get install ${packages}) when it runs as root or with sudo.`,
    );
  }
  skip(`${editor} is not installed (${found.reason}); install it (for example apt-get install ${packages}) to run the editor test`);
}
