import { parseArgs } from 'node:util';
import { CID_PROFILES, DEFAULT_CID_PROFILE, isCidProfile, type CidProfile } from '../rules/index.js';
import { describeParseError } from './args.js';
import { CliError } from './errors.js';

/** Where uploads go unless `--upload-url` says otherwise (the seed leaves `{upload_url}` open). */
const DEFAULT_UPLOAD_URL = 'https://uploads.pinata.cloud';
const NETWORKS = ['public', 'private'] as const;
export type Network = (typeof NETWORKS)[number];
/** The storage API's own default network (seed: platform interface 4.2). */
export const DEFAULT_NETWORK: Network = 'private';
const CID_FORMATS = ['text', 'json'] as const;

/** `manifest-lint cid <file|folder> [--profile …] [--format text|json]` (SPEC section 15). */
export interface CidOptions {
  path: string;
  profile: CidProfile;
  format: (typeof CID_FORMATS)[number];
  help: boolean;
}

/** `manifest-lint skill upload <folder> [--profile …] [--network …] [--pin <name>] [--upload-url <url>]`. */
export interface UploadOptions {
  folder: string;
  profile: CidProfile;
  network: Network;
  pin?: string;
  uploadUrl: string;
  help: boolean;
}

const PROFILE_OPTION = { profile: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

export function parseCidArgs(argv: string[]): CidOptions {
  const { values, positionals } = parsed(() =>
    parseArgs({ args: argv, options: { ...PROFILE_OPTION, format: { type: 'string', short: 'f' } }, allowPositionals: true, strict: true }),
  );
  const help = values.help ?? false;
  const format = values.format ?? 'text';
  if (!(CID_FORMATS as readonly string[]).includes(format)) throw new CliError(`unknown format for cid: ${format} (use ${CID_FORMATS.join(' or ')})`);
  return {
    path: onePath(positionals, help, 'cid expects a file or folder (see --help)'),
    profile: profileOf(values.profile),
    format: format as CidOptions['format'],
    help,
  };
}

export function parseUploadArgs(argv: string[]): UploadOptions {
  const { values, positionals } = parsed(() =>
    parseArgs({
      args: argv,
      options: { ...PROFILE_OPTION, network: { type: 'string' }, pin: { type: 'string' }, 'upload-url': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    }),
  );
  const help = values.help ?? false;
  const network = values.network ?? DEFAULT_NETWORK;
  if (!(NETWORKS as readonly string[]).includes(network)) throw new CliError(`unknown network: ${network} (use ${NETWORKS.join(' or ')})`);
  if (values.pin === '') throw new CliError('--pin expects the name of a skill in manifest.json');
  const options: UploadOptions = {
    folder: onePath(positionals, help, "skill upload expects the skill's folder (see --help)"),
    profile: profileOf(values.profile),
    network: network as Network,
    uploadUrl: values['upload-url'] ?? DEFAULT_UPLOAD_URL,
    help,
  };
  if (values.pin !== undefined) options.pin = values.pin;
  return options;
}

/** The result of `parseArgs`, its errors in the words of `--help`. */
function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new CliError(describeParseError(error));
  }
}

function profileOf(value: string | undefined): CidProfile {
  if (value === undefined) return DEFAULT_CID_PROFILE;
  if (!isCidProfile(value)) throw new CliError(`unknown profile: ${value} (use ${CID_PROFILES.join(', ')})`);
  return value;
}

function onePath(positionals: string[], help: boolean, missing: string): string {
  if (positionals.length > 1) throw new CliError(`one path at a time, got ${positionals.length} (see --help)`);
  if (positionals.length === 0 && !help) throw new CliError(missing);
  return positionals[0] ?? '';
}
