/**
 * The GitHub Action (action.yml at the root): its metadata against SchemaStore's schema, and its
 * steps run here as the runner would run them (test/action/steps.ts), on a repository with a good,
 * a bad and a warning manifest beside a web app's manifest.json — what lands in the log, the job
 * summary, the step outputs and the SARIF file, and the exit status for each fail-level.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { BAD, BOT_TOKEN, GOOD, WARNS, WEB_APP } from '../ci-manifests.js';
import { Ajv, sarifValidator } from '../sarif-schema.js';
import { workspace } from '../workspace.js';
import { CACHE_HIT, readAction, ROOT, runAction, type ActionRun } from './steps.js';

/** The restore step finds dist/ (built for the test run), so nothing is installed or built. */

function repository(
  files: Record<string, string> = { 'agents/bad/manifest.json': BAD, 'agents/good/manifest.json': GOOD, 'web/manifest.json': WEB_APP },
): string {
  return workspace(files);
}

function lint(repo: string, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ workspace: repo, inputs, uses: CACHE_HIT });
}

/** Everything a run shows anyone: the log, the summary, the outputs. */
function shown(run: ActionRun): string {
  return [run.stdout, run.stderr, run.summary, JSON.stringify(run.outputs)].join('\n');
}

describe('action.yml', () => {
  const action = readAction();

  it('is valid against SchemaStore’s schema of action metadata', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/fixtures/schemastore/github-action.json'), 'utf8')) as object;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    validate(action);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('is a composite action with the documented inputs and outputs', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(['paths', 'config', 'fail-level', 'template', 'sarif-file']);
    expect(Object.keys(action.outputs)).toEqual(['errors', 'warnings', 'manifests', 'sarif-file']);
  });

  it('pins every action it uses to a commit, and passes inputs to scripts through the environment only', () => {
    const steps = action.runs.steps;
    for (const step of steps.filter((each) => each.uses !== undefined)) expect(step.uses).toMatch(/^[\w-]+\/[\w/-]+@[0-9a-f]{40}$/);
    // An expression inside a script would be pasted into bash before it runs.
    for (const step of steps.filter((each) => each.run !== undefined)) expect(step.run).not.toContain('${{');
  });

  it('runs only scripts of its own, which exist', () => {
    const scripts = action.runs.steps.flatMap((step) => [...(step.run ?? '').matchAll(/"\$GITHUB_ACTION_PATH\/([^"]+)"/g)].map((match) => match[1]!));
    expect(scripts).toEqual(['action/release-cli.mjs', 'action/build-key.mjs', 'action/build.mjs', 'action/run.mjs']);
    for (const script of scripts) expect(fs.existsSync(path.join(ROOT, script)), script).toBe(true);
  });
});

// Each run has a repository of its own: they run side by side.
describe.concurrent('the action’s steps', () => {
  it('annotate every finding, write the summary table, the outputs and a valid SARIF file, and fail on an error', async () => {
    const repo = repository();
    const run = await lint(repo, { 'sarif-file': 'reports/manifest-lint.sarif' });
    expect(run.steps).toEqual([
      { step: 'node', ran: true },
      { step: 'actions/setup-node', ran: false },
      { step: 'release', ran: true },
      { step: 'build-key', ran: true },
      { step: 'cache', ran: true },
      { step: 'build', ran: false },
      { step: 'actions/cache/save', ran: false },
      { step: 'lint', ran: true },
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::error file=agents\/bad\/manifest\.json,line=5,col=24,endLine=5,endColumn=29,title=route-port-reserved::Port 18789 /m);
    expect(run.stdout).toMatch(/^::warning file=agents\/bad\/manifest\.json,line=6,.*title=channel-token-literal::/m);
    expect(run.stdout).toContain('manifest-lint: 1 error, 1 warning in 2 manifests (fail-level error: failed)');

    expect(run.summary).toContain('### Agent manifest lint\n\n1 error, 1 warning, 0 infos, 0 hints in 2 manifests.\n');
    const rows = run.summary.split('\n').filter((line) => line.startsWith('| agents/'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /^\| agents\/bad\/manifest\.json \| 5 \| error \| \[`route-port-reserved`\]\(https:\/\/[^)]+\/route-port-reserved\.md\) \| Port 18789 is reserved/,
    );
    expect(rows[1]).toMatch(
      /^\| agents\/bad\/manifest\.json \| 6 \| warning \| \[`channel-token-literal`\]\([^)]+\) \| `channels\.telegram\.botToken` holds a token in clear text \\\(7312…\\\)/,
    );
    // The web app's manifest.json is not an agent manifest: not counted, not listed.
    expect(run.summary).not.toContain('web/');

    const sarifFile = path.join(repo, 'reports/manifest-lint.sarif');
    expect(run.outputs).toEqual({ errors: '1', warnings: '1', manifests: '2', 'sarif-file': sarifFile });
    const sarifText = fs.readFileSync(sarifFile, 'utf8');
    const sarif = JSON.parse(sarifText) as Log;
    const validate = sarifValidator();
    validate(sarif);
    expect(validate.errors ?? []).toEqual([]);
    const results = sarif.runs[0]!.results!;
    expect(results.map((result) => [result.ruleId, result.level, result.locations?.[0]?.physicalLocation?.artifactLocation?.uri])).toEqual([
      ['route-port-reserved', 'error', 'agents/bad/manifest.json'],
      ['channel-token-literal', 'warning', 'agents/bad/manifest.json'],
    ]);
    expect(shown(run) + sarifText).not.toContain(BOT_TOKEN.slice(4));
  });

  it.each([
    ['error', 'warnings only', 0],
    ['warning', 'warnings only', 1],
    ['never', 'an error', 0],
    ['warning', 'nothing to report', 0],
  ])('at fail-level %s, with %s, exit %i', async (failLevel, found, status) => {
    const manifest = { 'warnings only': WARNS, 'an error': BAD, 'nothing to report': GOOD }[found]!;
    const run = await lint(repository({ 'manifest.json': manifest }), { 'fail-level': failLevel });
    expect(run.status).toBe(status);
    expect(run.stdout).toContain(`(fail-level ${failLevel}: ${status === 0 ? 'passed' : 'failed'})`);
    // Annotations and the summary do not depend on the fail-level.
    if (found === 'nothing to report') expect(run.summary).toBe('### Agent manifest lint\n\nNo problems in 1 manifest.\n');
    else expect(run.summary).toContain('| manifest.json |');
  });

  it('checks only the given paths, with the given config', async () => {
    const repo = repository({
      'agents/bad/manifest.json': BAD,
      'agents/good/manifest.json': GOOD,
      'other/manifest.json': BAD,
      'ci/lint.json': '{ "rules": { "route-port-reserved": "off" } }\n',
    });
    const run = await lint(repo, { paths: 'agents/bad\nagents/good/manifest.json\n', config: 'ci/lint.json' });
    expect(run.outputs).toMatchObject({ errors: '0', warnings: '1', manifests: '2' });
    expect(run.stdout).not.toContain('other/');
    expect(run.status).toBe(0);
  });

  it('checks a template repository in template mode', async () => {
    const run = await lint(repository({ 'manifest.json': GOOD, 'workspace/AGENTS.md': 'Be helpful.\n' }), { template: 'true' });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::error file=README\.md,.*title=template-readme-missing::/m);
    expect(run.summary).toContain('### Agent template check\n\n');
    expect(run.summary).toContain('in the template repository.');
    expect(run.summary).toMatch(/^\| manifest\.json \| 1 \| error \| \[`template-metadata-missing`\]/m);
  });

  it('exits 2 with one annotation when it cannot check, whatever the fail-level', async () => {
    const empty = await lint(repository({ 'README.md': '# No agent here\n' }), { 'fail-level': 'never' });
    expect(empty.status).toBe(2);
    expect(empty.stdout.match(/^::error.*$/gm)).toEqual(['::error title=manifest-lint::manifest-lint: no manifest.json found in .']);
    expect(empty.summary).toBe('### Agent manifest lint\n\nmanifest-lint could not check: manifest-lint: no manifest.json found in .\n');

    const typo = await lint(repository(), { 'fail-level': 'warnings' });
    expect(typo.status).toBe(2);
    expect(typo.stdout).toContain('::error title=manifest-lint::action input: fail-level must be one of error, warning, never, got "warnings"');
  });
});
