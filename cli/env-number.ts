import { CliError } from './errors.js';

/** The longest timeout Node's timers take, in seconds; past it a timer fires at once. */
export const MAX_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/**
 * A positive number from the environment variable `name`, at most `max`, or `fallback` when it
 * is unset or empty.
 */
export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max = Number.POSITIVE_INFINITY): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new CliError(`${name} expects a positive number${Number.isFinite(max) ? ` up to ${max}` : ''}, got "${raw}"`);
  }
  return value;
}
