import { parseArgs } from 'node:util';
import { describeParseError } from './args.js';
import { CliError } from './errors.js';
import { GATEWAY_PORT } from '../rules/analyzers/routes.js';

/** The platform's build timeout (seed section 3). */
const DEFAULT_BUILD_TIMEOUT_S = 300;
const DEFAULT_READY_TIMEOUT_S = 60;

/** `manifest-lint dev [folder] [--yes] [--check] [--env-file <file>] [--build-timeout <s>] [--ready-timeout <s>] [--gateway-port <n>] [--gateway-token <t>]`. */
export interface DevOptions {
  /** The folder holding manifest.json, or the manifest itself. */
  path: string;
  yes: boolean;
  check: boolean;
  envFile?: string;
  buildTimeoutS: number;
  readyTimeoutS: number;
  /** 0 picks a free port. */
  gatewayPort: number;
  gatewayToken?: string;
  help: boolean;
}

const OPTIONS = {
  yes: { type: 'boolean', short: 'y' },
  check: { type: 'boolean' },
  'env-file': { type: 'string' },
  'build-timeout': { type: 'string' },
  'ready-timeout': { type: 'string' },
  'gateway-port': { type: 'string' },
  'gateway-token': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseDevArgs(argv: string[]): DevOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(describeParseError(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new CliError('dev runs one folder at a time');
  if (values['env-file'] === '') throw new CliError('--env-file expects a file');
  if (values['gateway-token'] !== undefined && !/^[\x21-\x7e]{8,}$/.test(values['gateway-token'])) {
    throw new CliError('--gateway-token expects at least 8 printable characters without spaces');
  }
  const options: DevOptions = {
    path: positionals[0] ?? '.',
    yes: values.yes ?? false,
    check: values.check ?? false,
    buildTimeoutS: seconds(values['build-timeout'], '--build-timeout', DEFAULT_BUILD_TIMEOUT_S),
    readyTimeoutS: seconds(values['ready-timeout'], '--ready-timeout', DEFAULT_READY_TIMEOUT_S),
    gatewayPort: port(values['gateway-port']),
    help: values.help ?? false,
  };
  if (values['env-file'] !== undefined) options.envFile = values['env-file'];
  if (values['gateway-token'] !== undefined) options.gatewayToken = values['gateway-token'];
  return options;
}

/** A positive number of seconds (a fraction allowed), at most a day. */
function seconds(raw: string | undefined, flag: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = /^\d+(?:\.\d+)?$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!(value > 0 && value <= 86_400)) throw new CliError(`${flag} expects a number of seconds above 0 (at most 86400), got "${raw}"`);
  return value;
}

function port(raw: string | undefined): number {
  if (raw === undefined) return GATEWAY_PORT;
  const value = /^\d{1,5}$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!(value >= 0 && value <= 65535)) throw new CliError(`--gateway-port expects a port from 0 to 65535 (0 picks a free one), got "${raw}"`);
  return value;
}
