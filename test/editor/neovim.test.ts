/**
 * A real editor in front of the server: headless Neovim, with no user configuration and no
 * plugins, loads the `vim.lsp.start_client` set-up docs/editors.md gives for Neovim 0.7 (Debian's
 * version), as written, with the built server's path in place of the command; `lsp-client.lua`
 * beside this file then opens manifests from disk and reports what Neovim received.
 *
 * Without `nvim` on the PATH the test is skipped, except in CI (`CI` set), where it fails: CI
 * installs Neovim in `.ci/run`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workspace } from '../workspace.js';
import {
  describeRun,
  documentedSetup,
  editorEnvironment,
  PROBLEM_LINES,
  PROBLEMS,
  positionOf,
  requireEditor,
  runEditor,
  SERVER,
  TOKEN,
  type EditorRun,
} from './editor-runs.js';
import { snippet } from '../doc-snippets.js';

const CLIENT_SCRIPT = fileURLToPath(new URL('./lsp-client.lua', import.meta.url));
/** How long the Lua script waits for each step, and when this test gives up on Neovim and kills it. */
const STEP_TIMEOUT_MS = 10_000;
const KILL_AFTER_MS = 25_000;

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
  cmd?: string[];
  files: FileReport[];
}

interface NeovimRun extends EditorRun {
  report: Report | undefined;
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

/** Runs Neovim once over both manifests (each in its own folder of one workspace) and reads what it wrote. */
async function runNeovim(): Promise<NeovimRun> {
  const dir = fs.realpathSync(workspace({}, { git: false }));
  const root = path.join(dir, 'workspace');
  fs.mkdirSync(path.join(root, '.git'), { recursive: true });
  const files = {
    problems: path.join(root, 'problems', 'manifest.json'),
    clean: path.join(root, 'clean', 'manifest.json'),
  };
  for (const [file, text] of [
    [files.problems, PROBLEMS],
    [files.clean, CLEAN],
  ] as const) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  const config = path.join(dir, 'init.lua');
  fs.writeFileSync(config, documentedSetup(snippet('neovim-start-client'), "'"));
  const output = path.join(dir, 'received.json');
  const plan = path.join(dir, 'plan.json');
  fs.writeFileSync(
    plan,
    JSON.stringify({
      config,
      timeoutMs: STEP_TIMEOUT_MS,
      output,
      files: [
        { path: files.problems, completions: [ROUTE_KEY] },
        { path: files.clean, completions: [ENV_VALUE] },
      ],
    }),
  );
  const env = editorEnvironment(dir, { MANIFEST_LSP_PLAN: plan, MANIFEST_LSP_SCRIPT: CLIENT_SCRIPT }, [
    'VIMINIT',
    'EXINIT',
    'MYVIMRC',
    'VIM',
    'VIMRUNTIME',
    'NVIM',
    'NVIM_APPNAME',
    'NVIM_LISTEN_ADDRESS',
    'NVIM_LOG_FILE',
  ]);
  // The set-up's root is the folder Neovim starts in.
  const run = await runEditor('nvim', ['--headless', '--clean', '-u', 'NONE', '-n', '-i', 'NONE', '-c', 'lua dofile(os.getenv("MANIFEST_LSP_SCRIPT"))'], {
    cwd: root,
    env,
    killAfterMs: KILL_AFTER_MS,
  });
  const report = fs.existsSync(output) ? (JSON.parse(fs.readFileSync(output, 'utf8')) as Report) : undefined;
  return { ...run, report };
}

let run: Promise<NeovimRun> | undefined;

/** The one Neovim run, checked to have succeeded; skips or fails (in CI) without Neovim. */
async function received(skip: (note: string) => never): Promise<{ problems: FileReport; clean: FileReport; run: NeovimRun }> {
  requireEditor(neovim, 'Neovim', 'neovim', skip);
  const result = await (run ??= runNeovim());
  const what = () => describeRun('Neovim', result, result.report);
  if (result.killed) throw new Error(`Neovim did not finish within ${KILL_AFTER_MS} ms and was killed; ${what()}`);
  if (result.exitCode !== 0 || !result.report?.ok)
    throw new Error(`Neovim did not receive everything: ${result.report?.error ?? 'no report written'}; ${what()}`);
  const [problems, clean] = result.report.files;
  return { problems: problems!, clean: clean!, run: result };
}

const codesAndLines = (diagnostics: LspDiagnostic[]) => diagnostics.map((d) => [d.code, d.range.start.line]);
const labels = (file: FileReport, index = 0): string[] => {
  const result = file.completions?.[index]?.result;
  const items = Array.isArray(result) ? result : (result?.items ?? []);
  return items.map((item) => item.label);
};

describe(`Neovim (${neovim.ok ? neovim.version : 'not installed'}) with the documented vim.lsp.start_client set-up`, () => {
  it('starts the server with the documented command', async ({ skip }) => {
    const { run } = await received(skip);
    expect(run.report!.cmd).toEqual([SERVER, '--stdio']);
  });

  it('receives the rule ids and lines of a manifest with known problems', async ({ skip }) => {
    const { problems } = await received(skip);
    expect(problems.published.length).toBeGreaterThan(0);
    const [first] = problems.published;
    expect(first!.uri).toBe(pathToFileURL(problems.path).href);
    expect(codesAndLines(first!.diagnostics)).toEqual(PROBLEM_LINES);
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
