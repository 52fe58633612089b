/**
 * Runs the steps of this repository's action.yml as GitHub's runner would, without GitHub: each
 * `run` step in bash with the runner's variables (GITHUB_WORKSPACE, GITHUB_ACTION_PATH,
 * GITHUB_OUTPUT, GITHUB_STEP_SUMMARY) pointing at temporary files, its `${{ }}` expressions and its
 * `if:` evaluated, and the outputs each step writes passed on to later ones. A step that uses
 * another action is not run: it answers with the outputs a test gives for it (a cache hit, say).
 * Only the expressions action.yml needs are understood; any other one fails the test, so a change
 * to action.yml that this runner would get wrong cannot pass unnoticed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { workspace } from '../workspace.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ACTION_YML = path.join(ROOT, 'action.yml');
/** What the action's cache step says when the built CLI is cached: the build is skipped. */
export const CACHE_HIT = { 'actions/cache/restore': { 'cache-hit': 'true' } };

export interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string | number | boolean>;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
}

export interface ActionMetadata {
  name: string;
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export function readAction(): ActionMetadata {
  return parse(fs.readFileSync(ACTION_YML, 'utf8')) as ActionMetadata;
}

export interface ActionRun {
  /** The exit code of the step that failed, or 0. */
  status: number;
  stdout: string;
  stderr: string;
  /** What the steps wrote to GITHUB_STEP_SUMMARY. */
  summary: string;
  /** The action's outputs, as its `outputs:` map them from the steps. */
  outputs: Record<string, string>;
  /** Each step by id (or its action), and whether it ran. */
  steps: { step: string; ran: boolean }[];
}

export interface RunOptions {
  /** The repository the workflow checked out. */
  workspace: string;
  inputs?: Record<string, string>;
  /** Outputs of the steps that use other actions, by action name without its version. */
  uses?: Record<string, Record<string, string>>;
  /** Where the workflow took the action from (`github.action_repository`, `github.action_ref`); none by default, as for `uses: ./`. */
  action?: { repository: string; ref: string };
  /** GITHUB_SERVER_URL: a local stand-in for github.com (the default is one no test reaches). */
  serverUrl?: string;
}

interface Contexts {
  inputs: Record<string, string>;
  steps: Record<string, { outputs: Record<string, string> }>;
  github: Record<string, string>;
  runner: Record<string, string>;
}

function lookup(expression: string, contexts: Contexts): string {
  const [context, ...keys] = expression.trim().split('.');
  let value: unknown = contexts[context as keyof Contexts];
  if (value === undefined || keys.length === 0) throw new Error(`expression not understood by the test runner: ${expression}`);
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
  // GitHub's expressions read a missing property as null, which is '' in a string.
  return value === undefined || value === null ? '' : String(value);
}

/** `${{ context.path }}` anywhere in a string. */
function interpolate(text: string, contexts: Contexts): string {
  return text.replace(/\$\{\{([^}]*)\}\}/g, (_, expression: string) => lookup(expression, contexts));
}

/** An `if:` of comparisons `context.path == 'literal'` (or `!=`), joined by `&&`. */
function condition(text: string, contexts: Contexts): boolean {
  return text
    .replace(/^\$\{\{(.*)\}\}$/s, '$1')
    .split('&&')
    .every((comparison) => {
      const match = /^\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*$/.exec(comparison);
      if (!match) throw new Error(`if: not understood by the test runner: ${text}`);
      const equal = lookup(match[1]!, contexts) === match[3];
      return match[2] === '==' ? equal : !equal;
    });
}

/** GITHUB_OUTPUT's two forms: `name=value` lines and `name<<delimiter` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2]!, index + 1);
      if (end < 0) throw new Error(`GITHUB_OUTPUT: no closing delimiter for ${block[1]}`);
      outputs[block[1]!] = lines.slice(index + 1, end).join('\n');
      index = end;
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    } else if (line !== '') {
      throw new Error(`GITHUB_OUTPUT: a line that is not an output: ${line}`);
    }
  }
  return outputs;
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // How the runner starts `shell: bash`.
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? 1, stdout, stderr }));
  });
}

/** The environment of a runner's step: this machine's, without what would change the tools' output. */
function runnerEnvironment(variables: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(GITHUB_|RUNNER_|INPUT_)|^(NODE_OPTIONS|FORCE_COLOR|NO_COLOR)$/.test(key)) env[key] = value;
  }
  return { ...env, GITHUB_ACTIONS: 'true', CI: 'true', RUNNER_OS: 'Linux', ...variables };
}

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const action = readAction();
  const files = workspace({}, { git: false });
  const summaryFile = path.join(files, 'step-summary.md');
  fs.writeFileSync(summaryFile, '');
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) inputs[name] = options.inputs?.[name] ?? input.default ?? '';
  for (const name of Object.keys(options.inputs ?? {})) if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  const contexts: Contexts = {
    inputs,
    steps: {},
    github: { action_path: ROOT, workspace: options.workspace, action_repository: options.action?.repository ?? '', action_ref: options.action?.ref ?? '' },
    runner: { os: 'Linux', temp: files },
  };
  const run: ActionRun = { status: 0, stdout: '', stderr: '', summary: '', outputs: {}, steps: [] };
  for (const [index, step] of action.runs.steps.entries()) {
    const name = step.id ?? step.uses?.replace(/@.*$/, '') ?? `step ${index + 1}`;
    if (step.if !== undefined && !condition(step.if, contexts)) {
      run.steps.push({ step: name, ran: false });
      continue;
    }
    run.steps.push({ step: name, ran: true });
    if (step.uses !== undefined) {
      const outputs = options.uses?.[step.uses.replace(/@.*$/, '')];
      if (outputs === undefined) throw new Error(`the test gives no outputs for ${step.uses}`);
      if (step.id) contexts.steps[step.id] = { outputs };
      continue;
    }
    if (step.shell !== 'bash' || step.run === undefined) throw new Error(`step ${name}: the test runner runs bash steps only`);
    const outputFile = path.join(files, `output-${index}`);
    fs.writeFileSync(outputFile, '');
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, interpolate(String(value), contexts)]));
    const variables = {
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: files,
      GITHUB_SERVER_URL: options.serverUrl ?? 'http://127.0.0.1:9',
      ...stepEnv,
    };
    const result = await bash(interpolate(step.run, contexts), options.workspace, runnerEnvironment(variables));
    run.stdout += result.stdout;
    run.stderr += result.stderr;
    if (step.id) contexts.steps[step.id] = { outputs: parseOutputFile(fs.readFileSync(outputFile, 'utf8')) };
    if (result.status !== 0) {
      run.status = result.status;
      break;
    }
  }
  run.summary = fs.readFileSync(summaryFile, 'utf8');
  for (const [name, output] of Object.entries(action.outputs)) run.outputs[name] = interpolate(output.value, contexts);
  return run;
}
