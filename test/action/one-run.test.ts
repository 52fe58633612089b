/**
 * The lint step runs manifest-lint once, with `--format json`, and makes the annotations and the
 * SARIF file from that one result with the library's `formatJsonResults`: here, that it gives the
 * bytes `--format github`, `sarif` and `checkstyle` print for the same files, and that the step starts
 * the CLI once (counted by a stand-in that logs its command line, then runs the built CLI).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { formatJsonResults as FormatJsonResults, JsonFileResult } from '../../lib/index.js';
import { BAD, BOT_TOKEN, GOOD, WARNS } from '../ci-manifests.js';
import { workspace, writeFile } from '../workspace.js';
import { BIN, runCli } from '../cli/helpers.js';
import { parseOutputFile, ROOT } from './steps.js';

const LIBRARY = path.join(ROOT, 'dist/agent-manifest.cjs');
const { formatJsonResults } = createRequire(import.meta.url)(LIBRARY) as { formatJsonResults: typeof FormatJsonResults };

/**
 * What the CLI prints (run in-process, as the CLI's tests run it); `command` is `[]` or
 * `['template']`; one clock, so every format reports the same findings.
 */
async function manifestLint(command: string[], format: string, cwd: string): Promise<string> {
  const run = await runCli([...command, '--format', format, '--now', '2026-01-01T00:00:00Z', '.'], { cwd, env: { NO_COLOR: '1' } });
  expect(run.code, run.stderr).toBeLessThan(2);
  return run.stdout;
}

describe('formatJsonResults', () => {
  it.each([
    [
      'manifests',
      {
        'agents/bad/manifest.json': BAD,
        'agents/warns, 100%: a/manifest.json': WARNS,
        'agents/good/manifest.json': GOOD,
        // An ignore entry that matches nothing: the config file gets a finding of its own.
        '.manifestlintrc.json': '{ "ignore": [{ "rule": "unknown-property", "path": "/nothing" }] }\n',
      },
      [],
    ],
    ['a template repository', { 'manifest.json': BAD, 'workspace/AGENTS.md': 'Be helpful.\n' }, ['template']],
  ])('prints for the JSON of %s the bytes --format github, sarif and checkstyle print', async (_, files, command) => {
    const repo = workspace(files);
    const results = JSON.parse(await manifestLint(command, 'json', repo)) as JsonFileResult[];
    expect(results.flatMap((result) => result.diagnostics).some((d) => d.fixes || d.suggestions)).toBe(true);
    for (const format of ['github', 'sarif', 'checkstyle'] as const) {
      const printed = await manifestLint(command, format, repo);
      expect(formatJsonResults(format, results, { cwd: repo })).toBe(printed);
      expect(printed).not.toContain(BOT_TOKEN.slice(4));
    }
  });
});

describe('the lint step', () => {
  it('runs manifest-lint once, in JSON, whatever it reports', () => {
    // The action's scripts beside a stand-in CLI that logs its command line and runs the built one.
    const action = workspace({}, { git: false });
    for (const script of ['run.mjs', 'inputs.mjs', 'summary.mjs'])
      writeFile(action, `action/${script}`, fs.readFileSync(path.join(ROOT, 'action', script), 'utf8'));
    const log = path.join(action, 'runs.log');
    writeFile(
      action,
      'dist/manifest-lint.cjs',
      `require('node:fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify(process.argv.slice(2)) + '\\n');\nrequire(${JSON.stringify(BIN)});\n`,
    );
    writeFile(action, 'dist/agent-manifest.cjs', `module.exports = require(${JSON.stringify(LIBRARY)});\n`);
    const repo = workspace({ 'manifest.json': BAD });
    const outputs = path.join(action, 'outputs');
    fs.writeFileSync(outputs, '');
    const env = {
      ...process.env,
      GITHUB_WORKSPACE: repo,
      GITHUB_OUTPUT: outputs,
      GITHUB_STEP_SUMMARY: '',
      INPUT_FAIL_LEVEL: 'warning',
      INPUT_SARIF_FILE: 'lint.sarif',
    };
    const run = spawnSync(process.execPath, [path.join(action, 'action/run.mjs')], { encoding: 'utf8', env });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::error file=manifest\.json,.*title=route-port-reserved::/m);
    expect(JSON.parse(fs.readFileSync(path.join(repo, 'lint.sarif'), 'utf8'))).toHaveProperty('version', '2.1.0');
    expect(parseOutputFile(fs.readFileSync(outputs, 'utf8'))).toMatchObject({ errors: '1', warnings: '1' });
    expect(fs.readFileSync(log, 'utf8')).toBe(`${JSON.stringify(['--format', 'json', '--max-warnings', '0', '--', '.'])}\n`);
  });
});
