/**
 * Configuration from strangers: a `.manifestlintrc.json` can switch every rule off, so only the
 * user's own files inside the project count. The lookup stops at the repository root or the home
 * folder, passes over files of another user and links out of the repository (saying so), and a
 * template repository never configures its own check, however it is reached, nor has a file with
 * more than one hard link read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigLocator } from '../../io/config-files.js';
import { fixture, NOW, parseJson, ruleIds, runCli, workspace, writeFile, type RunResult } from '../cli/helpers.js';

const RULE = 'channel-token-env-undeclared';
const warnings = fixture('warnings.json');
const EVERYTHING_OFF = `${JSON.stringify({ rules: { [RULE]: 'off', 'template-metadata-missing': 'off', 'template-readme-missing': 'off' } })}\n`;
/** Silences every finding of every file. */
const IGNORE_ALL = `${JSON.stringify({ ignore: [{ path: '' }] })}\n`;
const isRoot = process.getuid?.() === 0;
const OTHER_USER = 4242;

describe('the config lookup', () => {
  it('passes over a file of another user, and uses the next one up', () => {
    const dir = workspace({ '.manifestlintrc.json': '{}\n', 'team/.manifestlintrc.json': '{}\n', 'team/bot/manifest.json': '{}' });
    const own = fs.statSync(path.join(dir, '.manifestlintrc.json')).uid;
    // The files are this process's: a locator trusting another user sees them as foreign.
    expect(new ConfigLocator({ uid: own }).find(path.join(dir, 'team/bot'))).toEqual({ found: path.join(dir, 'team/.manifestlintrc.json'), skipped: [] });
    const stranger = new ConfigLocator({ uid: own + 1 }).find(path.join(dir, 'team/bot'));
    expect(stranger.found).toBeUndefined();
    expect(stranger.skipped.map((s) => [path.relative(dir, s.absPath), s.reason])).toEqual([
      ['team/.manifestlintrc.json', `it is owned by another user (uid ${own})`],
      ['.manifestlintrc.json', `it is owned by another user (uid ${own})`],
    ]);
  });

  it('stops at the home folder', () => {
    const home = workspace({ '.manifestlintrc.json': '{}\n', 'me/.manifestlintrc.json': '{}\n', 'me/bot/manifest.json': '{}' }, { git: false });
    const locator = new ConfigLocator({ home: path.join(home, 'me') });
    expect(locator.find(path.join(home, 'me/bot')).found).toBe(path.join(home, 'me/.manifestlintrc.json'));
    fs.rmSync(path.join(home, 'me/.manifestlintrc.json'));
    expect(new ConfigLocator({ home: path.join(home, 'me') }).find(path.join(home, 'me/bot'))).toEqual({ skipped: [] });
  });

  it.runIf(isRoot)('end to end: a parent config owned by another user is not applied, and a warning names it', async () => {
    const outer = workspace({ '.manifestlintrc.json': EVERYTHING_OFF }, { git: false });
    fs.chownSync(path.join(outer, '.manifestlintrc.json'), OTHER_USER, OTHER_USER);
    writeFile(outer, 'project/manifest.json', warnings);
    const result = await runCli(['--now', NOW, '--format', 'json'], { cwd: path.join(outer, 'project') });
    expect(ruleIds(parseJson(result))).toEqual([RULE]);
    expect(result.stderr).toBe(`manifest-lint: warning: ../.manifestlintrc.json is not used: it is owned by another user (uid ${OTHER_USER})\n`);
  });

  it('does not read a config that links to a file outside the repository', async () => {
    const outside = workspace({ 'rc.json': EVERYTHING_OFF });
    const cwd = workspace({ 'manifest.json': warnings });
    fs.symlinkSync(path.join(outside, 'rc.json'), path.join(cwd, '.manifestlintrc.json'));
    const result = await runCli(['--now', NOW, '--format', 'json'], { cwd });
    expect(ruleIds(parseJson(result))).toEqual([RULE]);
    expect(result.stderr).toBe('manifest-lint: warning: .manifestlintrc.json is not used: it is a link to a file outside the repository\n');
  });

  it('uses a config that links to a file inside the repository', async () => {
    const cwd = workspace({ 'config/shared.json': EVERYTHING_OFF, 'manifest.json': warnings });
    fs.symlinkSync('config/shared.json', path.join(cwd, '.manifestlintrc.json'));
    const result = await runCli(['--now', NOW, '--format', 'json'], { cwd });
    expect(ruleIds(parseJson(result))).toEqual([]);
    expect(result.stderr).toBe('');
  });
});

describe('--print-config', () => {
  it("names the config that applies, the ones passed over, and every rule's severity", async () => {
    const outside = workspace({ 'rc.json': EVERYTHING_OFF });
    const cwd = workspace({ 'bot/.manifestlintrc.json': `${JSON.stringify({ rules: { [RULE]: 'info' }, ignore: [{ path: '/tasks/0' }] })}\n` });
    fs.symlinkSync(path.join(outside, 'rc.json'), path.join(cwd, '.manifestlintrc.json'));
    const result = await runCli(['--print-config', '--rule', 'json-syntax=warning', 'bot/manifest.json', 'other'], { cwd });
    expect(result.code).toBe(0);
    const [bot, other] = JSON.parse(result.stdout) as {
      filePath: string;
      config: string | null;
      skipped: unknown[];
      rules: Record<string, string>;
      ignore: unknown[];
    }[];
    expect(bot).toMatchObject({ filePath: 'bot/manifest.json', config: 'bot/.manifestlintrc.json', skipped: [], ignore: [{ path: '/tasks/0' }] });
    expect(bot!.rules[RULE]).toBe('info');
    expect(bot!.rules['json-syntax']).toBe('warning');
    expect(bot!.rules['duplicate-key']).toBe('error');
    expect(other).toMatchObject({
      filePath: 'other',
      config: null,
      skipped: [{ path: '.manifestlintrc.json', reason: 'it is a link to a file outside the repository' }],
    });
    expect(other!.rules[RULE]).toBe('warning');
  });
});

describe('template repositories', () => {
  /** A template whose metadata is missing: an error the platform rejects it for. */
  function brokenTemplate(files: Record<string, string> = {}): string {
    return workspace({
      'manifest.json': '{"version": 1, "agent": {"name": "Notes", "description": "Takes notes."}}\n',
      'README.md': '# Notes\n',
      'workspace/AGENTS.md': 'Take notes.\n',
      ...files,
    });
  }

  it("ignore the repository's own config: a template cannot switch its checks off", async () => {
    const repo = brokenTemplate({ '.manifestlintrc.json': EVERYTHING_OFF });
    const result = await runCli(['template', '.', '--format', 'api', '--now', NOW], { cwd: repo });
    const api = JSON.parse(result.stdout) as { valid: boolean; errors: string[] };
    expect(api.valid).toBe(false);
    expect(api.errors.join('\n')).toContain('template-metadata-missing');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^manifest-lint: warning: \.manifestlintrc\.json is not used: it belongs to the repository under test/);
  });

  /** The repository's own config, which silences everything, was passed over, and the user told. */
  function expectOwnConfigUnused(result: RunResult, shown: string): void {
    const api = JSON.parse(result.stdout) as { valid: boolean; errors: string[] };
    expect(api.errors.join('\n')).toContain('template-metadata-missing');
    expect(api.valid).toBe(false);
    expect(result.stderr).toContain(`manifest-lint: warning: ${shown} is not used: it belongs to the repository under test`);
  }

  it("ignore the repository's own config when the repository is named through a link", async () => {
    const repo = brokenTemplate({ '.manifestlintrc.json': IGNORE_ALL });
    const link = path.join(workspace(), 'linked');
    fs.symlinkSync(repo, link);
    // As `cd linked && manifest-lint template "$PWD"`: the shell's path keeps the link, the
    // process's own folder is the real one.
    const result = await runCli(['template', link, '--format', 'api', '--now', NOW], { cwd: link, binary: true });
    expectOwnConfigUnused(result, '.manifestlintrc.json');
  });

  it("ignore the repository's own config when run from a folder inside it", async () => {
    const repo = brokenTemplate({ '.manifestlintrc.json': IGNORE_ALL });
    const link = path.join(workspace(), 'linked');
    fs.symlinkSync(repo, link);
    for (const given of ['..', link]) {
      const result = await runCli(['template', given, '--format', 'api', '--now', NOW], { cwd: path.join(repo, 'workspace') });
      expectOwnConfigUnused(result, '../.manifestlintrc.json');
    }
  });

  it("pass over a config of the caller's folder with more than one hard link: it may be the repository's", async () => {
    const repo = brokenTemplate({ '.manifestlintrc.json': IGNORE_ALL });
    const caller = workspace();
    fs.linkSync(path.join(repo, '.manifestlintrc.json'), path.join(caller, '.manifestlintrc.json'));
    const result = await runCli(['template', repo, '--format', 'api', '--now', NOW], { cwd: caller });
    expect((JSON.parse(result.stdout) as { valid: boolean }).valid).toBe(false);
    expect(result.stderr).toContain('manifest-lint: warning: .manifestlintrc.json is not used: it has more than one hard link');
  });

  it("take a config from the caller's folder or --config", async () => {
    const repo = brokenTemplate();
    const caller = workspace({ '.manifestlintrc.json': `${JSON.stringify({ rules: { 'template-metadata-missing': 'warning' } })}\n` });
    const fromFolder = JSON.parse((await runCli(['template', repo, '--format', 'api', '--now', NOW], { cwd: caller })).stdout) as { valid: boolean };
    expect(fromFolder.valid).toBe(true);
    const named = await runCli(['template', '.', '--format', 'api', '--now', NOW, '--config', path.join(caller, '.manifestlintrc.json')], { cwd: repo });
    expect((JSON.parse(named.stdout) as { valid: boolean }).valid).toBe(true);
  });

  it('read no manifest, README or config through a link out of the repository', async () => {
    const outside = workspace({ 'manifest.json': '{"leak": "FROM-OUTSIDE"}\n', 'README.md': '# FROM-OUTSIDE\n', 'rc.json': EVERYTHING_OFF });
    const repo = brokenTemplate();
    for (const name of ['manifest.json', 'README.md']) {
      fs.rmSync(path.join(repo, name));
      fs.symlinkSync(path.join(outside, name), path.join(repo, name));
    }
    fs.symlinkSync(path.join(outside, 'rc.json'), path.join(repo, '.manifestlintrc.json'));
    const result = await runCli(['template', '.', '--format', 'api', '--now', NOW], { cwd: repo });
    expect(result.stdout).not.toContain('FROM-OUTSIDE');
    const api = JSON.parse(result.stdout) as { valid: boolean; errors: string[] };
    expect(api.valid).toBe(false);
    expect(api.errors.join('\n')).toMatch(/template-symlink-escape/);
  });

  it('read no file with more than one hard link, and name each one', async () => {
    const outside = workspace({ 'notes.md': 'FROM-OUTSIDE notes\n', 'README.md': '# FROM-OUTSIDE\n' });
    const repo = brokenTemplate();
    fs.rmSync(path.join(repo, 'README.md'));
    fs.linkSync(path.join(outside, 'README.md'), path.join(repo, 'README.md'));
    fs.linkSync(path.join(outside, 'notes.md'), path.join(repo, 'workspace/notes.md'));
    const result = await runCli(['template', '.', '--format', 'api', '--now', NOW], { cwd: repo });
    expect(result.stdout).not.toContain('FROM-OUTSIDE');
    expect((JSON.parse(result.stdout) as { readme: string | null }).readme).toBeNull();
    const reason = 'is not read: it has more than one hard link, so it may be a copy of a file outside the repository';
    expect(result.stderr).toBe(`manifest-lint: warning: README.md ${reason}\nmanifest-lint: warning: workspace/notes.md ${reason}\n`);
  });

  it('stop, saying why, when the manifest has more than one hard link', async () => {
    const outside = workspace({ 'manifest.json': '{"leak": "FROM-OUTSIDE"}\n' });
    const repo = brokenTemplate();
    fs.rmSync(path.join(repo, 'manifest.json'));
    fs.linkSync(path.join(outside, 'manifest.json'), path.join(repo, 'manifest.json'));
    const result = await runCli(['template', '.', '--format', 'api', '--now', NOW], { cwd: repo });
    expect(result.stdout + result.stderr).not.toContain('FROM-OUTSIDE');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'manifest-lint: manifest.json is not read: it has more than one hard link, so it may be a copy of a file outside the repository\n',
    );
  });
});
