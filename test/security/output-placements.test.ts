/**
 * Outputs outside the masking matrix's grid, each with a secret where it used to show whole: a
 * rename to a token, the server's log and pop-ups, config file problems in the
 * CLI and `--print-config`, and git's own messages about a URL with credentials. The matrix
 * (masking-matrix.test.ts) covers code frames, diffs, fix reports, completions, renames'
 * placeholders, README escapes and config files for every secret shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonEscapes, readMarkupEscapes, ReadingMask, SecretMask } from '../../rules/index.js';
import { expectOneLineError, runCli, slackToken, workspace, writeFile } from '../cli/helpers.js';
import { fileUri, NOW, positionOf, TestClient } from '../server/client.js';
import { forbiddenRuns, leakIn } from './leaks.js';
import { secretShapes } from './secret-cases.js';

/** A credential of no known shape, which only the words around it in its file reveal. */
const opaqueKey = () => ['Zq8x', 'K2mP9vL4', 'nR7tW1'].join('');

/** The first run of `secret` that `output` shows, if any. */
const leakOf = (output: string, secret: string) => leakIn(output, forbiddenRuns(secret));

const MANIFEST = '{ "version": 1, "agent": { "name": "Courier" }, "model": "anthropic/claude-sonnet-4" }\n';

describe('reading escapes', () => {
  it('maps what JSON escapes read as back to where they were written', () => {
    const written = String.raw`"\u0078o\u0078b\n"`;
    const reading = readJsonEscapes(written)!;
    expect(reading.text).toBe('"xoxb\n"');
    expect([...reading.written]).toEqual([0, 1, 7, 8, 14, 15, 17, 18]);
    expect(readJsonEscapes('no escapes')).toBeUndefined();
  });

  it('reads HTML references and Markdown escapes, and leaves other text as written', () => {
    const reading = readMarkupEscapes(String.raw`sk&lowbar;l&#105;&#x76;e\_ &amp; &copy; \q &#0;`)!;
    expect(reading.text).toBe(String.raw`sk_live_ & &copy; \q &#0;`);
  });

  it('hides a secret written with escapes where its escapes stand, showing the first characters', () => {
    const token = slackToken();
    const escaped = [...token].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const mask = new ReadingMask(readJsonEscapes).learn(`{ "model": "${escaped}" }`);
    expect(mask.mask(`    3 |   "model": "${escaped}"`)).toBe(`    3 |   "model": "${escaped.slice(0, 24)}…"`);
    // Text without escapes is masked as by any mask.
    expect(mask.mask(`uses ${token}`)).toBe(new SecretMask().learn(token).mask(`uses ${token}`));
  });
});

describe('the language server', () => {
  it('refuses a rename to a token, quoting it masked, and changes nothing', async () => {
    // One that is not a variable name, and one that is.
    const tokens = [slackToken(), secretShapes().find((shape) => shape.name === 'github-classic')!.text];
    const client = await TestClient.start();
    const dir = workspace();
    const uri = fileUri(dir, 'manifest.json');
    const text =
      '{ "version": 1, "agent": { "name": "x" }, "secrets": [{ "name": "SLACK_BOT_TOKEN" }], "channels": { "slack": { "botToken": "env:SLACK_BOT_TOKEN" } } }';
    await client.open(uri, text);
    const position = positionOf(text, 'SLACK_BOT_TOKEN', 2);
    for (const newName of tokens) {
      const refusal = await client.request('textDocument/rename', { textDocument: { uri }, position, newName }).then(
        (edit) => ({ edit }),
        (error: Error) => ({ message: error.message }),
      );
      expect(refusal).toHaveProperty('message');
      expect(leakOf(JSON.stringify(refusal), newName)).toBeUndefined();
    }
  });

  it('logs and shows a broken config file with its secrets masked', async () => {
    const key = opaqueKey();
    const token = slackToken();
    // A token pasted as a rule id; an opaque key pasted as a key, which the same key's value
    // under a credential word reveals.
    const configs = [JSON.stringify({ rules: { [token]: 'off' } }), `{ "${key}": true, "api_key": "${key}" }`];
    const client = await TestClient.start();
    for (const config of configs) {
      const dir = workspace({ '.manifestlintrc.json': config, 'manifest.json': MANIFEST });
      await client.open(fileUri(dir, 'manifest.json'), MANIFEST);
      const said = await client.until(() => {
        const about = client.messages.filter((message) => message.message.includes(dir));
        return about.length >= 2 ? about : undefined;
      }, 'the warning logged and shown');
      expect(said.map((message) => message.message).join('\n')).toMatch(/is not used: line 1, column \d+: unknown (rule|key)/);
      expect(leakOf(JSON.stringify(said), token)).toBeUndefined();
      expect(leakOf(JSON.stringify(said), key)).toBeUndefined();
    }
  });
});

describe('the CLI', () => {
  it("reports a config file problem with the file's secrets masked", async () => {
    const key = opaqueKey();
    const cwd = workspace({ '.manifestlintrc.json': `{ "${key}": true, "api_key": "${key}" }\n`, 'manifest.json': MANIFEST });
    const result = await runCli(['manifest.json', '--now', NOW], { cwd });
    expectOneLineError(result, /^manifest-lint: \.manifestlintrc\.json:1:3: unknown key `Zq8x…`/);
    expect(leakOf(result.stderr + result.stdout, key)).toBeUndefined();
  });

  it('--print-config masks what the config file reveals as secret', async () => {
    const key = opaqueKey();
    // A skill folder named by a credential: its value is a secret by the word before it.
    const cwd = workspace({ '.manifestlintrc.json': `{ "skillSources": { "api_key": "skills/${key}" } }\n`, 'manifest.json': MANIFEST });
    fs.mkdirSync(path.join(cwd, 'skills', key), { recursive: true });
    const result = await runCli(['--print-config'], { cwd });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)[0].skillSources).toHaveProperty('api_key');
    expect(leakOf(result.stdout, key)).toBeUndefined();
  });
});

describe('template mode with a git URL holding credentials', () => {
  /** A `git` first on PATH that fails as git does when it cannot look the host up. */
  function failingGit(message: string): string {
    const bin = workspace();
    writeFile(bin, 'git', `#!/bin/sh\necho '${message}' >&2\nexit 128\n`);
    fs.chmodSync(path.join(bin, 'git'), 0o755);
    return bin;
  }

  it('masks the password wherever git quotes it', async () => {
    const password = opaqueKey();
    // git's own words for a git:// URL with credentials: the host it looked up holds them.
    const bin = failingGit(`fatal: unable to look up u:${password}@git.example.com (port 9418) (Name or service not known)`);
    const cwd = workspace();
    for (const url of [`git://u:${password}@git.example.com/notes.git`, `https://deploy:${password}@git.example.com/notes.git`]) {
      const result = await runCli(['template', url], { cwd, env: { PATH: `${bin}${path.delimiter}${process.env.PATH}` } });
      expectOneLineError(result, /^manifest-lint: cannot clone (git|https):\/\/git\.example\.com\/notes\.git: unable to look up u:Zq8x…@git\.example\.com/);
      expect(leakOf(result.stderr + result.stdout, password)).toBeUndefined();
    }
  });
});
