import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneLineError, fixture, NOW, parseJson, positionOf, ruleIds, runCli, workspace, writeFile } from './helpers.js';

const warnings = fixture('warnings.json');
const problems = fixture('problems.json');
const RULE = 'channel-token-env-undeclared';
const rc = (value: object) => `${JSON.stringify(value, null, 2)}\n`;

describe('config file lookup', () => {
  it('applies the nearest .manifestlintrc.json from the manifest folder upwards', async () => {
    const cwd = workspace({
      '.manifestlintrc.json': rc({ rules: { [RULE]: 'off' } }),
      'team/.manifestlintrc.json': rc({ rules: { [RULE]: 'error' } }),
      'team/bot/manifest.json': warnings,
      'solo/manifest.json': warnings,
    });
    const results = parseJson(await runCli(['--now', NOW, '--format', 'json', 'team/bot', 'solo'], { cwd }));
    expect(results.map((r) => [r.filePath, r.errorCount, r.warningCount])).toEqual([
      ['team/bot/manifest.json', 1, 0],
      ['solo/manifest.json', 0, 0],
    ]);
  });

  it('stops at a folder holding .git', async () => {
    const outer = workspace({ '.manifestlintrc.json': rc({ rules: { [RULE]: 'off' } }) }, { git: false });
    writeFile(outer, 'repo/manifest.json', warnings);
    writeFile(outer, 'repo/.git/HEAD', 'ref: refs/heads/main\n');
    const results = parseJson(await runCli(['--now', NOW, '--format', 'json'], { cwd: path.join(outer, 'repo') }));
    expect(ruleIds(results)).toEqual([RULE]);
  });

  it('finds a config beside .git', async () => {
    const cwd = workspace({ '.manifestlintrc.json': rc({ rules: { [RULE]: 'info' } }), 'a/b/manifest.json': warnings });
    const results = parseJson(await runCli(['--now', NOW, '--format', 'json', 'a/b/manifest.json'], { cwd }));
    expect(results[0]?.infoCount).toBe(1);
  });

  it('--no-config disables the lookup', async () => {
    const cwd = workspace({ '.manifestlintrc.json': rc({ rules: { [RULE]: 'off' } }), 'manifest.json': warnings });
    const results = parseJson(await runCli(['--now', NOW, '--format', 'json', '--no-config'], { cwd }));
    expect(ruleIds(results)).toEqual([RULE]);
  });

  it('--config names the file for every manifest, and --rule overrides it', async () => {
    const cwd = workspace({
      'settings/lint.json': rc({ rules: { [RULE]: 'error' } }),
      '.manifestlintrc.json': rc({ rules: { [RULE]: 'off' } }),
      'manifest.json': warnings,
    });
    const viaFile = parseJson(await runCli(['--now', NOW, '--format', 'json', '--config', 'settings/lint.json'], { cwd }));
    expect(viaFile[0]?.errorCount).toBe(1);
    const overridden = parseJson(await runCli(['--now', NOW, '--format', 'json', '--config', 'settings/lint.json', '--rule', `${RULE}=hint`], { cwd }));
    expect(overridden[0]?.hintCount).toBe(1);
    expectOneLineError(await runCli(['--config', 'nope.json'], { cwd }), /^manifest-lint: no such file: nope\.json$/);
  });

  it('stdin uses --stdin-filename for the lookup, else the current folder', async () => {
    const cwd = workspace({ 'team/.manifestlintrc.json': rc({ rules: { [RULE]: 'error' } }) });
    const named = parseJson(await runCli(['--now', NOW, '--format', 'json', '--stdin', '--stdin-filename', 'team/manifest.json'], { cwd, input: warnings }));
    expect(named[0]?.errorCount).toBe(1);
    const unnamed = parseJson(await runCli(['--now', NOW, '--format', 'json', '--stdin'], { cwd, input: warnings }));
    expect(unnamed[0]?.warningCount).toBe(1);
  });

  it('exits with 2 and one line naming the file and the place for a bad config', async () => {
    const cases: [string, RegExp][] = [
      ['{ "rules": ', /^manifest-lint: \.manifestlintrc\.json:1:12: .+/],
      [rc({ rules: { 'no-such-rule': 'off' } }), /^manifest-lint: \.manifestlintrc\.json:3:5: .*no-such-rule/],
      [rc({ rules: { [RULE]: 'loud' } }), /^manifest-lint: \.manifestlintrc\.json:3:\d+: .*severity/],
      [rc({ ignore: [{ path: 'tasks/0' }] }), /^manifest-lint: \.manifestlintrc\.json:4:\d+: .*pointer/],
      [rc({ extends: 'x' }), /^manifest-lint: \.manifestlintrc\.json:2:3: .*extends/],
    ];
    for (const [text, pattern] of cases) {
      const cwd = workspace({ '.manifestlintrc.json': text, 'manifest.json': warnings });
      expectOneLineError(await runCli(['--now', NOW], { cwd }), pattern);
    }
  });
});

describe('--print-config', () => {
  it('shows no credential of a template URL it names', async () => {
    const secret = ['ghp_', 'Zk93hQ2mXw8pLr5tVb7nC4yT1uE6iO0aS2dF'].join('');
    const result = await runCli(['template', `https://deploy:${secret}@example.com/agent.git`, '--print-config'], { cwd: workspace() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('example.com/agent.git');
    expect(result.stdout).not.toContain(secret.slice(4, 12));
  });
});

describe('ignore entries', () => {
  it('silences findings under a JSON pointer, for one rule or for all', async () => {
    const cwd = workspace({
      '.manifestlintrc.json': rc({ ignore: [{ rule: 'route-port-reserved', path: '/routes/0' }, { path: '/channels' }] }),
      'manifest.json': problems,
    });
    const result = await runCli(['--now', NOW, '--format', 'json'], { cwd });
    const results = parseJson(result);
    expect(results).toHaveLength(1);
    expect(ruleIds(results)).toEqual(['unknown-property']);
    expect(result.code).toBe(1);
  });

  it('--fix leaves silenced findings alone', async () => {
    const cwd = workspace({
      '.manifestlintrc.json': rc({ ignore: [{ rule: 'route-port-reserved', path: '/routes/0' }] }),
      'manifest.json': problems,
    });
    await runCli(['--now', NOW, '--fix'], { cwd });
    const after = JSON.parse(readFileSync(path.join(cwd, 'manifest.json'), 'utf8')) as { routes: { port: number }[] };
    expect(after.routes[0]!.port).toBe(18789);
  });

  it('reports an entry that matched nothing as unused-ignore, against the config file', async () => {
    const config = rc({
      ignore: [
        { rule: 'route-port-reserved', path: '/routes/0' },
        { rule: 'duplicate-key', path: '/agent' },
      ],
    });
    const cwd = workspace({ '.manifestlintrc.json': config, 'a/manifest.json': problems, 'b/manifest.json': warnings });
    const result = await runCli(['--now', NOW, '--format', 'json', 'a', 'b'], { cwd });
    const results = parseJson(result);
    expect(results.map((r) => r.filePath)).toEqual(['a/manifest.json', 'b/manifest.json', '.manifestlintrc.json']);
    const configEntry = results[2];
    expect(configEntry?.warningCount).toBe(1);
    const entry = positionOf(config, '{\n      "rule": "duplicate-key"');
    expect(configEntry?.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'unused-ignore',
        severity: 'warning',
        path: ['ignore', 1],
        line: entry.line,
        column: entry.column,
      }),
    ]);
    expect(ruleIds(results.slice(0, 1))).not.toContain('route-port-reserved');

    const stylish = await runCli(['--now', NOW, 'a', 'b'], { cwd });
    expect(stylish.stdout).toMatch(/^\.manifestlintrc\.json$/m);
    expect(stylish.stdout).toMatch(/unused-ignore$/m);
  });

  it('counts an entry as used when any manifest under the config matched it', async () => {
    const cwd = workspace({
      '.manifestlintrc.json': rc({ ignore: [{ rule: 'route-port-reserved', path: '/routes/0/port' }] }),
      'a/manifest.json': problems,
      'b/manifest.json': warnings,
    });
    const results = parseJson(await runCli(['--now', NOW, '--format', 'json', 'a', 'b'], { cwd }));
    expect(results.map((r) => r.filePath)).toEqual(['a/manifest.json', 'b/manifest.json']);
  });

  it('unused-ignore follows --rule and the config rules', async () => {
    const cwd = workspace({
      '.manifestlintrc.json': rc({ rules: { 'unused-ignore': 'error' }, ignore: [{ path: '/tasks' }] }),
      'manifest.json': fixture('valid.json'),
    });
    const raised = await runCli(['--now', NOW, '--format', 'json'], { cwd });
    expect(raised.code).toBe(1);
    expect(parseJson(raised)[1]?.errorCount).toBe(1);
    const off = await runCli(['--now', NOW, '--format', 'json', '--rule', 'unused-ignore=off'], { cwd });
    expect(off.code).toBe(0);
    expect(parseJson(off)).toHaveLength(1);
    const warned = await runCli(['--now', NOW, '--format', 'json', '--rule', 'unused-ignore=warning', '--quiet'], { cwd });
    expect(parseJson(warned).map((r) => r.filePath)).toEqual(['manifest.json']);
  });
});
