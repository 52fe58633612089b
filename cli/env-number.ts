import { CliError } from './errors.js';

/** A positive number from the environment variable `name`, or `fallback` when it is unset or empty. */
export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new CliError(`${name} expects a positive number, got "${raw}"`);
  return value;
}
