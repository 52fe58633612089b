import { describe, expect, it } from 'vitest';
import { expectOneLineError, fixture, NOW, parseJson, runCli, workspace } from './helpers.js';

const valid = fixture('valid.json');

describe('paths', () => {
  it('defaults to ./manifest.json', async () => {
    const cwd = workspace({ 'manifest.json': valid, 'other/manifest.json': valid });
    const results = parseJson(await runCli(['--format', 'json'], { cwd }));
    expect(results.map((r) => r.filePath)).toEqual(['manifest.json']);
  });

  it('searches folders recursively for manifest.json, skipping node_modules and .git', async () => {
    const cwd = workspace({
      'agents/a/manifest.json': valid,
      'agents/b/deeper/manifest.json': valid,
      'agents/b/notes.json': '{',
      'agents/node_modules/pkg/manifest.json': '{',
      'agents/.git/manifest.json': '{',
      'agents/manifest.json': valid,
    });
    const result = await runCli(['--format', 'json', 'agents'], { cwd });
    expect(result.code).toBe(0);
    expect(parseJson(result).map((r) => r.filePath)).toEqual(['agents/a/manifest.json', 'agents/b/deeper/manifest.json', 'agents/manifest.json']);
    const dot = parseJson(await runCli(['--format', 'json', '.'], { cwd }));
    expect(dot.map((r) => r.filePath)).toEqual(['agents/a/manifest.json', 'agents/b/deeper/manifest.json', 'agents/manifest.json']);
  });

  it('expands globs, and lints any file named explicitly', async () => {
    const cwd = workspace({
      'a/manifest.json': valid,
      'b/manifest.json': valid,
      'b/agent.json': valid,
      'node_modules/x/manifest.json': '{',
    });
    const globbed = parseJson(await runCli(['--format', 'json', '**/manifest.json'], { cwd }));
    expect(globbed.map((r) => r.filePath)).toEqual(['a/manifest.json', 'b/manifest.json']);
    const named = parseJson(await runCli(['--format', 'json', 'b/agent.json'], { cwd }));
    expect(named.map((r) => r.filePath)).toEqual(['b/agent.json']);
  });

  it('lints each file once even when named twice', async () => {
    const cwd = workspace({ 'a/manifest.json': valid });
    const results = parseJson(await runCli(['--format', 'json', 'a', 'a/manifest.json', './a/manifest.json'], { cwd }));
    expect(results.map((r) => r.filePath)).toEqual(['a/manifest.json']);
  });

  it('exits with 2 for a glob that matches nothing or a folder without manifests', async () => {
    const cwd = workspace({ 'empty/readme.md': 'hi' });
    expectOneLineError(await runCli(['nothing/**/*.json'], { cwd }), /^manifest-lint: no files match: nothing\/\*\*\/\*\.json$/);
    expectOneLineError(await runCli(['empty'], { cwd }), /^manifest-lint: no manifest\.json found in empty$/);
  });

  it('exits with 2 on the first missing path, before printing any report', async () => {
    const cwd = workspace({ 'manifest.json': fixture('problems.json') });
    const result = await runCli(['--now', NOW, 'manifest.json', 'missing.json'], { cwd });
    expectOneLineError(result, /no such file: missing\.json/);
    expect(result.stdout).toBe('');
  });

  it('lints the text exactly as read: a BOM reaches the engine, which reports it', async () => {
    const cwd = workspace({ 'manifest.json': `\ufeff${valid}` });
    const result = await runCli(['--now', NOW, '--format', 'json'], { cwd });
    const results = parseJson(result);
    expect(results[0]?.filePath).toBe('manifest.json');
    expect(results[0]?.diagnostics[0]).toMatchObject({ ruleId: 'json-syntax', line: 1, column: 1 });
    expect(result.code).toBe(1);
  });
});
