/**
 * Emacs in front of the server: Emacs in batch mode, with no user configuration, loads the Eglot
 * set-up docs/editors.md gives (as written, the built server's path in place of the command) and
 * then `eglot-session.el` beside this file, which opens a manifest as a user would and reports
 * what Flymake shows, the hover at a key, and what a quick fix picked from `eglot-code-actions`'
 * menu did to the buffer.
 *
 * A second Emacs, beside the first, also has the documented `.dir-locals.el` that switches the
 * server off for the project: the server then answers nothing, and the same checks must fail on
 * what that Emacs saw — they cannot pass without the server's answers.
 *
 * Without `emacs` (28 or later) and Eglot the test is skipped, except in CI (`CI` set), where it
 * fails: CI installs them in `.ci/run`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../../lib/index.js';
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

const SESSION_SCRIPT = fileURLToPath(new URL('./eglot-session.el', import.meta.url));
/** How long the session waits for each step, and when this test gives up on Emacs and kills it. */
const STEP_SECONDS = 10;
/** The silent run waits this long for findings that never come. */
const SILENT_STEP_SECONDS = 3;
const KILL_AFTER_MS = 40_000;

/** Hover inside the route's key `"port"`; the quick fix on its value, reserved port 18789. */
const HOVER_AT = positionOf(PROBLEMS, '"port": 18789', 1);
const FIX_AT = positionOf(PROBLEMS, '18789, "path"');
const FIX_TITLE = 'Use port 18790 (then start your server on it)';
const FIXED = PROBLEMS.replace('{ "port": 18789, "path"', '{ "port": 18790, "path"');

/** What `eglot-session.el` writes. Lines are 1-based and columns 0-based, as Emacs counts them. */
interface SessionReport {
  error?: string;
  majorMode: string;
  managed: boolean;
  serverCommand?: string[];
  findings: { line: number; column: number; type: string; text: string }[];
  hover: string | null;
  hoverError?: string;
  actionsOffered: string[];
  codeActionError?: string;
  text: string;
  modified: boolean;
}

/** `emacs` on the PATH, its version and Eglot, or why they cannot be used. */
function findEmacs(): { ok: true; version: string } | { ok: false; reason: string } {
  const probe = spawnSync('emacs', ['--batch', '--eval', '(princ (format "%s\\n%s" emacs-version (or (locate-library "eglot") "")))'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (probe.error) return { ok: false, reason: `\`emacs\` could not be run (${(probe.error as NodeJS.ErrnoException).code ?? probe.error.message})` };
  const [version = '', eglot = ''] = probe.stdout.split('\n');
  const major = Number(/^(\d+)\./.exec(version)?.[1]);
  if (!(major >= 28)) return { ok: false, reason: `Emacs ${version || '(no version printed)'} is older than 28` };
  if (!eglot) return { ok: false, reason: `Emacs ${version} has no Eglot (built in from Emacs 29; Debian's elpa-eglot for 28)` };
  return { ok: true, version };
}

const emacs = findEmacs();

interface Session {
  run: EditorRun;
  report: SessionReport | undefined;
}

/**
 * Runs one Emacs over PROBLEMS in a workspace of its own, with the documented set-up as its
 * configuration and, for `switchedOff`, the documented `.dir-locals.el` at the project's root.
 */
async function runEmacs(options: { switchedOff: boolean }): Promise<Session> {
  const dir = fs.realpathSync(workspace({}, { git: false }));
  const project = path.join(dir, 'project');
  const file = path.join(project, 'manifest.json');
  fs.mkdirSync(path.join(project, '.git'), { recursive: true });
  fs.writeFileSync(file, PROBLEMS);
  if (options.switchedOff) fs.writeFileSync(path.join(project, '.dir-locals.el'), snippet('emacs-dir-locals').code);
  const configuration = path.join(dir, 'init.el');
  fs.writeFileSync(configuration, documentedSetup(snippet('emacs-eglot'), '"'));
  const output = path.join(dir, 'session.json');
  const plan = path.join(dir, 'plan.json');
  fs.writeFileSync(
    plan,
    JSON.stringify({
      file,
      output,
      timeoutSeconds: options.switchedOff ? SILENT_STEP_SECONDS : STEP_SECONDS,
      hover: { line: HOVER_AT.line + 1, column: HOVER_AT.character },
      codeAction: { line: FIX_AT.line + 1, column: FIX_AT.character, title: FIX_TITLE },
    }),
  );
  const env = editorEnvironment(dir, { MANIFEST_EMACS_PLAN: plan }, ['EMACSLOADPATH', 'EMACSDATA', 'EMACSPATH', 'EMACSDOC']);
  const run = await runEditor('emacs', ['--batch', '-l', configuration, '-l', SESSION_SCRIPT], { cwd: project, env, killAfterMs: KILL_AFTER_MS });
  const report = fs.existsSync(output) ? (JSON.parse(fs.readFileSync(output, 'utf8')) as SessionReport) : undefined;
  return { run, report };
}

let sessions: Promise<{ answering: Session; switchedOff: Session }> | undefined;

/** The two Emacs runs (side by side, once), each checked to have finished; skips or fails (in CI) without Emacs. */
async function sessionsRun(skip: (note: string) => never): Promise<{ answering: SessionReport; switchedOff: SessionReport }> {
  requireEditor(emacs, 'Emacs with Eglot', 'emacs-nox elpa-eglot', skip);
  const both = await (sessions ??= Promise.all([runEmacs({ switchedOff: false }), runEmacs({ switchedOff: true })]).then(([answering, switchedOff]) => ({
    answering,
    switchedOff,
  })));
  const checked = (name: string, { run, report }: Session): SessionReport => {
    if (run.killed) throw new Error(`Emacs (${name}) did not finish within ${KILL_AFTER_MS} ms and was killed; ${describeRun('Emacs', run, report)}`);
    if (run.exitCode !== 0 || !report || report.error)
      throw new Error(`Emacs (${name}) failed: ${report?.error ?? 'no report written'}; ${describeRun('Emacs', run, report)}`);
    return report;
  };
  return { answering: checked('server answering', both.answering), switchedOff: checked('server switched off', both.switchedOff) };
}

/** Flymake shows each finding as `<source> [<rule id>]: <message>`: exactly the linter's findings. */
function expectFindings(report: SessionReport): void {
  const expected = lint(PROBLEMS, { fileName: 'manifest.json' }).diagnostics;
  expect(report.findings.map((finding) => [/ \[([a-z-]+)\]: /.exec(finding.text)?.[1], finding.line - 1])).toEqual(PROBLEM_LINES);
  expect(report.findings.map((finding) => finding.text)).toEqual(expected.map((diagnostic) => `agent-manifest [${diagnostic.ruleId}]: ${diagnostic.message}`));
  expect(report.findings.map((finding) => [finding.line, finding.column])).toEqual(
    expected.map((diagnostic) => [diagnostic.range.start.line + 1, diagnostic.range.start.character]),
  );
}

function expectHover(report: SessionReport): void {
  expect(report.hover).toMatch(/^Container port\n/);
  expect(report.hover).toContain('**Route:** `https://<agent host>/app/…` forwards to port 18789 inside the container.');
}

function expectFix(report: SessionReport): void {
  expect(report.actionsOffered).toContain(FIX_TITLE);
  expect(report.text).toBe(FIXED);
  expect(report.modified).toBe(true);
}

describe(`Emacs (${emacs.ok ? emacs.version : 'not usable'}) with Eglot and the documented set-up`, () => {
  it('opens manifest.json in agent-manifest-mode, managed by Eglot with the documented command', async ({ skip }) => {
    const { answering } = await sessionsRun(skip);
    expect(answering.majorMode).toBe('agent-manifest-mode');
    expect(answering.managed).toBe(true);
    expect(answering.serverCommand).toEqual([SERVER, '--stdio']);
  });

  it("shows each finding through Flymake: the linter's rule ids, messages and places", async ({ skip }) => {
    const { answering } = await sessionsRun(skip);
    expectFindings(answering);
    expect(answering.findings.map((finding) => finding.type)).toEqual(['eglot-error', 'eglot-error', 'eglot-warning', 'eglot-error']);
    // No message repeats the literal token.
    expect(JSON.stringify(answering.findings)).not.toContain(TOKEN.slice(5));
  });

  it("answers the hover on a route's key", async ({ skip }) => {
    const { answering } = await sessionsRun(skip);
    expect(answering.hoverError).toBeUndefined();
    expectHover(answering);
  });

  it("applies the quick fix picked from eglot-code-actions' menu, as its title says", async ({ skip }) => {
    const { answering } = await sessionsRun(skip);
    expect(answering.codeActionError).toBeUndefined();
    expectFix(answering);
  });

  it('fails the same checks when the documented .dir-locals.el switches the server off and it answers nothing', async ({ skip }) => {
    const { switchedOff } = await sessionsRun(skip);
    // The server runs and manages the buffer, but says nothing about it.
    expect(switchedOff.managed).toBe(true);
    expect(switchedOff.findings).toEqual([]);
    expect(switchedOff.hover).toBeNull();
    expect(switchedOff.actionsOffered).toEqual([]);
    expect(() => expectFindings(switchedOff)).toThrow();
    expect(() => expectHover(switchedOff)).toThrow();
    expect(() => expectFix(switchedOff)).toThrow();
  });
});
