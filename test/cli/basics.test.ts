import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneLineError, fixture, NOW, parseJson, ROOT, ruleIds, runCli, workspace } from './helpers.js';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('information flags', () => {
  it('--version prints the package version', async () => {
    const result = await runCli(['--version'], { cwd: workspace() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${pkg.version}\n`);
  });

  it('--help prints the usage with every flag of the contract', async () => {
    const result = await runCli(['--help'], { cwd: workspace() });
    expect(result.code).toBe(0);
    for (const flag of [
      '--format',
      'stylish',
      'json',
      'sarif',
      'github',
      'compact',
      'gitlab',
      'junit',
      'checkstyle',
      '--fix',
      '--fix-dry-run',
      '--rule',
      '--config',
      '--no-config',
      '--max-warnings',
      '--quiet',
      '--stdin',
      '--stdin-filename',
      '--now',
      '--list-rules',
      '--print-schema',
      '--version',
      '--help',
      'template',
    ]) {
      expect(result.stdout).toContain(flag);
    }
    expect(result.stderr).toBe('');
  });

  it('--list-rules prints every rule with severity, fixable and description, by category', async () => {
    const result = await runCli(['--list-rules'], { cwd: workspace() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Parsing and schema$/m);
    expect(result.stdout).toMatch(/^Configuration$/m);
    expect(result.stdout).toMatch(/^\s+json-syntax\s+error\s+.*\S/m);
    expect(result.stdout).toMatch(/^\s+route-port-reserved\s+error\s+suggests\s+\S/m);
    expect(result.stdout).toMatch(/^\s+model-format\s+error\s+yes\s+\S/m);
    expect(result.stdout).toMatch(/^\s+legacy-model-object\s+off\s+suggests\s+\S/m);
    expect(result.stdout).toMatch(/^\s+unused-ignore\s+warning\s+\S/m);
  });

  it('--list-rules --format json prints the rule metadata', async () => {
    const result = await runCli(['--list-rules', '--format', 'json'], { cwd: workspace() });
    expect(result.code).toBe(0);
    const rules = JSON.parse(result.stdout) as { id: string; severity: string; fixable: boolean; docsUrl: string }[];
    const reserved = rules.find((rule) => rule.id === 'route-port-reserved');
    expect(reserved).toMatchObject({ severity: 'error', fixable: false, suggests: true });
    expect(reserved?.docsUrl).toMatch(/^https:\/\/.*route-port-reserved/);
    // Each rule sits with what it checks: the legacy forms with tasks and the model, `$schema` with parsing.
    const categories = Object.fromEntries((rules as unknown as { id: string; category: string }[]).map((rule) => [rule.id, rule.category]));
    expect(categories).toMatchObject({
      'legacy-task-shorthand': 'Tasks',
      'legacy-model-object': 'Model, secrets, channels',
      'schema-url': 'Parsing and schema',
    });
    expect(Object.entries(categories).filter(([id, category]) => category === 'Template metadata' && !id.startsWith('template-'))).toEqual([]);
  });

  it('--print-schema prints the bundled manifest schema', async () => {
    const result = await runCli(['--print-schema'], { cwd: workspace() });
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as unknown;
    const file = JSON.parse(fs.readFileSync(path.join(ROOT, 'schema', 'manifest.v1.json'), 'utf8')) as unknown;
    expect(printed).toEqual(file);
    expect((printed as { $id: string }).$id).toBe('https://agents.pinata.cloud/schemas/manifest.v1.json');
  });
});

describe('exit codes', () => {
  it('0 for a clean manifest, with no output', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    const result = await runCli(['--now', NOW], { cwd });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('0 when there are warnings only', async () => {
    const cwd = workspace({ 'manifest.json': fixture('warnings.json') });
    const result = await runCli(['--now', NOW], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('channel-token-env-undeclared');
  });

  it('1 when there are errors', async () => {
    const cwd = workspace({ 'manifest.json': fixture('problems.json') });
    const result = await runCli(['--now', NOW], { cwd });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
  });

  it('2 for an unknown flag, with one line on stderr', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    const result = await runCli(['--frobnicate'], { cwd });
    expectOneLineError(result, /^manifest-lint: unknown option: --frobnicate/);
    expect(result.stdout).toBe('');
  });

  it('2 for a flag missing its value', async () => {
    const result = await runCli(['--format'], { cwd: workspace() });
    expectOneLineError(result, /^manifest-lint: .*--format/);
  });

  it('2 for an unknown format', async () => {
    const result = await runCli(['--format', 'xml'], { cwd: workspace() });
    expectOneLineError(result, /^manifest-lint: unknown format: xml/);
  });

  it('2 for a missing file', async () => {
    const result = await runCli(['x.json'], { cwd: workspace() });
    expectOneLineError(result, /^manifest-lint: no such file: x\.json$/);
  });

  it('2 when the default ./manifest.json is missing', async () => {
    const result = await runCli([], { cwd: workspace() });
    expectOneLineError(result, /^manifest-lint: no such file: manifest\.json$/);
  });

  it('2 for a bad --rule: unknown id, unknown severity, no "="', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    expectOneLineError(await runCli(['--rule', 'no-such-rule=off'], { cwd }), /unknown rule: no-such-rule/);
    expectOneLineError(await runCli(['--rule', 'json-syntax=fatal'], { cwd }), /invalid severity "fatal"/);
    expectOneLineError(await runCli(['--rule', 'json-syntax'], { cwd }), /--rule expects <id>=<severity>/);
  });

  it('2 for a bad --now', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    expectOneLineError(await runCli(['--now', 'yesterday'], { cwd }), /--now expects an ISO 8601 time/);
    expectOneLineError(await runCli(['--now', '2026-13-45T99:00:00Z'], { cwd }), /--now expects/);
  });

  it('2 for a bad --max-warnings', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    expectOneLineError(await runCli(['--max-warnings', 'many'], { cwd }), /--max-warnings expects/);
    expectOneLineError(await runCli(['--max-warnings', '-1'], { cwd }), /--max-warnings/);
  });

  it('2 for contradictory flags', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    expectOneLineError(await runCli(['--fix', '--fix-dry-run'], { cwd }), /cannot be combined/);
    expectOneLineError(await runCli(['--config', 'a.json', '--no-config'], { cwd }), /cannot be combined/);
    expectOneLineError(await runCli(['--stdin', 'manifest.json'], { cwd }), /--stdin/);
    expectOneLineError(await runCli(['--stdin-filename', 'a.json'], { cwd }), /--stdin-filename requires --stdin/);
  });

  it('2 for the template subcommand without a folder or URL, or with flags it does not take', async () => {
    const cwd = workspace();
    expectOneLineError(await runCli(['template'], { cwd }), /template expects a folder or a git URL/);
    expectOneLineError(await runCli(['template', 'a', 'b'], { cwd }), /one folder or git URL/);
    expectOneLineError(await runCli(['template', '--stdin'], { cwd }), /--stdin cannot be used with template/);
    expectOneLineError(await runCli(['--ref', 'main', '.'], { cwd }), /unknown option: --ref/);
    expectOneLineError(await runCli(['--format', 'api', '.'], { cwd }), /unknown format: api .*manifest-lint template/);
  });

  it('2 for a path that is unreadable', async () => {
    if (process.getuid?.() === 0) return; // root reads anything
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    fs.chmodSync(path.join(cwd, 'manifest.json'), 0o000);
    expectOneLineError(await runCli([], { cwd }), /cannot read manifest\.json: permission denied/);
  });
});

describe('--max-warnings and --quiet', () => {
  it('--max-warnings n fails only when warnings exceed n', async () => {
    const cwd = workspace({ 'manifest.json': fixture('warnings.json') });
    const over = await runCli(['--now', NOW, '--max-warnings', '0'], { cwd });
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/too many warnings \(1; the maximum is 0\)/);
    const within = await runCli(['--now', NOW, '--max-warnings', '1'], { cwd });
    expect(within.code).toBe(0);
  });

  it('--quiet shows errors only, and warnings no longer count', async () => {
    const cwd = workspace({ 'manifest.json': fixture('problems.json'), 'warn/manifest.json': fixture('warnings.json') });
    const loud = parseJson(await runCli(['--now', NOW, '--format', 'json', 'manifest.json'], { cwd }));
    expect(ruleIds(loud)).toContain('channel-token-env-undeclared');

    const quiet = await runCli(['--now', NOW, '--format', 'json', '--quiet', 'manifest.json'], { cwd });
    const results = parseJson(quiet);
    expect(results[0]?.diagnostics.every((d) => d.severity === 'error')).toBe(true);
    expect(results[0]?.warningCount).toBe(0);
    expect(ruleIds(results)).toContain('route-port-reserved');

    const stylish = await runCli(['--now', NOW, '--quiet', 'manifest.json'], { cwd });
    expect(stylish.stdout).not.toMatch(/^\s+\d+:\d+\s+warning/m);

    const warningsOnly = await runCli(['--now', NOW, '--quiet', '--max-warnings', '0', 'warn/manifest.json'], { cwd });
    expect(warningsOnly).toMatchObject({ code: 0, stdout: '' });
  });
});

describe('--rule and --now', () => {
  it('--rule changes severities and turns rules off', async () => {
    const cwd = workspace({ 'manifest.json': fixture('warnings.json') });
    const raised = parseJson(await runCli(['--now', NOW, '--format', 'json', '--rule', 'channel-token-env-undeclared=error'], { cwd }));
    expect(raised[0]?.diagnostics[0]?.severity).toBe('error');
    expect(raised[0]?.errorCount).toBe(1);

    const off = await runCli(['--now', NOW, '--rule', 'channel-token-env-undeclared=off'], { cwd });
    expect(off).toMatchObject({ code: 0, stdout: '' });

    const lastWins = parseJson(
      await runCli(['--format', 'json', '--rule', 'channel-token-env-undeclared=off', '--rule', 'channel-token-env-undeclared=info'], { cwd }),
    );
    expect(lastWins[0]?.infoCount).toBe(1);
  });

  it('--now accepts ISO times with and without offsets', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    for (const now of [NOW, '2026-11-23', '2026-11-23T09:00:00.123+01:00', '2026-11-23T09:00']) {
      expect((await runCli(['--now', now], { cwd })).code).toBe(0);
    }
  });
});

describe('--now', () => {
  it('is the clock of time-dependent rules', async () => {
    const manifest = {
      version: 1,
      agent: { name: 'Launcher' },
      tasks: [
        {
          name: 'launch',
          schedule: { kind: 'at', at: '2026-06-01T09:00:00Z' },
          payload: { kind: 'agentTurn', text: 'Announce the launch.' },
        },
      ],
    };
    const cwd = workspace({ 'manifest.json': JSON.stringify(manifest, null, 2) });
    const after = parseJson(await runCli(['--format', 'json', '--now', NOW], { cwd }));
    expect(ruleIds(after)).toContain('task-at-past');
    const before = parseJson(await runCli(['--format', 'json', '--now', '2026-01-01T00:00:00Z'], { cwd }));
    expect(ruleIds(before)).not.toContain('task-at-past');
  });
});
