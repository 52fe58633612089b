/**
 * docs/ci.md: every set-up it offers, taken from the page (the fenced block after
 * `<!-- snippet: <name> -->`) and run — here the GitHub workflow's step through the action's own
 * steps, the GitLab job's script lines and the shell step, as written, in a project where the
 * package is installed (its bin in `node_modules/.bin`, the built CLI) and in one where it is
 * not; the pre-commit configurations in test/pre-commit/hook.test.ts,
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
import { docBlocks, snippet } from './doc-snippets.js';
import { BAD, BOT_TOKEN, GOOD, WARNS } from './ci-manifests.js';
import { PATH_WITHOUT_THE_TOOL, withPackage } from './installed-package.js';
import { sarifValidator } from './sarif-schema.js';
import { workspace } from './workspace.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function sh(script: string, cwd: string): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: PATH_WITHOUT_THE_TOOL };
  delete env.NODE_OPTIONS;
  delete env.FORCE_COLOR;
  const run = spawnSync('sh', ['-c', script], { cwd, env, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('docs/ci.md', () => {
  it('offers the four set-ups, and the README points to it', () => {
    const blocks = docBlocks().filter((block) => block.page === 'docs/ci.md');
    expect(blocks.map((block) => block.markers.find((marker) => marker.kind === 'snippet'))).toEqual(
      ['github-actions', 'gitlab-ci', 'pre-commit-commit', 'pre-commit', 'shell'].map((name) => ({ kind: 'snippet', name })),
    );
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('](docs/ci.md)');
  });
});

describe.concurrent('the GitHub Actions workflow', () => {
  const workflow = parse(snippet('github-actions').code) as {
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

describe("the README's two workflow steps", () => {
  const steps = parse(snippet('readme-github-actions').code) as { uses: string; with?: Record<string, string> }[];

  it('are the checkout and the action of the workflow above, and run: the action fails on a bad manifest, with its annotation', async () => {
    const workflow = parse(snippet('github-actions').code) as { jobs: Record<string, { steps: { uses?: string }[] }> };
    expect(steps.map((step) => step.uses)).toEqual(
      Object.values(workflow.jobs)[0]!
        .steps.slice(0, 2)
        .map((step) => step.uses),
    );
    const repo = workspace({ 'agents/bad/manifest.json': BAD, 'agents/good/manifest.json': GOOD });
    const run = await runAction({ workspace: repo, inputs: steps[1]!.with ?? {}, uses: CACHE_HIT });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::error file=agents\/bad\/manifest\.json,line=5,.*title=route-port-reserved::/m);
  });
});

describe.concurrent('the GitLab CI job', () => {
  const job = (parse(snippet('gitlab-ci').code) as Record<string, { script: string[]; artifacts: { when: string; reports: { codequality: string } } }>)[
    'manifest-lint'
  ]!;
  const report = job.artifacts.reports.codequality;

  it('installs the project, writes the Code Quality report it declares, and keeps it when the job fails', () => {
    expect(job.script[0]).toBe('npm ci');
    expect(job.script.at(-1)).toBe(`manifest-lint --format gitlab . > ${report}`);
    expect(job.artifacts.when).toBe('always');
  });

  // GitLab runs the lines in one shell and stops at the first that fails; `npm ci` is the
  // project's own install, made here by hand.
  const script = ['set -e', ...job.script.slice(1)].join('\n');

  it('runs its script: exit 1 on a bad manifest, and a Code Quality report GitLab takes', () => {
    const project = withPackage(workspace({ 'package.json': '{ "private": true }\n', 'agents/bad/manifest.json': BAD, 'agents/good/manifest.json': GOOD }));
    const run = sh(script, project);
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

  it('without the package installed, says the manifests were not checked and exits 2', () => {
    const run = sh(script, workspace({ 'package.json': '{ "private": true }\n', 'agents/bad/manifest.json': BAD }));
    expect(run.output).toContain('manifests: not checked (manifest-lint is not installed)');
    expect(run.status).toBe(2);
  });
});

describe.concurrent('the shell step', () => {
  const step = snippet('shell').code;

  it.each([
    ['errors', 1, { 'agents/web/manifest.json': BAD }, 'manifests: problems to fix, listed above'],
    ['warnings', 1, { 'manifest.json': WARNS }, 'manifests: problems to fix, listed above'],
    ['good manifests', 0, { 'manifest.json': GOOD }, 'manifests: clean'],
    ['no manifest', 2, { 'README.md': '# Notes\n' }, 'manifests: not checked (exit code 2), see the message above'],
  ])('with %s, exits %i and says so, also under set -e', (_, status, files, says) => {
    const cwd = withPackage(workspace(files));
    for (const script of [step, `set -e\n${step}`]) {
      const run = sh(script, cwd);
      expect(run.output).toContain(says);
      expect(run.status).toBe(status);
    }
  });

  it('without the package installed, says the manifests were not checked and exits 2, also under set -e', () => {
    const cwd = workspace({ 'manifest.json': BAD });
    for (const script of [step, `set -e\n${step}`]) {
      const run = sh(script, cwd);
      expect(run.output).toContain('manifests: not checked (manifest-lint is not installed)');
      expect(run.status).toBe(2);
    }
  });
});
