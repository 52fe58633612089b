// The action's inputs, which action.yml hands to the step as INPUT_* variables (a composite action
// gets none by itself), and the manifest-lint command lines they make.

const FAIL_LEVELS = ['error', 'warning', 'never'];

/** A mistake in the workflow file: reported as one annotation, exit code 2 (as the CLI's usage errors). */
export class InputError extends Error {}

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ paths: string[], config: string, failLevel: 'error' | 'warning' | 'never', template: boolean, sarifFile: string }}
 */
export function readInputs(env) {
  const input = (name) => (env[`INPUT_${name}`] ?? '').trim();
  // One path, folder or glob per line; a line is taken whole, so names with spaces work.
  const paths = input('PATHS')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const failLevel = (input('FAIL_LEVEL') || 'error').toLowerCase();
  if (!FAIL_LEVELS.includes(failLevel)) {
    throw new InputError(`fail-level must be one of ${FAIL_LEVELS.join(', ')}, got "${failLevel}"`);
  }
  const template = (input('TEMPLATE') || 'false').toLowerCase();
  if (template !== 'true' && template !== 'false') throw new InputError(`template must be true or false, got "${template}"`);
  if (template === 'true' && paths.length > 1) {
    throw new InputError(`template checks one repository folder, got ${paths.length} paths`);
  }
  return { paths, config: input('CONFIG'), failLevel, template: template === 'true', sarifFile: input('SARIF_FILE') };
}

/**
 * The command line of the one run: JSON, from which the annotations, the summary and the SARIF
 * file are all made. Paths come after `--`, so a path that starts with `-` is never read as a flag.
 * @param {ReturnType<typeof readInputs>} inputs
 */
export function cliArguments(inputs) {
  const flags = ['--format', 'json'];
  if (inputs.config !== '') flags.push('--config', inputs.config);
  // The exit code decides the step's result: warnings count as failures only at fail-level warning.
  if (inputs.failLevel === 'warning') flags.push('--max-warnings', '0');
  if (inputs.template) return ['template', ...flags, '--', inputs.paths[0] ?? '.'];
  return [...flags, '--', ...(inputs.paths.length > 0 ? inputs.paths : ['.'])];
}
