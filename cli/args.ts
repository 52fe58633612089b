import { parseArgs } from 'node:util';
import type { SeveritySetting } from '../rules/index.js';
import { FORMATS, TEMPLATE_FORMATS, type Format } from '../report/formatters.js';
import { oneLine } from '../report/terminal-text.js';
import { CliError } from './errors.js';

const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['off', 'hint', 'info', 'warning', 'error'];

export interface CliOptions {
  paths: string[];
  format: Format;
  fix: boolean;
  fixDryRun: boolean;
  /** Severity overrides from `--rule`, in the order given (a later flag wins). */
  rules: Record<string, SeveritySetting>;
  config?: string;
  noConfig: boolean;
  maxWarnings?: number;
  quiet: boolean;
  stdin: boolean;
  stdinFilename?: string;
  now?: Date;
  listRules: boolean;
  printSchema: boolean;
  printConfig: boolean;
  /** Lint files named `manifest.json` even when their content says they are another kind. */
  force: boolean;
  /** Say what was left out and why (foreign manifests found in folders). */
  verbose: boolean;
  version: boolean;
  help: boolean;
  /** `manifest-lint template <dir|git-url> [--ref <ref>] [--remote [--agents-url <url>]]`. */
  template?: TemplateSource;
}

export interface TemplateSource {
  source: string;
  ref?: string;
  /** Ask the platform's template validator too, and compare its verdict with ours. */
  remote: boolean;
  /** `{agents_url}` of the platform's API, when given. */
  agentsUrl?: string;
}

/** What `template --remote` prints: ours beside the platform's, for people or for programs. */
const REMOTE_FORMATS: readonly Format[] = ['stylish', 'json', 'api'];

const OPTIONS = {
  format: { type: 'string', short: 'f' },
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  config: { type: 'string', short: 'c' },
  'no-config': { type: 'boolean' },
  'max-warnings': { type: 'string' },
  quiet: { type: 'boolean' },
  stdin: { type: 'boolean' },
  'stdin-filename': { type: 'string' },
  now: { type: 'string' },
  'list-rules': { type: 'boolean' },
  'print-schema': { type: 'boolean' },
  'print-config': { type: 'boolean' },
  force: { type: 'boolean' },
  verbose: { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

const TEMPLATE_OPTIONS = { ...OPTIONS, ref: { type: 'string' }, remote: { type: 'boolean' }, 'agents-url': { type: 'string' } } as const;

/** ISO 8601 calendar date, optionally with a time and an offset. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * Parses the command line. Rule ids are checked later, against the engine, so that `--help` and
 * `--version` never load it. Every problem is a `CliError` with exit code 2.
 */
export function parseCli(argv: string[], mode: { template?: boolean } = {}): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: mode.template ? TEMPLATE_OPTIONS : OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(describeParseError(error));
  }
  const { positionals } = parsed;
  const values = parsed.values as typeof parsed.values & { ref?: string; remote?: boolean; 'agents-url'?: string };

  const format = values.format ?? 'stylish';
  const formats: readonly string[] = mode.template ? TEMPLATE_FORMATS : FORMATS;
  if (!formats.includes(format)) {
    const hint = format === 'api' ? '; api is the format of `manifest-lint template`' : '';
    throw new CliError(`unknown format: ${format} (use ${formats.join(', ')}${hint})`);
  }

  const rules: Record<string, SeveritySetting> = {};
  for (const spec of values.rule ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0) throw new CliError(`--rule expects <id>=<severity>, got "${spec}"`);
    const id = spec.slice(0, eq).trim();
    const severity = spec.slice(eq + 1).trim();
    if (!(SEVERITY_SETTINGS as readonly string[]).includes(severity)) {
      throw new CliError(`invalid severity "${severity}" for rule ${id} (use ${SEVERITY_SETTINGS.join(', ')})`);
    }
    rules[id] = severity as SeveritySetting;
  }

  let maxWarnings: number | undefined;
  if (values['max-warnings'] !== undefined) {
    const raw = values['max-warnings'].trim();
    if (!/^\d{1,15}$/.test(raw)) {
      throw new CliError(`--max-warnings expects a whole number >= 0, got "${values['max-warnings']}"`);
    }
    maxWarnings = Number(raw);
  }

  let now: Date | undefined;
  if (values.now !== undefined) {
    const raw = values.now.trim();
    const time = ISO_TIME.test(raw) ? Date.parse(raw.replace(',', '.')) : Number.NaN;
    if (Number.isNaN(time)) {
      throw new CliError(`--now expects an ISO 8601 time such as 2026-11-23T09:00:00Z, got "${values.now}"`);
    }
    now = new Date(time);
  }

  const fix = values.fix ?? false;
  const fixDryRun = values['fix-dry-run'] ?? false;
  const stdin = values.stdin ?? false;
  const noConfig = values['no-config'] ?? false;
  if (fix && fixDryRun) throw new CliError('--fix and --fix-dry-run cannot be combined');
  if (noConfig && values.config !== undefined) {
    throw new CliError('--config and --no-config cannot be combined');
  }
  if (stdin && positionals.length > 0) {
    throw new CliError('--stdin reads standard input and takes no paths');
  }
  if (values['stdin-filename'] !== undefined && !stdin) {
    throw new CliError('--stdin-filename requires --stdin');
  }
  if (values['stdin-filename'] === '') throw new CliError('--stdin-filename expects a name');
  if (values.config === '') throw new CliError('--config expects a file');

  const options: CliOptions = {
    paths: positionals,
    format: format as Format,
    fix,
    fixDryRun,
    rules,
    noConfig,
    quiet: values.quiet ?? false,
    stdin,
    listRules: values['list-rules'] ?? false,
    printSchema: values['print-schema'] ?? false,
    printConfig: values['print-config'] ?? false,
    force: values.force ?? false,
    verbose: values.verbose ?? false,
    version: values.version ?? false,
    help: values.help ?? false,
  };
  if (mode.template)
    options.template = templateSource(positionals, { ref: values.ref, remote: values.remote ?? false, agentsUrl: values['agents-url'] }, options);
  if (values.config !== undefined) options.config = values.config;
  if (maxWarnings !== undefined) options.maxWarnings = maxWarnings;
  if (values['stdin-filename'] !== undefined) options.stdinFilename = values['stdin-filename'];
  if (now !== undefined) options.now = now;
  return options;
}

/** The folder or git URL of `manifest-lint template`, checked against the other flags. */
function templateSource(
  positionals: string[],
  flags: { ref: string | undefined; remote: boolean; agentsUrl: string | undefined },
  options: CliOptions,
): TemplateSource {
  const { ref, remote, agentsUrl } = flags;
  if (options.stdin) throw new CliError('--stdin cannot be used with template: it checks a folder or a git URL');
  if (ref !== undefined && (ref === '' || ref.startsWith('-') || /[\u0000-\u0020\u007f~^:?*[\\]|\.\.|@\{/.test(ref))) {
    throw new CliError(`--ref expects a branch, tag or commit, got "${ref}"`);
  }
  if (agentsUrl !== undefined && !remote) throw new CliError('--agents-url applies to --remote');
  if (remote && !REMOTE_FORMATS.includes(options.format)) {
    throw new CliError(`--remote prints ${REMOTE_FORMATS.join(', ')}, not ${options.format}`);
  }
  if (remote && (options.fix || options.fixDryRun)) throw new CliError('--remote compares verdicts and fixes nothing: leave out --fix and --fix-dry-run');
  const informationOnly = options.help || options.version || options.listRules || options.printSchema;
  const checked: TemplateSource = {
    source: positionals[0] ?? '',
    remote,
    ...(ref === undefined ? {} : { ref }),
    ...(agentsUrl === undefined ? {} : { agentsUrl }),
  };
  if (positionals.length === 0) {
    if (informationOnly) return checked;
    throw new CliError(`template expects ${remote ? 'a git URL' : 'a folder or a git URL'} (see --help)`);
  }
  if (positionals.length > 1) throw new CliError('template checks one folder or git URL at a time');
  return checked;
}

/** A `node:util` `parseArgs` error in the words of `--help`. */
export function describeParseError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1] ?? 'option';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option: ${option} (see --help)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/argument missing/.test(message)) return `${option} expects a value (see --help)`;
      if (/ambiguous/.test(message)) {
        return `${option} expects a value; to pass one that starts with "-", write ${option}=<value>`;
      }
      if (/does not take an argument/.test(message)) return `${option} does not take a value (see --help)`;
      return `${oneLine(message)} (see --help)`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return 'unexpected argument (see --help)';
    default:
      return oneLine(message);
  }
}
