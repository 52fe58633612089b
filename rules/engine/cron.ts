import { load as loadCronParser } from './lazy/cron-parser.js';

/** Splits on the whitespace cron uses between fields. */
export function cronFields(expr: string): string[] {
  return expr.trim().split(/\s+/).filter(Boolean);
}

export interface SubMinuteFiring {
  /** Fires in one minute, when that minute fires at all. */
  perMinute: number;
  /** Smallest gap between two consecutive fires, in seconds. */
  smallestGap: number;
}

/**
 * How an expression with a seconds field fires within a minute, or undefined when it fires at
 * most once a minute (every five-field expression does) or does not parse.
 *
 * Every minute that fires, fires at each listed second, so the smallest gap over a whole cycle is
 * the smallest gap between listed seconds, or across the minute boundary when two consecutive
 * minutes both fire (`*\/59`: second 59, then second 0 of the next minute).
 */
export function subMinuteFiring(expr: string): SubMinuteFiring | undefined {
  if (cronFields(expr).length !== 6) return undefined;
  let fields;
  try {
    fields = loadCronParser().CronExpressionParser.parse(expr).fields;
  } catch {
    return undefined;
  }
  const seconds = [...fields.second.values].sort((a, b) => a - b);
  if (seconds.length < 2) return undefined;
  let smallestGap = 60;
  for (let i = 1; i < seconds.length; i++) smallestGap = Math.min(smallestGap, seconds[i]! - seconds[i - 1]!);
  const minutes = new Set<number>(fields.minute.values);
  const hours = new Set<number>(fields.hour.values);
  const consecutiveMinutes =
    [...minutes].some((m) => minutes.has(m + 1)) ||
    (minutes.has(59) && minutes.has(0) && [...hours].some((h) => hours.has((h + 1) % 24)));
  if (consecutiveMinutes) smallestGap = Math.min(smallestGap, 60 - seconds.at(-1)! + seconds[0]!);
  return { perMinute: seconds.length, smallestGap };
}
