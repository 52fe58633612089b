import type { CronExpression, CronExpressionOptions } from 'cron-parser';
import { remembered } from '../framework/remembered.js';
import { load as loadCronParser } from './lazy/cron-parser.js';

const WHITESPACE = /\s+/;
/** Expressions each per-expression memory keeps before it starts over (bounds a long-running server's memory). */
const MEMO_LIMIT = 1000;
/** Longer expressions are not kept (they are invalid anyway, and keys must stay small). */
const MEMO_KEY_LENGTH = 256;
const TOKEN = /\S+/g;

/**
 * Splits on the whitespace cron uses between fields. A predefined alias (`@daily`, `@secondly`…)
 * counts as the fields it stands for, so callers that look at the seconds field see it.
 */
export function cronFields(expr: string): string[] {
  const trimmed = expr.trim();
  if (trimmed.startsWith('@') && !WHITESPACE.test(trimmed)) {
    const expanded = aliasExpansion(trimmed);
    if (expanded) return expanded.split(' ');
  }
  return trimmed.split(WHITESPACE).filter(Boolean);
}

/** One whitespace-separated field of an expression, with its offsets in the expression. */
export interface CronToken {
  text: string;
  start: number;
  end: number;
}

export function cronTokens(expr: string): CronToken[] {
  const tokens: CronToken[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(expr); match; match = TOKEN.exec(expr)) {
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/**
 * Parses with cron-parser. Hashed fields (`H`) take their value from a fixed seed, so the same
 * expression always gives the same fields and run times.
 */
export function parseCron(expr: string, options: CronExpressionOptions = {}): CronExpression {
  return loadCronParser().CronExpressionParser.parse(expr, { hashSeed: 'manifest', ...options });
}

/** The aliases cron-parser predefines, as the six fields (seconds first) they stand for. */
function aliasExpansion(alias: string): string | undefined {
  if (!/^@[a-z]+$/i.test(alias)) return undefined;
  try {
    return parseCron(alias).stringify(true);
  } catch {
    return undefined;
  }
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
export const subMinuteFiring: (expr: string) => SubMinuteFiring | undefined = remembered(findSubMinuteFiring, MEMO_LIMIT, MEMO_KEY_LENGTH);

function findSubMinuteFiring(expr: string): SubMinuteFiring | undefined {
  if (cronFields(expr).length !== 6) return undefined;
  let fields;
  try {
    fields = parseCron(expr).fields;
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
    [...minutes].some((m) => minutes.has(m + 1)) || (minutes.has(59) && minutes.has(0) && [...hours].some((h) => hours.has((h + 1) % 24)));
  if (consecutiveMinutes) smallestGap = Math.min(smallestGap, 60 - seconds.at(-1)! + seconds[0]!);
  return { perMinute: seconds.length, smallestGap };
}

// ------------------------------------------------------------------------------------------------
// Validation

/** The fields of a cron expression, by id. */
export type CronFieldId = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek';

export interface CronFieldSpec {
  id: CronFieldId;
  /** As messages name it: `minute`, `day of month`… */
  name: string;
  min: number;
  max: number;
}

export const CRON_FIELDS: Readonly<Record<CronFieldId, CronFieldSpec>> = {
  second: { id: 'second', name: 'seconds', min: 0, max: 59 },
  minute: { id: 'minute', name: 'minute', min: 0, max: 59 },
  hour: { id: 'hour', name: 'hour', min: 0, max: 23 },
  dayOfMonth: { id: 'dayOfMonth', name: 'day of month', min: 1, max: 31 },
  month: { id: 'month', name: 'month', min: 1, max: 12 },
  dayOfWeek: { id: 'dayOfWeek', name: 'day of week', min: 0, max: 7 },
};

const FIVE_FIELDS: readonly CronFieldSpec[] = [CRON_FIELDS.minute, CRON_FIELDS.hour, CRON_FIELDS.dayOfMonth, CRON_FIELDS.month, CRON_FIELDS.dayOfWeek];

/** The fields of an expression with `count` fields (5, or 6 with seconds first). */
export function cronFieldSpecs(count: number): readonly CronFieldSpec[] {
  return count === 6 ? [CRON_FIELDS.second, ...FIVE_FIELDS] : FIVE_FIELDS;
}

export type CronProblem =
  | { kind: 'empty' }
  /** Fewer than five or more than six fields. */
  | { kind: 'field-count'; count: number }
  /** `@something` that is not a predefined alias. */
  | { kind: 'alias'; alias: string }
  /** Longer than cron-parser reads (`max` characters); `token` is the field that alone is, when one is. */
  | { kind: 'too-long'; length: number; max: number; token?: CronToken }
  /** One field is wrong on its own; `reason` says why, with the values that say where. */
  | { kind: 'field'; field: CronFieldSpec; token: CronToken; reason: CronFieldReason }
  /** The day of month never occurs in the months the month field allows. */
  | { kind: 'day-of-month'; field: CronFieldSpec; token: CronToken; months: string }
  /** cron-parser refused the expression as a whole, for a reason none of the above explains. */
  | { kind: 'other' };

/**
 * Why cron-parser refuses `expr`, or undefined when it is a valid expression of five fields, six
 * fields (seconds first) or a predefined alias. Memoised per expression.
 */
export const cronProblem: (expr: string) => CronProblem | undefined = remembered(findProblem, MEMO_LIMIT, MEMO_KEY_LENGTH);

function findProblem(expr: string): CronProblem | undefined {
  const tokens = cronTokens(expr);
  if (tokens.length === 0) return { kind: 'empty' };
  if (tokens.length === 1 && tokens[0]!.text.startsWith('@')) {
    return aliasExpansion(tokens[0]!.text) === undefined ? { kind: 'alias', alias: tokens[0]!.text } : undefined;
  }
  // cron-parser fills in missing leading fields; a manifest's expression has them all.
  if (tokens.length < 5 || tokens.length > 6) return { kind: 'field-count', count: tokens.length };
  if (plainlyValid(tokens)) return undefined;
  try {
    parseCron(expr);
    return undefined;
  } catch (error) {
    return locate(expr, tokens, messageOf(error));
  }
}

/** Finds the field at fault by parsing each field with every other field a wildcard. */
function locate(expr: string, tokens: CronToken[], wholeReason: string): CronProblem {
  const specs = cronFieldSpecs(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const alone = tokens.map((token, j) => (j === i ? token.text : '*')).join(' ');
    try {
      parseCron(alone);
    } catch (error) {
      const reason = messageOf(error);
      const max = lengthLimitIn(reason);
      if (max !== undefined) return { kind: 'too-long', length: expr.length, max, token: tokens[i]! };
      return { kind: 'field', field: specs[i]!, token: tokens[i]!, reason: explainReason(reason, specs[i]!) };
    }
  }
  const max = lengthLimitIn(wholeReason);
  if (max !== undefined) return { kind: 'too-long', length: expr.length, max };
  const dayOfMonth = tokens.length - 3;
  if (/day of month/.test(wholeReason)) {
    return { kind: 'day-of-month', field: specs[dayOfMonth]!, token: tokens[dayOfMonth]!, months: tokens[dayOfMonth + 1]!.text };
  }
  return { kind: 'other' };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The most characters cron-parser reads, when `reason` is its refusal of a longer expression. */
function lengthLimitIn(reason: string): number | undefined {
  const match = /too long, expected at most (\d+)/.exec(reason);
  return match ? Number(match[1]) : undefined;
}

/**
 * Why cron-parser refuses one field, as a cause a rule words, with the values it fills in;
 * `unexplained` when its message is none of the known ones (its words are never passed on).
 */
export type CronFieldReason =
  | { id: 'valueOutside'; values: { value: string; range: string } }
  | { id: 'rangeOutside'; values: { range: string; allowedRange: string } }
  | { id: 'rangeBackwards' | 'rangeEnds'; values: { range: string } }
  | { id: 'unknownName'; values: { alias: string } }
  | { id: 'listedTwice'; values: { value: string } }
  | { id: 'occurrenceCombined'; values: { character: string } }
  | {
      id:
        | 'notNumber'
        | 'characters'
        | 'wildcardInside'
        | 'zeroStep'
        | 'badStep'
        | 'emptyListItem'
        | 'badOccurrence'
        | 'standaloneL'
        | 'tooManyValues'
        | 'unexplained';
    };

/** cron-parser's refusals of one field, each read as a cause of our own. */
const FIELD_REFUSALS: readonly [RegExp, (match: RegExpExecArray, field: CronFieldSpec) => CronFieldReason][] = [
  [/got value (\S+) expected range (\d+-\d+)/, (m) => ({ id: 'valueOutside', values: { value: m[1]!, range: m[2]! } })],
  [
    /got range (\S+) expected range (\d+-\d+)/,
    (m) => (m[1]!.includes('NaN') ? { id: 'notNumber' } : { id: 'rangeOutside', values: { range: m[1]!, allowedRange: m[2]! } }),
  ],
  [/Invalid range: (\S+), min(?:\(\d+\))? > max/, (m) => ({ id: 'rangeBackwards', values: { range: m[1]! } })],
  // A hashed range (`H(70-80)`) with no value inside the field.
  [/Invalid range: (\S+), no usable value/, (m, field) => ({ id: 'rangeOutside', values: { range: m[1]!, allowedRange: `${field.min}-${field.max}` } })],
  [/Invalid range: (\S+)$/, (m) => ({ id: 'rangeEnds', values: { range: m[1]! } })],
  [/Invalid characters/, () => ({ id: 'characters' })],
  [/Invalid wildcard/, () => ({ id: 'wildcardInside' })],
  [/cannot repeat at every 0 time|Invalid step: .*must be positive/, () => ({ id: 'zeroStep' })],
  // A negative step, or one that is not a number (`*/-`), and more than one step (`1/2/3`).
  [/cannot repeat at every|Invalid repeat/, () => ({ id: 'badStep' })],
  [/Invalid list value format/, () => ({ id: 'emptyListItem' })],
  [/cannot resolve alias "([^"]*)"/, (m) => ({ id: 'unknownName', values: { alias: m[1]! } })],
  [/duplicate values found: (\S+)/, (m) => ({ id: 'listedTwice', values: { value: m[1]! } })],
  [/occurrence number/, () => ({ id: 'badOccurrence' })],
  [/`#` and `(.)` special characters are incompatible/, (m) => ({ id: 'occurrenceCombined', values: { character: m[1]! } })],
  [/standalone L/, () => ({ id: 'standaloneL' })],
  [/too many values/, () => ({ id: 'tooManyValues' })],
];

function explainReason(reason: string, field: CronFieldSpec): CronFieldReason {
  for (const [pattern, cause] of FIELD_REFUSALS) {
    const match = pattern.exec(reason);
    if (match) return cause(match, field);
  }
  return { id: 'unexplained' };
}

const DIGITS = /^\d{1,2}$/;

/** Whether the fast path alone accepts `expr` (exported for the tests that hold it to cron-parser). */
export function plainlyValidCron(expr: string): boolean {
  const tokens = cronTokens(expr);
  return (tokens.length === 5 || tokens.length === 6) && plainlyValid(tokens);
}

/**
 * A fast path that recognises the common, plainly valid expressions (numbers, `*`, ranges, steps
 * and lists, nothing overlapping) without loading cron-parser and its time-zone library, which
 * costs more than the rest of a run. Anything else goes to cron-parser.
 */
function plainlyValid(tokens: CronToken[]): boolean {
  const specs = cronFieldSpecs(tokens.length);
  const values: Set<number>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const field = plainField(tokens[i]!.text, specs[i]!);
    if (!field) return false;
    values.push(field);
  }
  const n = tokens.length;
  return dayOfMonthOccurs(tokens[n - 3]!.text, values[n - 3]!, values[n - 2]!, tokens[n - 1]!.text);
}

/** Days in each month, February's in a leap year, as cron-parser counts them. */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * cron-parser's one rule across fields: with the day of week a wildcard (`*`, as written), the
 * smallest day of month listed must occur in at least one listed month (`0 9 30 2 *` never runs).
 * A restricted day of week joins the day of month with OR, so any day of month is accepted then.
 */
function dayOfMonthOccurs(dayOfMonth: string, days: Set<number>, months: Set<number>, dayOfWeek: string): boolean {
  if (dayOfMonth === '*' || dayOfWeek !== '*') return true;
  let longest = 0;
  for (const month of months) longest = Math.max(longest, DAYS_IN_MONTH[month - 1]!);
  return Math.min(...days) <= longest;
}

/** The values of a plainly valid field, or undefined when it is not one. */
function plainField(text: string, spec: CronFieldSpec): Set<number> | undefined {
  const seen = new Set<number>();
  const weekday = spec.max === 7;
  const add = (value: number) => {
    const normal = weekday && value === 7 ? 0 : value;
    if (seen.has(normal)) return false;
    seen.add(normal);
    return true;
  };
  for (const item of text.split(',')) {
    const [range, step, extra] = item.split('/');
    if (extra !== undefined || range === undefined) return undefined;
    let from: number;
    let to: number;
    if (range === '*') {
      from = spec.min;
      // cron-parser reads a stepped weekday `*` up to 7 (Sunday again), a plain one up to 6.
      to = weekday && step === undefined ? 6 : spec.max;
    } else {
      const [a, b, more] = range.split('-');
      if (more !== undefined || a === undefined || !DIGITS.test(a) || (b !== undefined && !DIGITS.test(b))) return undefined;
      from = Number(a);
      to = b === undefined ? (step === undefined ? from : spec.max) : Number(b);
    }
    if (from < spec.min || to > spec.max || from > to) return undefined;
    let by = 1;
    if (step !== undefined) {
      if (!DIGITS.test(step)) return undefined;
      by = Number(step);
      if (by < 1 || by > spec.max - spec.min) return undefined;
    }
    for (let value = from; value <= to; value += by) if (!add(value)) return undefined;
  }
  return seen;
}
