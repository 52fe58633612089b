// The action's lint step (action.yml): runs the manifest-lint of the action's release or its build
// on the workspace once, with `--format json`, and reports in every place GitHub shows results —
// annotations and a SARIF file when asked (the library's `formatJsonResults`, which prints what
// `--format github` and `--format sarif` would), the job summary (a table) and step outputs.
// Everything shown comes from the tool's output, which masks secrets; this script never reads a
// manifest itself. Exit code: 0 passed, 1 failed at the chosen fail-level, 2 the check
// could not run (a workflow mistake, a missing file, a bad config), whatever the fail-level.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliArguments, InputError, readInputs } from './inputs.mjs';
import { failureMarkdown, plural, summaryMarkdown, totals } from './summary.mjs';

// The release's single-file CLI (action/release-cli.mjs), which is also the library, or the build's two.
const CLI = process.env.RELEASE_CLI || fileURLToPath(new URL('../dist/manifest-lint.cjs', import.meta.url));
const LIBRARY = process.env.RELEASE_CLI || fileURLToPath(new URL('../dist/agent-manifest.cjs', import.meta.url));

function manifestLint(args, cwd) {
  const env = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status ?? 2, stdout: result.stdout, stderr: result.stderr };
}

/** The message part of a workflow command (as GitHub's toolkit escapes it). */
function commandData(text) {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function appendTo(variable, text) {
  const file = process.env[variable];
  if (file) fs.appendFileSync(file, text);
}

/** A step output, in the delimited form, which holds any value. */
function setOutput(name, value) {
  const delimiter = `ghadelimiter_${randomUUID()}`;
  appendTo('GITHUB_OUTPUT', `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

/** Reports why nothing could be checked: an annotation, the summary, exit code 2. */
function cannotCheck(title, message) {
  process.stdout.write(`::error title=manifest-lint::${commandData(message.trim())}\n`);
  appendTo('GITHUB_STEP_SUMMARY', failureMarkdown(title, message));
  return 2;
}

function main() {
  const cwd = process.env.GITHUB_WORKSPACE || process.cwd();
  let inputs;
  try {
    inputs = readInputs(process.env);
  } catch (error) {
    if (error instanceof InputError) return cannotCheck('Agent manifest lint', `action input: ${error.message}`);
    throw error;
  }
  const title = inputs.template ? 'Agent template check' : 'Agent manifest lint';
  for (const built of [CLI, LIBRARY]) {
    if (!fs.existsSync(built)) return cannotCheck(title, `the action's manifest-lint is not built (no ${built}): its build step did not run or failed`);
  }

  // Its exit code, with --max-warnings 0 at fail-level warning, is the verdict.
  const run = manifestLint(cliArguments(inputs), cwd);
  process.stderr.write(run.stderr);
  if (run.status === 2) return cannotCheck(title, run.stderr);
  let results;
  try {
    results = JSON.parse(run.stdout);
  } catch {
    return cannotCheck(title, `manifest-lint --format json printed no JSON (exit code ${run.status}): ${run.stderr}`);
  }
  const { formatJsonResults } = createRequire(import.meta.url)(LIBRARY);

  // Annotations: workflow commands in the log, where the runner picks them up.
  process.stdout.write(formatJsonResults('github', results, { cwd }));
  const checked = inputs.template ? 'the template repository' : plural(results.length, 'manifest');
  appendTo('GITHUB_STEP_SUMMARY', summaryMarkdown(results, { title, checked }));

  let sarifFile = '';
  if (inputs.sarifFile !== '') {
    sarifFile = path.resolve(cwd, inputs.sarifFile);
    fs.mkdirSync(path.dirname(sarifFile), { recursive: true });
    fs.writeFileSync(sarifFile, formatJsonResults('sarif', results, { cwd }));
  }

  const { errors, warnings } = totals(results);
  setOutput('errors', String(errors));
  setOutput('warnings', String(warnings));
  setOutput('manifests', String(inputs.template ? results.filter((result) => path.basename(result.filePath) === 'manifest.json').length : results.length));
  setOutput('sarif-file', sarifFile);

  const failed = run.status === 1 && inputs.failLevel !== 'never';
  const tally = `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${checked}`;
  process.stdout.write(`manifest-lint: ${tally} (fail-level ${inputs.failLevel}: ${failed ? 'failed' : 'passed'})\n`);
  return failed ? 1 : 0;
}

process.exitCode = main();
