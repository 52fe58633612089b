import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discordToken, expectOneLineError, NOW, runCli, slackToken, telegramToken, workspace, type RunResult } from './helpers.js';

const SLACK = slackToken();
const TELEGRAM = telegramToken();
const DISCORD = discordToken();

/** Tokens in clear text, each on a line that also holds another finding, so code frames show them. */
function leakyManifest(): string {
  return [
    '{',
    '  "version": 1,',
    '  "agent": { "name": "Chatty" },',
    `  "channels": {`,
    `    "slack": { "botToken": "${SLACK}", "appToken": "env:SLACK_APP_TOKEN", "colour": "blue" },`,
    `    "telegram": { "botToken": "${TELEGRAM}", "dmPolicy": "opn" },`,
    `    "discord": { "botToken": "${DISCORD}", "colour": "red" }`,
    '  }',
    '}',
    '',
  ].join('\n');
}

function expectNoSecret(result: RunResult, label: string): void {
  const output = result.stdout + result.stderr;
  for (const secret of [SLACK, TELEGRAM, DISCORD]) {
    // neither the whole token nor anything past its first 4 characters
    if (output.includes(secret) || output.includes(secret.slice(4, 16))) {
      throw new Error(`${label}: output shows a secret:\n${output}`);
    }
  }
}

describe('secrets', () => {
  const formats = ['stylish', 'json', 'sarif', 'github', 'compact', 'gitlab', 'junit', 'checkstyle'];

  it('never appear in any format, code frames included', async () => {
    const cwd = workspace({ 'manifest.json': leakyManifest() });
    for (const format of formats) {
      const result = await runCli(['--now', NOW, '--format', format], { cwd });
      expect(result.code, format).toBe(1);
      expectNoSecret(result, format);
    }
    const stylish = await runCli(['--now', NOW], { cwd });
    expect(stylish.stdout).toContain(`"${SLACK.slice(0, 4)}…"`);
    expect(stylish.stdout).toContain(`"${TELEGRAM.slice(0, 4)}…"`);
    expect(stylish.stdout).toContain(`"${DISCORD.slice(0, 4)}…"`);
    // colours do not change that
    expectNoSecret(await runCli(['--now', NOW], { cwd, env: { FORCE_COLOR: '1' } }), 'colour');
  });

  it('are masked wherever a token-shaped string appears, not only under token fields', async () => {
    const manifest = `{\n  "version": 1,\n  "agent": { "name": "x" },\n  "channels": { "slack": { "bot_token": "${SLACK}" } },\n  "secrets": [{ "name": "K", "description": "${TELEGRAM}" }]\n}\n`;
    const cwd = workspace({ 'manifest.json': manifest });
    for (const format of formats) {
      const result = await runCli(['--now', NOW, '--format', format], { cwd });
      expect(result.code, format).toBe(1);
      expectNoSecret(result, format);
    }
  });

  it('never appear when the token rules are off, nor with --quiet', async () => {
    const cwd = workspace({ 'manifest.json': leakyManifest() });
    for (const format of formats) {
      const args = ['--now', NOW, '--format', format, '--rule', 'channel-token-literal=off'];
      expectNoSecret(await runCli(args, { cwd }), `${format}, rule off`);
      expectNoSecret(await runCli([...args, '--quiet'], { cwd }), `${format}, quiet`);
    }
  });

  it('never appear in the --fix-dry-run diff or the --fix report', async () => {
    const cwd = workspace({ 'manifest.json': leakyManifest() });
    const dry = await runCli(['--now', NOW, '--fix-dry-run'], { cwd });
    expect(dry.stdout).toContain('--- a/manifest.json');
    expectNoSecret(dry, 'fix-dry-run');
    const kept = await runCli(['--now', NOW, '--fix-dry-run', '--rule', 'channel-token-literal=off'], { cwd });
    expectNoSecret(kept, 'fix-dry-run, rule off');

    const fixed = await runCli(['--now', NOW, '--fix'], { cwd });
    expectNoSecret(fixed, 'fix');
    const text = fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8');
    expect(text).not.toContain(SLACK);
    expect(text).toContain('env:SLACK_BOT_TOKEN');
  });

  it('never appear on standard error, whichever line names a path that holds one', async () => {
    // A folder named after a token: each warning and note that names the folder quotes it.
    const folder = `ci-${SLACK}`;
    const cwd = workspace({
      [`${folder}/manifest.json`]: '{ "name": "web-app", "version": "1.0.0", "icons": [] }\n',
      [`${folder}/.manifestlintrc.json`]: '{ "rules": { "no-such-rule": "error" } }\n',
    });
    fs.mkdirSync(path.join(cwd, 'agent'));
    fs.writeFileSync(
      path.join(cwd, 'agent', 'manifest.json'),
      Buffer.concat([Buffer.from('{ "version": 1, "agent": { "name": "B'), Buffer.from([0xff]), Buffer.from('" } }\n')]),
    );
    const foreign = await runCli(['--now', NOW, '--verbose', folder], { cwd });
    expect(foreign.stderr).toContain('not an agent manifest');
    expectNoSecret(foreign, 'a foreign manifest in the folder');
    const named = await runCli(['--now', NOW, `${folder}/manifest.json`], { cwd });
    expect(named.stderr).toContain('is not an agent manifest');
    expectNoSecret(named, 'a foreign manifest named');
    const configured = await runCli(['--now', NOW, '--force', `${folder}/manifest.json`], { cwd });
    expect(configured.code).toBe(2);
    expectNoSecret(configured, 'its config file');
    fs.renameSync(path.join(cwd, 'agent'), path.join(cwd, `bot-${SLACK}`));
    const undecodable = await runCli(['--now', NOW, '--fix', `bot-${SLACK}/manifest.json`], { cwd });
    expect(undecodable.stderr).toContain('not valid UTF-8');
    expectNoSecret(undecodable, 'a file --fix skips');
  });

  it('never appear for standard input', async () => {
    const cwd = workspace();
    for (const format of formats) {
      expectNoSecret(await runCli(['--now', NOW, '--stdin', '--format', format], { cwd, input: leakyManifest() }), format);
    }
    const fixed = await runCli(['--now', NOW, '--stdin', '--fix'], { cwd, input: leakyManifest() });
    expectNoSecret(fixed, 'stdin --fix');
  });
});

describe('large and hostile inputs', () => {
  it('a document nested 100,000 levels deep ends with a clear message', async () => {
    const depth = 100_000;
    const cwd = workspace();
    const deepArray = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const deepObject = `{"version":1,"agent":{"name":"x","description":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`;
    fs.writeFileSync(path.join(cwd, 'array.json'), deepArray);
    fs.writeFileSync(path.join(cwd, 'object.json'), deepObject);
    for (const file of ['array.json', 'object.json']) {
      // A stack overflow or a hang shows as a signal or a timeout of the process. An array is no
      // agent manifest: --force has it linted all the same.
      const result = await runCli(['--now', NOW, '--force', '--format', 'compact', file], { cwd, timeout: 20_000, binary: true });
      expect(result.signal, file).toBeNull();
      expect([1, 2], file).toContain(result.code);
      expect(result.stdout + result.stderr).toMatch(new RegExp(`^(${file}:\\d+:\\d+: error |manifest-lint: )`, 'm'));
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    const stylish = await runCli(['--now', NOW, '--force', 'array.json'], { cwd });
    expect([1, 2]).toContain(stylish.code);
    for (const line of stylish.stdout.split('\n')) expect(line.length).toBeLessThan(400);
  });

  it('a 50 MB file ends with a clear message, neither running out of memory nor hanging', async () => {
    const cwd = workspace();
    // Written as bytes, part by part: no 50 MB string in this process, no copy of it to encode.
    const file = path.join(cwd, 'manifest.json');
    fs.writeFileSync(file, '{"version":1,"agent":{"name":"x","description":"');
    fs.appendFileSync(file, Buffer.alloc(50 * 1024 * 1024, 'a'));
    fs.appendFileSync(file, '"}}');
    // The built command, in a process of its own: running out of memory or time ends it, not this process.
    const result = await runCli(['--now', NOW, '--format', 'compact'], { cwd, timeout: 25_000, binary: true });
    expect(result.signal).toBeNull();
    expect([1, 2]).toContain(result.code);
    expect(result.stdout + result.stderr).toMatch(/^(manifest\.json:\d+:\d+: error |manifest-lint: )/m);
    const stylish = await runCli(['--now', NOW], { cwd, timeout: 25_000 });
    expect(stylish.stdout.length).toBeLessThan(10_000);
  });

  it('a file above 64 MiB is refused with exit 2', async () => {
    const cwd = workspace();
    const file = path.join(cwd, 'manifest.json');
    fs.writeFileSync(file, '{');
    fs.truncateSync(file, 64 * 1024 * 1024 + 1);
    expectOneLineError(await runCli([], { cwd }), /^manifest-lint: file too large: manifest\.json/);
  });

  it('standard input above 64 MiB is refused with exit 2', async () => {
    const input = ' '.repeat(64 * 1024 * 1024 + 10);
    const result = await runCli(['--stdin'], { cwd: workspace(), input });
    expectOneLineError(result, /^manifest-lint: file too large: <stdin>/);
  });

  it('NUL bytes, lone surrogates and CRLF do not break the output', async () => {
    const cwd = workspace({
      'manifest.json': '{\r\n  "version": 1,\r\n  "agent": { "name": "a\u0000b\ud800", "x\u0000": 1 }\r\n}\r\n',
    });
    const result = await runCli(['--now', NOW], { cwd });
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('\u0000');
    expect(result.stdout).toContain('\u2400');
  });
});
