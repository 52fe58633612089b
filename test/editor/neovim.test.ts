/**
 * A real editor in front of the server: headless Neovim, with no user configuration and no
 * plugins, starts the built `manifest-language-server` with its own LSP client
 * (`vim.lsp.start_client`, the API of Neovim 0.7, Debian's version), opens manifests from disk and
 * reports what it received (`lsp-client.lua` beside this file).
 *
 * Without `nvim` on the PATH the test is skipped, except in CI (`CI` set), where it fails: CI
 * installs Neovim in `.ci/run`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { snippet } from '../doc-snippets.js';
import { withPackage } from '../installed-package.js';
import { workspace } from '../workspace.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = path.join(ROOT, 'dist', 'manifest-language-server.cjs');
const CLIENT_SCRIPT = fileURLToPath(new URL('./lsp-client.lua', import.meta.url));
const NOW = '2026-11-23T09:00:00Z';
/** How long the Lua script waits for each step, and when this test gives up on Neovim and kills it. */
const STEP_TIMEOUT_MS = 10_000;
const KILL_AFTER_MS = 25_000;

const IN_CI = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI.toLowerCase());

/** A Telegram-shaped token assembled here, so that no token-like literal is committed. */
const TOKEN = [String(7_000_000_000 + 4_102_233), ['AAF', 'q9Lw', 'T3xZ', 'k7Rb', 'N2mV', 'c8Hd', 'P5sJ', 'y1Ge', 'U6a'].join('')].join(':');

/** A manifest with four known problems, one per line that the assertions name. */
const PROBLEMS = `{
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

const CLEAN = `{
  "$schema": "https://agents.pinata.cloud/schemas/manifest.v1.json",
  "version": 1,
  "agent": { "name": "Field Notes", "description": "Collects notes and sends a digest." },
  "model": "anthropic/claude-sonnet-4-5",
  "secrets": [
    { "name": "TELEGRAM_BOT_TOKEN", "description": "Bot token from BotFather" },
    { "name": "NOTES_API_KEY", "description": "Key for the notes service" }
  ],
  "tasks": [
    {
      "name": "morning-digest",
      "schedule": { "kind": "cron", "expr": "0 9 * * 1-5", "tz": "Europe/Lisbon" },
      "payload": { "kind": "agentTurn", "text": "Summarise yesterday's notes" },
      "delivery": { "mode": "announce", "channel": "telegram", "to": "12345" }
    }
  ],
  "scripts": { "build": "npm ci", "start": "node server.js --port 3000" },
  "routes": [{ "port": 3000, "path": "/app", "protected": true }],
  "channels": {
    "telegram": { "botToken": "env:TELEGRAM_BOT_TOKEN", "dmPolicy": "pairing" }
  }
}
`;

/** 0-based line and UTF-16 character of `needle` in `text`, plus `delta` (the texts are ASCII). */
function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} not found`);
  const before = text.slice(0, offset + delta).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

/** Where completion is asked: on the key `"port"` of the route, and inside the clean channel's `env:` token. */
const ROUTE_KEY = positionOf(PROBLEMS, '"port": 18789');
const ENV_VALUE = positionOf(CLEAN, '"env:TELEGRAM_BOT_TOKEN"', '"env:'.length);

interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  code?: string;
  severity?: number;
  message: string;
}
interface VimDiagnostic {
  lnum: number;
  col: number;
  code?: string;
  severity: number;
}
interface FileReport {
  path: string;
  uri: string;
  published: { uri: string; version?: number; diagnostics: LspDiagnostic[] }[];
  vimDiagnostics: VimDiagnostic[];
  completions?: { position: { line: number; character: number }; error: unknown; result: { items: { label: string }[] } | { label: string }[] | null }[];
}
interface Report {
  ok: boolean;
  error?: string;
  files: FileReport[];
}

interface NeovimRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  killed: boolean;
  stderr: string;
  report: Report | undefined;
  ms: number;
}

/** `nvim` on the PATH and its version, or why it cannot be used. */
function findNeovim(): { ok: true; version: string } | { ok: false; reason: string } {
  const probe = spawnSync('nvim', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.error) return { ok: false, reason: `\`nvim\` could not be run (${(probe.error as NodeJS.ErrnoException).code ?? probe.error.message})` };
  const match = /NVIM v(\d+)\.(\d+)\.(\d+)/.exec(probe.stdout);
  if (!match) return { ok: false, reason: `\`nvim --version\` did not print a Neovim version: ${probe.stdout.slice(0, 200)}` };
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major === 0 && minor < 7) return { ok: false, reason: `Neovim ${match[0]} is older than 0.7` };
  return { ok: true, version: match[0] };
}

const neovim = findNeovim();

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs Neovim once over both manifests (each in its own folder of one workspace) and reads what it
 * wrote. Neovim runs in its own process group, so a hang is ended with the server it started.
 */
async function runNeovim(): Promise<NeovimRun> {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-nvim-')));
  temporary.push(dir);
  const workspace = path.join(dir, 'workspace');
  fs.mkdirSync(path.join(workspace, '.git'), { recursive: true });
  const files = {
    problems: path.join(workspace, 'problems', 'manifest.json'),
    clean: path.join(workspace, 'clean', 'manifest.json'),
  };
  for (const [file, text] of [[files.problems, PROBLEMS], [files.clean, CLEAN]] as const) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
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
  const output = path.join(dir, 'received.json');
  const plan = path.join(dir, 'plan.json');
  fs.writeFileSync(
    plan,
    JSON.stringify({
      cmd: [process.execPath, SERVER, '--stdio'],
      rootDir: workspace,
      initOptions: { now: NOW, debounceMs: 20 },
      timeoutMs: STEP_TIMEOUT_MS,
      output,
      files: [
        { path: files.problems, completions: [ROUTE_KEY] },
        { path: files.clean, completions: [ENV_VALUE] },
      ],
    }),
  );

  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, ...xdg, MANIFEST_LSP_PLAN: plan, MANIFEST_LSP_SCRIPT: CLIENT_SCRIPT };
  for (const name of ['NODE_OPTIONS', 'VIMINIT', 'EXINIT', 'MYVIMRC', 'VIM', 'VIMRUNTIME', 'NVIM', 'NVIM_APPNAME', 'NVIM_LISTEN_ADDRESS', 'NVIM_LOG_FILE']) {
    delete env[name];
  }
  const started = Date.now();
  const child = spawn('nvim', ['--headless', '--clean', '-u', 'NONE', '-n', '-i', 'NONE', '-c', 'lua dofile(os.getenv("MANIFEST_LSP_SCRIPT"))'], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
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
  }, KILL_AFTER_MS);
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, sig) => resolve([code, sig]));
  }).finally(() => clearTimeout(timer));
  // The server stops with Neovim; anything left in the group goes too.
  killGroup();
  const report = fs.existsSync(output) ? (JSON.parse(fs.readFileSync(output, 'utf8')) as Report) : undefined;
  return { exitCode, signal, killed, stderr, report, ms: Date.now() - started };
}

let run: Promise<NeovimRun> | undefined;

/** The one Neovim run, checked to have succeeded; skips or fails (in CI) without Neovim. */
async function received(skip: (note: string) => never): Promise<{ problems: FileReport; clean: FileReport; run: NeovimRun }> {
  if (!neovim.ok) {
    if (IN_CI) {
      throw new Error(`Neovim is required in CI for the editor test, but ${neovim.reason}. .ci/run installs it (apt-get install neovim) when it runs as root or with sudo.`);
    }
    skip(`Neovim is not installed (${neovim.reason}); install it (for example apt-get install neovim) to run the editor test`);
  }
  const result = await (run ??= runNeovim());
  const what = () => `after ${result.ms} ms, exit code ${result.exitCode}${result.signal ? `, signal ${result.signal}` : ''}; Neovim said:\n${result.stderr}\nreport: ${JSON.stringify(result.report, null, 2)}`;
  if (result.killed) throw new Error(`Neovim did not finish within ${KILL_AFTER_MS} ms and was killed; ${what()}`);
  if (result.exitCode !== 0 || !result.report?.ok) throw new Error(`Neovim did not receive everything: ${result.report?.error ?? 'no report written'}; ${what()}`);
  const [problems, clean] = result.report.files;
  return { problems: problems!, clean: clean!, run: result };
}

const codesAndLines = (diagnostics: LspDiagnostic[]) => diagnostics.map((d) => [d.code, d.range.start.line]);
const labels = (file: FileReport, index = 0): string[] => {
  const result = file.completions?.[index]?.result;
  const items = Array.isArray(result) ? result : (result?.items ?? []);
  return items.map((item) => item.label);
};

describe(`Neovim (${neovim.ok ? neovim.version : 'not installed'}) with vim.lsp.start_client`, () => {
  it('receives the rule ids and lines of a manifest with known problems', async ({ skip }) => {
    const { problems } = await received(skip);
    expect(problems.published.length).toBeGreaterThan(0);
    const [first] = problems.published;
    expect(first!.uri).toBe(pathToFileURL(problems.path).href);
    expect(codesAndLines(first!.diagnostics)).toEqual([
      ['route-port-reserved', 7],
      ['task-interval-too-short', 12],
      ['channel-token-literal', 17],
      ['unknown-property', 19],
    ]);
    // The same findings reached Neovim's own diagnostics, as a user would see them.
    expect(problems.vimDiagnostics.map((d) => [d.code, d.lnum]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual(codesAndLines(first!.diagnostics));
    // No message repeats the literal token.
    expect(JSON.stringify(problems.published)).not.toContain(TOKEN.slice(5));
  });

  it('receives an empty diagnostics list for a clean manifest', async ({ skip }) => {
    const { clean } = await received(skip);
    expect(clean.published.length).toBeGreaterThan(0);
    for (const publication of clean.published) expect(publication.diagnostics).toEqual([]);
    expect(clean.vimDiagnostics).toEqual([]);
  });

  it('completes the keys of a route object, leaving out the key already there', async ({ skip }) => {
    const { problems } = await received(skip);
    expect(problems.completions?.[0]?.error).toBeNull();
    expect(labels(problems)).toEqual(['port', 'protected']);
  });

  it('completes env: names from the declared secrets in a channel token', async ({ skip }) => {
    const { clean } = await received(skip);
    expect(clean.completions?.[0]?.error).toBeNull();
    expect(labels(clean).sort()).toEqual(['"env:NOTES_API_KEY"', '"env:TELEGRAM_BOT_TOKEN"']);
  });
});

/** After docs/language-server.md's set-up as init.lua: waits for the diagnostics of the opened file and writes their rule ids. */
const REPORT_DIAGNOSTICS = `
local arrived = vim.wait(${STEP_TIMEOUT_MS}, function() return #vim.diagnostic.get(0) > 0 end, 50)
local codes = {}
for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(codes, tostring(d.code)) end
table.sort(codes)
vim.fn.writefile({ vim.fn.json_encode({ arrived = arrived, codes = codes }) }, 'report.json')
vim.cmd('qall!')
`;

/** A manifest with a finding of its own and one of the rule the set-up turns off (secret-name-case). */
const SNAKE_CASE_SECRET = `{
  "version": 1,
  "agent": { "name": "Port Clash" },
  "secrets": [{ "name": "ops_api_key", "description": "Key for the ops service" }],
  "scripts": { "start": "node server.js --port 18789" },
  "routes": [{ "port": 18789, "path": "/app" }]
}
`;

describe('the Neovim 0.7 set-up of docs/language-server.md, as written in init.lua', () => {
  it('starts the installed server through npx when a JSON file opens and sends its settings: the findings arrive, the rule it turns off stays silent', ({ skip }) => {
    if (!neovim.ok) {
      if (IN_CI) throw new Error(`Neovim is required in CI for the editor test, but ${neovim.reason}.`);
      skip(`Neovim is not installed (${neovim.reason})`);
    }
    const project = withPackage(
      workspace({ 'package.json': '{ "private": true }\n', 'manifest.json': SNAKE_CASE_SECRET, 'init.lua': snippet('neovim-0-7').code, 'report.lua': REPORT_DIAGNOSTICS }),
    );
    // No user configuration or plugins of this machine; npm stays offline (the command is installed).
    const env = { ...process.env, XDG_CONFIG_HOME: path.join(project, 'config'), XDG_DATA_HOME: path.join(project, 'data'), npm_config_offline: 'true' };
    const run = spawnSync('nvim', ['--headless', '-u', 'init.lua', '-i', 'NONE', '-n', 'manifest.json', '-c', 'luafile report.lua'], {
      cwd: project,
      env,
      encoding: 'utf8',
      timeout: KILL_AFTER_MS,
      killSignal: 'SIGKILL',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(project, 'report.json'), 'utf8'))).toEqual({ arrived: true, codes: ['route-port-reserved'] });
  });
});
