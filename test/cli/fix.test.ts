import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, NOW, parseJson, ruleIds, runCli, slackToken, telegramToken, workspace } from './helpers.js';

/** Tabs and CRLF line breaks, with two certain fixes that edit in place (spaces around the model id, a trailing slash). */
const TABBED =
  [
    '{',
    '\t"version": 1,',
    '\t"agent": {"name": "Tabby"},',
    '\t"model": " anthropic/claude-sonnet-4-5 ",',
    '\t"scripts": {"start": "node server.js"},',
    '\t"routes": [',
    '\t\t{"port": 3000,   "path": "/api/", "protected": true}',
    '\t]',
    '}',
  ].join('\r\n') + '\r\n';
const TABBED_FIXED = TABBED.replace('" anthropic/claude-sonnet-4-5 "', '"anthropic/claude-sonnet-4-5"').replace('"/api/"', '"/api"');

function listFolder(dir: string): string[] {
  return fs.readdirSync(dir).sort();
}

describe('--fix', () => {
  it('keeps the forms Pinata ships and moves literal tokens into secrets, for good', async () => {
    const pinataForms = [
      '{',
      '  "version": 1,',
      '  "agent": { "name": "Old Hand" },',
      '  "model": { "primary": "anthropic/claude-sonnet-4-5" },',
      '  "scripts": { "build": "npm ci", "start": "" },',
      '  "tasks": [',
      '    { "name": "daily", "prompt": "Check in", "schedule": "0 9 * * *", "enabled": true }',
      '  ],',
      '  "channels": {',
      `    "telegram": { "botToken": "${telegramToken()}" },`,
      `    "slack": { "botToken": "${slackToken()}", "appToken": "env:SLACK_APP_TOKEN" }`,
      '  }',
      '}',
      '',
    ].join('\n');
    const cwd = workspace({ 'manifest.json': pinataForms });
    const file = path.join(cwd, 'manifest.json');
    const first = await runCli(['--now', NOW, '--fix', '--format', 'json'], { cwd });
    const fixed = fs.readFileSync(file, 'utf8');
    const manifest = JSON.parse(fixed) as Record<string, any>;
    // The published schema's model object, Pinata's task shorthand and an empty start stay as written.
    expect(manifest.model).toEqual({ primary: 'anthropic/claude-sonnet-4-5' });
    expect(manifest.tasks[0]).toEqual({ name: 'daily', prompt: 'Check in', schedule: '0 9 * * *', enabled: true });
    expect(manifest.channels.telegram.botToken).toBe('env:TELEGRAM_BOT_TOKEN');
    expect(manifest.channels.slack.botToken).toBe('env:SLACK_BOT_TOKEN');
    expect(manifest.secrets.map((secret: { name: string }) => secret.name).sort()).toEqual(['SLACK_APP_TOKEN', 'SLACK_BOT_TOKEN', 'TELEGRAM_BOT_TOKEN']);
    expect(manifest.scripts).toEqual({ build: 'npm ci', start: '' });
    expect(first.code).toBe(0);
    // The tokens are gone from the file: the user is told where each must go, and no token is shown.
    expect(first.stderr.split('\n').filter((line) => line.includes('secrets vault'))).toEqual([
      'manifest-lint: manifest.json: the token that was in `channels.telegram.botToken` is no longer in the file: store it in the secrets vault as `TELEGRAM_BOT_TOKEN` before the next deploy (or re-issue it with the provider).',
      'manifest-lint: manifest.json: the token that was in `channels.slack.botToken` is no longer in the file: store it in the secrets vault as `SLACK_BOT_TOKEN` before the next deploy (or re-issue it with the provider).',
    ]);
    expect(first.stderr).not.toContain(telegramToken().split(':')[1]!.slice(0, 12));
    expect(ruleIds(parseJson(first))).toEqual([]);
    // A second --fix changes nothing.
    await runCli(['--now', NOW, '--fix'], { cwd });
    expect(fs.readFileSync(file, 'utf8')).toBe(fixed);
  });

  it('writes the fixed text atomically, keeping the mode and the formatting', async () => {
    const cwd = workspace({ 'manifest.json': TABBED });
    const file = path.join(cwd, 'manifest.json');
    fs.chmodSync(file, 0o640);
    const inodeBefore = fs.statSync(file).ino;
    const before = listFolder(cwd);

    const result = await runCli(['--now', NOW, '--fix', '--format', 'json'], { cwd });
    expect(result.stderr).toBe('manifest-lint: fixed 2 problems in 1 file; 0 remain\n');
    expect(fs.readFileSync(file, 'utf8')).toBe(TABBED_FIXED);
    const stat = fs.statSync(file);
    expect(stat.mode & 0o777).toBe(0o640);
    expect(stat.ino).not.toBe(inodeBefore); // replaced by a rename, not rewritten in place
    expect(listFolder(cwd)).toEqual(before); // no temporary file left behind
    // the report shows what remains: nothing fixable is left
    const remaining = parseJson(result);
    expect(ruleIds(remaining)).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const cwd = workspace({ 'manifest.json': fixture('problems.json') });
    const file = path.join(cwd, 'manifest.json');
    await runCli(['--now', NOW, '--fix'], { cwd });
    const once = fs.readFileSync(file, 'utf8');
    expect(once).not.toBe(fixture('problems.json'));
    const inode = fs.statSync(file).ino;
    const mtime = fs.statSync(file).mtimeMs;

    const second = await runCli(['--now', NOW, '--fix', '--format', 'json'], { cwd });
    expect(fs.readFileSync(file, 'utf8')).toBe(once);
    expect(fs.statSync(file).ino).toBe(inode); // not rewritten at all
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    // What is left takes a choice (a port, a typo's repair): suggestions, which --fix leaves alone.
    expect(ruleIds(parseJson(second))).toEqual(expect.arrayContaining(['route-port-reserved', 'unknown-property']));
    expect(parseJson(second)[0]!.diagnostics.every((d) => d.fixes === undefined)).toBe(true);
    const dry = await runCli(['--now', NOW, '--fix-dry-run'], { cwd });
    expect(dry.stdout).toBe('');
  });

  it('re-linting a fixed file shows no new errors', async () => {
    const cwd = workspace({ 'manifest.json': fixture('problems.json') });
    const before = parseJson(await runCli(['--now', NOW, '--format', 'json'], { cwd }));
    await runCli(['--now', NOW, '--fix'], { cwd });
    const after = parseJson(await runCli(['--now', NOW, '--format', 'json'], { cwd }));
    const errorsBefore = new Set(before[0]?.diagnostics.filter((d) => d.severity === 'error').map((d) => d.ruleId));
    for (const d of after[0]?.diagnostics ?? []) {
      if (d.severity === 'error') expect(errorsBefore).toContain(d.ruleId);
    }
  });

  it('does not write files that need no fix', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    const file = path.join(cwd, 'manifest.json');
    const inode = fs.statSync(file).ino;
    const result = await runCli(['--now', NOW, '--fix'], { cwd });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(fs.statSync(file).ino).toBe(inode);
  });

  it('writes through a symlink, which stays a link', async () => {
    const cwd = workspace({ 'real/manifest.json': TABBED });
    fs.mkdirSync(path.join(cwd, 'linked'));
    fs.symlinkSync(path.join(cwd, 'real', 'manifest.json'), path.join(cwd, 'linked', 'manifest.json'));
    await runCli(['--now', NOW, '--fix', 'linked/manifest.json'], { cwd });
    expect(fs.lstatSync(path.join(cwd, 'linked', 'manifest.json')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(cwd, 'real', 'manifest.json'), 'utf8')).toBe(TABBED_FIXED);
  });

  it('leaves a read-only file alone and says so, also when root could write it', async () => {
    const cwd = workspace({ 'manifest.json': TABBED });
    const file = path.join(cwd, 'manifest.json');
    fs.chmodSync(file, 0o444);
    const result = await runCli(['--now', NOW, '--fix', '--format', 'compact'], { cwd });
    expect(result.stderr).toBe('manifest-lint: skipped manifest.json: read-only, not fixed\nmanifest-lint: fixed 0 problems in 0 files; 2 remain\n');
    // The findings are those of the file as it is.
    expect(result.stdout).toContain('route-path-trailing-slash');
    expect(fs.readFileSync(file, 'utf8')).toBe(TABBED);
    expect(fs.statSync(file).mode & 0o777).toBe(0o444);
  });

  it('keeps an edit made while the fix was computed: the file is re-read before it is replaced', async () => {
    const { writeFileAtomic } = await import('../../cli/write-atomic.js');
    const cwd = workspace({ 'manifest.json': TABBED });
    const file = path.join(cwd, 'manifest.json');
    const edited = TABBED.replace('"Tabby"', '"Tabby, edited"');
    fs.writeFileSync(file, edited);
    expect(writeFileAtomic(file, TABBED_FIXED, 'manifest.json', TABBED)).toBe('changed');
    expect(fs.readFileSync(file, 'utf8')).toBe(edited);
    expect(fs.readdirSync(cwd).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(writeFileAtomic(file, TABBED_FIXED, 'manifest.json', edited)).toBeUndefined();
    expect(fs.readFileSync(file, 'utf8')).toBe(TABBED_FIXED);
  });

  it('ends with a summary of what it fixed and what remains', async () => {
    const cwd = workspace({
      'a/manifest.json': TABBED,
      'b/manifest.json': TABBED,
      'c/manifest.json': '{ "version": 1, "agent": { "name": "c" }, "model": "nope" }\n',
    });
    const result = await runCli(['--now', NOW, '--fix', '.'], { cwd });
    expect(result.stderr).toBe('manifest-lint: fixed 4 problems in 2 files; 1 remains\n');
  });

  it('leaves rules that are off unfixed', async () => {
    const cwd = workspace({ 'manifest.json': TABBED });
    await runCli(['--now', NOW, '--fix', '--rule', 'route-path-trailing-slash=off'], { cwd });
    const text = fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8');
    expect(text).toContain('"/api/"');
    expect(text).toContain('"model": "anthropic/claude-sonnet-4-5"');
  });
});

describe('--fix-dry-run', () => {
  it('prints a unified diff and writes nothing', async () => {
    const cwd = workspace({ 'sub/manifest.json': TABBED });
    const file = path.join(cwd, 'sub', 'manifest.json');
    const stat = fs.statSync(file);
    const result = await runCli(['--now', NOW, '--fix-dry-run', 'sub'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        '--- a/sub/manifest.json',
        '+++ b/sub/manifest.json',
        '@@ -1,9 +1,9 @@',
        ' {\r',
        ' \t"version": 1,\r',
        ' \t"agent": {"name": "Tabby"},\r',
        '-\t"model": " anthropic/claude-sonnet-4-5 ",\r',
        '+\t"model": "anthropic/claude-sonnet-4-5",\r',
        ' \t"scripts": {"start": "node server.js"},\r',
        ' \t"routes": [\r',
        '-\t\t{"port": 3000,   "path": "/api/", "protected": true}\r',
        '+\t\t{"port": 3000,   "path": "/api", "protected": true}\r',
        ' \t]\r',
        ' }\r',
        '',
      ].join('\n'),
    );
    expect(fs.readFileSync(file, 'utf8')).toBe(TABBED);
    expect(fs.statSync(file).mtimeMs).toBe(stat.mtimeMs);
  });

  it('prints a diff that applies with patch and gives the --fix result', async () => {
    const cwd = workspace({ 'manifest.json': fixture('problems.json') });
    const result = await runCli(['--now', NOW, '--fix-dry-run'], { cwd });
    // Errors that take a choice remain after the fix.
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^--- a\/manifest\.json\n\+\+\+ b\/manifest\.json\n@@ /);
    fs.writeFileSync(path.join(cwd, 'fix.patch'), result.stdout);
    const patched = spawnSync('patch', ['-p1', '-s', '-i', 'fix.patch'], { cwd, encoding: 'utf8' });
    if (patched.error) return; // no patch(1) on this machine
    expect(patched.status).toBe(0);
    const viaPatch = fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8');

    const other = workspace({ 'manifest.json': fixture('problems.json') });
    await runCli(['--now', NOW, '--fix'], { cwd: other });
    expect(viaPatch).toBe(fs.readFileSync(path.join(other, 'manifest.json'), 'utf8'));
  });

  it('exits with 1 when errors would remain after the fix', async () => {
    const text = '{\n  "version": 2,\n  "agent": {"name": "x"},\n  "scripts": {"start": "node s.js"},\n  "routes": [{"port": 3000, "path": "/a/"}]\n}\n';
    const cwd = workspace({ 'manifest.json': text });
    const result = await runCli(['--now', NOW, '--fix-dry-run'], { cwd });
    expect(result.stdout).toContain('+  "routes": [{"port": 3000, "path": "/a"}]');
    expect(result.code).toBe(1);
  });
});

describe('--stdin', () => {
  it('lints standard input as <stdin>', async () => {
    const cwd = workspace();
    const result = await runCli(['--now', NOW, '--stdin', '--format', 'json'], { cwd, input: fixture('problems.json') });
    expect(result.code).toBe(1);
    const results = parseJson(result);
    expect(results).toHaveLength(1);
    expect(results[0]?.filePath).toBe('<stdin>');
    expect(ruleIds(results)).toContain('route-port-reserved');
  });

  it('--stdin-filename names the input in the output', async () => {
    const cwd = workspace();
    const result = await runCli(['--now', NOW, '--stdin', '--stdin-filename', 'agents/bot/manifest.json', '--format', 'compact'], {
      cwd,
      input: fixture('problems.json'),
    });
    expect(result.stdout).toMatch(/^agents\/bot\/manifest\.json:\d+:\d+: error route-port-reserved /m);
  });

  it('--stdin --fix prints the fixed text on stdout and the report on stderr', async () => {
    const cwd = workspace();
    const result = await runCli(['--now', NOW, '--stdin', '--fix'], { cwd, input: TABBED });
    expect(result.stdout).toBe(TABBED_FIXED);
    expect(result.code).toBe(0);
    const dirty = await runCli(['--now', NOW, '--stdin', '--fix', '--rule', 'route-path-trailing-slash=off', '--rule', 'model-format=off'], {
      cwd,
      input: TABBED.replace('"protected"', '"zzzzzzzz"'),
    });
    expect(dirty.stdout).toBe(TABBED.replace('"protected"', '"zzzzzzzz"'));
    expect(dirty.stderr).toMatch(/^<stdin>$/m);
    expect(dirty.stderr).toContain('unknown-property');
    expect(dirty.code).toBe(1);
  });

  it('--stdin --fix-dry-run prints a diff', async () => {
    const cwd = workspace();
    const result = await runCli(['--now', NOW, '--stdin', '--stdin-filename', 'm.json', '--fix-dry-run'], { cwd, input: TABBED });
    expect(result.stdout).toMatch(/^--- a\/m\.json\n\+\+\+ b\/m\.json\n@@ -1,9 \+1,9 @@\n/);
  });

  it('reads empty input as an empty document', async () => {
    const cwd = workspace();
    const result = await runCli(['--now', NOW, '--stdin', '--format', 'json'], { cwd, input: '' });
    expect(result.code).toBe(1);
    expect(parseJson(result)[0]?.errorCount).toBeGreaterThan(0);
  });
});
