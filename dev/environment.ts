/**
 * The environment the scripts run with: a minimal one taken from the caller's (what a shell and
 * a package manager need to work), plus the declared secrets and nothing else. A secret's value
 * comes from the caller's environment or, when it is not set there, from an env file. Values
 * are never part of a message: callers get names.
 */
import { readEnvLines } from '../rules/analyzers/env-file.js';
import type { DeclaredSecret } from '../rules/analyzers/secrets.js';

/** The caller's variables the scripts keep: where programs are, the home, the language and the clock. */
const BASE_VARIABLES = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'] as const;

export interface EnvFile {
  values: Map<string, string>;
}

export class EnvFileError extends Error {}

/**
 * The variables of an env file, read as the linter reads one (`rules/analyzers/env-file.ts`). A
 * line that is not `NAME=value`, or whose quote is left open, is an error that names its number,
 * never its text: it may hold a secret.
 */
export function parseEnvFile(text: string): EnvFile {
  const values = new Map<string, string>();
  for (const entry of readEnvLines(text)) {
    if (entry.kind === 'other') throw new EnvFileError(`line ${entry.line + 1} is not NAME=value`);
    if (entry.problem)
      throw new EnvFileError(`line ${entry.line + 1} has ${entry.problem === 'unclosed quote' ? 'an unclosed quote' : 'text after its closing quote'}`);
    values.set(entry.name, entry.value);
  }
  return { values };
}

export interface SecretValues {
  /** The declared secrets that have a value, by name. */
  values: Map<string, string>;
  /** Required secrets with no value (nothing may run). */
  missing: string[];
  /** Optional secrets with no value. */
  unset: string[];
  /** Where each secret with a value came from. */
  sources: Map<string, 'environment' | 'env file'>;
  /** Names in the env file that no secret declares: the scripts do not get them. */
  undeclared: string[];
}

/** Each declared secret's value: the caller's environment first, then the env file; an empty value counts as none. */
export function secretValues(secrets: readonly DeclaredSecret[], env: NodeJS.ProcessEnv, file: EnvFile | undefined): SecretValues {
  const values = new Map<string, string>();
  const sources = new Map<string, 'environment' | 'env file'>();
  const missing: string[] = [];
  const unset: string[] = [];
  for (const { name, required } of secrets) {
    const fromEnv = env[name];
    const fromFile = file?.values.get(name);
    if (fromEnv !== undefined && fromEnv !== '') {
      values.set(name, fromEnv);
      sources.set(name, 'environment');
    } else if (fromFile !== undefined && fromFile !== '') {
      values.set(name, fromFile);
      sources.set(name, 'env file');
    } else (required ? missing : unset).push(name);
  }
  const declared = new Set(secrets.map((secret) => secret.name));
  const undeclared = [...(file?.values.keys() ?? [])].filter((name) => !declared.has(name));
  return { values, missing, unset, sources, undeclared };
}

/** The scripts' environment: the base variables the caller has, then the secrets' values. */
export function scriptEnvironment(env: NodeJS.ProcessEnv, secrets: ReadonlyMap<string, string>): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = {};
  for (const name of BASE_VARIABLES) if (env[name] !== undefined) result[name] = env[name];
  for (const [name, value] of secrets) result[name] = value;
  return result;
}
