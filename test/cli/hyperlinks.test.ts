/**
 * The stylish format links each rule id to its page with an OSC 8 hyperlink on a terminal known
 * to draw them, and writes no such sequence anywhere else: NO_COLOR, a pipe, TERM=dumb, a CI log,
 * an unknown terminal. FORCE_HYPERLINK decides when set.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hyperlink, useHyperlinks } from '../../report/hyperlinks.js';
import { docsUrl } from '../../rules/index.js';
import { BIN, fixture, NOW, runCli, workspace } from './helpers.js';
import { unlessAvailable } from '../skipped.js';

const OSC8 = '\u001b]8;';
const linked = (id: string) => `\u001b]8;;${docsUrl(id)}\u001b\\${id}\u001b]8;;\u001b\\`;

/** A terminal that draws links, with nothing else in the environment that decides. */
const KITTY: Record<string, string | undefined> = {
  TERM: 'xterm-kitty',
  TERM_PROGRAM: undefined,
  VTE_VERSION: undefined,
  WT_SESSION: undefined,
  CI: undefined,
};

describe('useHyperlinks', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };

  it('is on for a terminal known to draw links, told by TERM, TERM_PROGRAM, VTE_VERSION or WT_SESSION', () => {
    expect(useHyperlinks(tty, { TERM: 'xterm-kitty' })).toBe(true);
    expect(useHyperlinks(tty, { TERM: 'xterm-256color', TERM_PROGRAM: 'iTerm.app' })).toBe(true);
    expect(useHyperlinks(tty, { TERM: 'xterm-256color', TERM_PROGRAM: 'vscode' })).toBe(true);
    expect(useHyperlinks(tty, { TERM: 'xterm-256color', VTE_VERSION: '7600' })).toBe(true);
    expect(useHyperlinks(tty, { TERM: 'xterm-256color', WT_SESSION: 'a1b2' })).toBe(true);
  });

  it('is off for a terminal not known to draw them, and for VTE before 0.50.1', () => {
    expect(useHyperlinks(tty, { TERM: 'xterm-256color' })).toBe(false);
    expect(useHyperlinks(tty, { TERM: 'linux' })).toBe(false);
    expect(useHyperlinks(tty, { TERM: 'xterm-256color', VTE_VERSION: '5000' })).toBe(false);
  });

  it('is off with NO_COLOR, FORCE_COLOR=0, TERM=dumb, in a pipe (even with FORCE_COLOR) and in CI', () => {
    expect(useHyperlinks(tty, { TERM: 'xterm-kitty', NO_COLOR: '1' })).toBe(false);
    expect(useHyperlinks(tty, { TERM: 'xterm-kitty', FORCE_COLOR: '0' })).toBe(false);
    expect(useHyperlinks(tty, { TERM: 'dumb', TERM_PROGRAM: 'vscode' })).toBe(false);
    expect(useHyperlinks(pipe, { TERM: 'xterm-kitty' })).toBe(false);
    expect(useHyperlinks(pipe, { TERM: 'xterm-kitty', FORCE_COLOR: '1' })).toBe(false);
    expect(useHyperlinks(tty, { TERM: 'xterm-kitty', CI: 'true' })).toBe(false);
  });

  it('follows FORCE_HYPERLINK when set: 0 or false off, anything else on; empty, it decides nothing', () => {
    expect(useHyperlinks(pipe, { FORCE_HYPERLINK: '1' })).toBe(true);
    expect(useHyperlinks(tty, { TERM: 'dumb', NO_COLOR: '1', FORCE_HYPERLINK: 'true' })).toBe(true);
    expect(useHyperlinks(tty, { TERM: 'xterm-kitty', FORCE_HYPERLINK: '0' })).toBe(false);
    expect(useHyperlinks(tty, { TERM: 'xterm-kitty', FORCE_HYPERLINK: 'false' })).toBe(false);
    expect(useHyperlinks(pipe, { FORCE_HYPERLINK: '' })).toBe(false);
    expect(useHyperlinks(tty, { TERM: 'xterm-kitty', FORCE_HYPERLINK: '' })).toBe(true);
  });
});

describe('hyperlink', () => {
  it('wraps the text in OSC 8, ended by ST', () => {
    expect(hyperlink('https://example.com/a.md', 'a')).toBe('\u001b]8;;https://example.com/a.md\u001b\\a\u001b]8;;\u001b\\');
  });

  it('links no URL that could end the sequence early or is not http(s)', () => {
    expect(hyperlink('https://example.com/\u001b\\x', 'a')).toBe('a');
    expect(hyperlink('https://example.com/\u0007', 'a')).toBe('a');
    expect(hyperlink('https://example.com/a b', 'a')).toBe('a');
    expect(hyperlink('file:///etc/passwd', 'a')).toBe('a');
  });
});

describe('stylish output', () => {
  const problems = fixture('problems.json');

  it('links every rule id to its page on a terminal that draws links, and changes nothing else', async () => {
    const cwd = workspace({ 'manifest.json': problems });
    const on = await runCli(['--now', NOW], { cwd, tty: true, env: KITTY });
    expect(on.code).toBe(1);
    expect(on.stdout).toContain(linked('route-port-reserved'));
    expect(on.stdout).toContain(linked('unknown-property'));
    // Without the links, the same coloured output as on a terminal that does not draw them.
    const off = await runCli(['--now', NOW], { cwd, tty: true, env: { ...KITTY, TERM: 'xterm-256color' } });
    expect(off.stdout).toContain('\u001b[31m');
    expect(off.stdout).not.toContain(OSC8);
    expect(on.stdout.replace(/\u001b\]8;;[^\u001b]*\u001b\\/g, '')).toBe(off.stdout);
  });

  it('writes no link with NO_COLOR, TERM=dumb, FORCE_HYPERLINK=0, or into a pipe: the output is that of before', async () => {
    const cwd = workspace({ 'manifest.json': problems });
    const piped = await runCli(['--now', NOW], { cwd, env: KITTY });
    expect(piped.stdout).toContain('route-port-reserved');
    expect(piped.stdout).not.toContain('\u001b');
    for (const env of [{ NO_COLOR: '1' }, { TERM: 'dumb' }, { FORCE_HYPERLINK: '0' }]) {
      const result = await runCli(['--now', NOW], { cwd, tty: true, env: { ...KITTY, ...env } });
      expect(result.stdout, JSON.stringify(env)).not.toContain(OSC8);
      if (!('FORCE_HYPERLINK' in env)) expect(result.stdout, JSON.stringify(env)).toBe(piped.stdout);
    }
    // FORCE_COLOR colours a pipe, but links stay off there.
    const coloured = await runCli(['--now', NOW], { cwd, env: { ...KITTY, FORCE_COLOR: '1' } });
    expect(coloured.stdout).toContain('\u001b[31m');
    expect(coloured.stdout).not.toContain(OSC8);
  });

  it('links in a pipe when FORCE_HYPERLINK=1 asks, and never in the machine formats', async () => {
    const cwd = workspace({ 'manifest.json': problems });
    const forced = await runCli(['--now', NOW], { cwd, env: { FORCE_HYPERLINK: '1' } });
    expect(forced.stdout).toContain(linked('route-port-reserved'));
    for (const format of ['compact', 'github', 'json', 'sarif']) {
      const result = await runCli(['--now', NOW, '--format', format], { cwd, tty: true, env: { ...KITTY, FORCE_HYPERLINK: '1' } });
      expect(result.stdout, format).not.toContain(OSC8);
    }
  });

  // The built command under `script`: only a process of its own has a real terminal as its output.
  const hasScript = unlessAvailable(spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0, 'a test on a real terminal', "util-linux's `script`");
  it.skipIf(!hasScript)('links on a real terminal that draws them, not on TERM=dumb', () => {
    const cwd = workspace({ 'manifest.json': problems });
    const onTty = (env: Record<string, string | undefined>) => {
      const full: NodeJS.ProcessEnv = { ...process.env };
      for (const name of ['FORCE_COLOR', 'NO_COLOR', 'FORCE_HYPERLINK']) delete full[name];
      for (const [name, value] of Object.entries(env)) {
        if (value === undefined) delete full[name];
        else full[name] = value;
      }
      return spawnSync('script', ['-qec', `"${process.execPath}" "${BIN}" --now ${NOW}`, '/dev/null'], { cwd, env: full, encoding: 'utf8', timeout: 20_000 })
        .stdout;
    };
    expect(onTty(KITTY)).toContain(linked('route-port-reserved'));
    expect(onTty({ ...KITTY, TERM: 'dumb' })).not.toContain('\u001b');
  });
});
