/**
 * docs/ci.md: every set-up it offers, taken from the page (the fenced block after
 * `<!-- snippet: <name> -->`) and run — here the GitHub workflow's step through the action's own
 * steps, the GitLab job's script lines and the shell step, with the built CLI in place of
 * `npx --no-install manifest-lint`; the pre-commit configuration in test/pre-commit/hook.test.ts,
 * which shares one install of the hook between the page's set-up and its own checks.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CACHE_HIT, runAction } from './action/steps.js';
import { codeQualityEntryValidator } from './cli/xml-reports.js';
import { CI_PAGE, ciSnippet, NPX_LINT } from './ci-docs.js';
import { BAD, BOT_TOKEN, GOOD, WARNS } from './ci-manifests.js';
import { sarifValidator } from './sarif-schema.js';
import { workspace } from './workspace.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'dist', 'manifest-lint.cjs');

/** A command line of the page, with the CLI this build made in place of the installed one. */
function withBuiltCli(line: string): string {
  expect(line).toContain(NPX_LINT);
  return line.replaceAll(NPX_LINT, `'${process.execPath}' '${BIN}'`);
}

function sh(script: string, cwd: string): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.FORCE_COLOR;
  const run = spawnSync('sh', ['-c', script], { cwd, env, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('docs/ci.md', () => {
  it('offers the four set-ups, and the README points to it', () => {
    expect([...CI_PAGE.matchAll(/<!-- snippet: (\S+) -->/g)].map((match) => match[1])).toEqual(['github-actions', 'gitlab-ci', 'pre-commit', 'shell']);
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('](docs/ci.md)');
  });
});

describe.concurrent('the GitHub Actions workflow', () => {
  const workflow = parse(ciSnippet('github-actions', 'yaml')) as {
    permissions: Record<string, string>;
    jobs: Record<string, { steps: { uses?: string; if?: string; with?: Record<string, string> }[] }>;
  };
  const steps = Object.values(workflow.jobs)[0]!.steps;
  const lint = steps.find((step) => step.uses?.startsWith('agent-manifest/agent-manifest@'))!;
  const upload = steps.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@'))!;

  it('uploads the SARIF file the action writes, also when the lint fails, with the permission it needs', () => {
    expect(upload.with?.sarif_file).toBe(lint.with?.['sarif-file']);
    expect(upload.if).toBe('always()');
    expect(workflow.permissions['security-events']).toBe('write');
  });

  it('runs the action with the inputs given: it fails on the bad manifest and writes a valid SARIF file', async () => {
    const repo = workspace({ 'agents/bad/manifest.json': BAD, 'agents/good/manifest.json': GOOD });
    const run = await runAction({ workspace: repo, inputs: lint.with ?? {}, uses: CACHE_HIT });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::error file=agents\/bad\/manifest\.json,line=5,.*title=route-port-reserved::/m);
    const sarif = JSON.parse(fs.readFileSync(path.join(repo, upload.with!.sarif_file!), 'utf8')) as Log;
    const validate = sarifValidator();
    validate(sarif);
    expect(validate.errors ?? []).toEqual([]);
    expect(sarif.runs[0]!.results!.map((result) => result.ruleId)).toEqual(['route-port-reserved', 'channel-token-literal']);
  });
});

describe.concurrent('the GitLab CI job', () => {
  const job = (parse(ciSnippet('gitlab-ci', 'yaml')) as Record<string, { script: string[]; artifacts: { when: string; reports: { codequality: string } } }>)['manifest-lint']!;
  const report = job.artifacts.reports.codequality;

  it('installs the project, writes the Code Quality report it declares, and keeps it when the job fails', () => {
    expect(job.script[0]).toBe('npm ci');
    expect(job.script[1]).toBe(`${NPX_LINT} --format gitlab . > ${report}`);
    expect(job.artifacts.when).toBe('always');
  });

  it('runs its script (after npm ci): exit 1 on a bad manifest, and a Code Quality report GitLab takes', () => {
    const project = workspace({ 'package.json': '{ "private": true }\n', 'agents/bad/manifest.json': BAD, 'agents/good/manifest.json': GOOD });
    // GitLab runs the lines in one shell and stops at the first that fails.
    const run = sh(['set -e', ...job.script.slice(1).map(withBuiltCli)].join('\n'), project);
    expect(run.status).toBe(1);
    const text = fs.readFileSync(path.join(project, report), 'utf8');
    expect(text).not.toContain(BOT_TOKEN.slice(4));
    const issues = JSON.parse(text) as { check_name: string; severity: string; location: { path: string; lines: { begin: number } } }[];
    const validate = codeQualityEntryValidator();
    for (const issue of issues) expect(validate(issue), JSON.stringify(validate.errors)).toBe(true);
    expect(issues.map((issue) => [issue.check_name, issue.severity, issue.location.path, issue.location.lines.begin])).toEqual([
      ['route-port-reserved', 'major', 'agents/bad/manifest.json', 5],
      ['channel-token-literal', 'minor', 'agents/bad/manifest.json', 6],
    ]);
  });
});

describe.concurrent('the shell step', () => {
  const step = withBuiltCli(ciSnippet('shell', 'sh'));

  it.each([
    ['errors', 1, { 'agents/web/manifest.json': BAD }, 'manifests: problems to fix, listed above'],
    ['warnings', 1, { 'manifest.json': WARNS }, 'manifests: problems to fix, listed above'],
    ['good manifests', 0, { 'manifest.json': GOOD }, 'manifests: clean'],
    ['no manifest', 2, { 'README.md': '# Notes\n' }, 'manifests: not checked (exit code 2), see the message above'],
  ])('with %s, exits %i and says so, also under set -e', (_, status, files, says) => {
    const cwd = workspace(files);
    for (const script of [step, `set -e\n${step}`]) {
      const run = sh(script, cwd);
      expect(run.output).toContain(says);
      expect(run.status).toBe(status);
    }
  });
});
