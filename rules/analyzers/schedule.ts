import { cronProblem, cronTokens, parseCron } from './cron.js';
import { INTERVAL_SHORTHAND } from './tasks.js';
import { load as loadCronstrue } from './lazy/cronstrue.js';
import { isValidTimeZone, zoneFormatter } from './time-zones.js';

/**
 * Schedules in plain English: what a task's schedule means and when it runs next, for messages,
 * hovers and inlay hints. Pure: the same schedule and `now` always give the same answer.
 */

// ------------------------------------------------------------------------------------------------
// Durations

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function unit(count: number, name: string): string {
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

function round(value: number): number {
  return Number(value.toFixed(3));
}

/**
 * A duration in words: `500 ms`, `10 seconds`, `15 minutes`, `1 hour 30 minutes`, `2 days`.
 * Exact by default; `approximate` keeps the largest unit and the next one down when it is not
 * zero (`175 days 3 hours`, `2 days`), for "… ago".
 */
export function humanDuration(ms: number, options: { approximate?: boolean } = {}): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 0) return `-${humanDuration(-ms, options)}`;
  if (ms < SECOND) return `${round(ms)} ms`;
  const rest = ms % MINUTE;
  const counts = [Math.floor(ms / DAY), Math.floor((ms % DAY) / HOUR), Math.floor((ms % HOUR) / MINUTE), Math.floor(rest / SECOND)];
  const names = ['day', 'hour', 'minute', 'second'];
  if (options.approximate) {
    const first = counts.findIndex((count) => count > 0);
    const shown = [unit(counts[first]!, names[first]!)];
    if (first < 3 && counts[first + 1]! > 0) shown.push(unit(counts[first + 1]!, names[first + 1]!));
    return shown.join(' ');
  }
  const parts = counts.slice(0, 3).flatMap((count, i) => (count > 0 ? [unit(count, names[i]!)] : []));
  if (rest >= SECOND) parts.push(unit(round(rest / SECOND), 'second'));
  else if (rest > 0) parts.push(`${round(rest)} ms`);
  return parts.join(' ');
}

/** `every 15 minutes`, `every minute`, `every 1 hour 30 minutes`. */
const ONE_UNIT = /^1 [a-z]+$/;

function everyText(ms: number): string {
  const duration = humanDuration(ms);
  return ONE_UNIT.test(duration) ? `every ${duration.slice(2)}` : `every ${duration}`;
}

// ------------------------------------------------------------------------------------------------
// ISO 8601 timestamps

/** A timestamp of an `at` schedule, read as the JSON Schema format `iso-date-time` reads it. */
export interface IsoTimestamp {
  /** Epoch milliseconds; without an offset, the wall time is read as UTC. */
  instant: number;
  /** `Z`, `+02:00`…, or undefined when the timestamp has none. */
  offset: string | undefined;
  /** Offset east of UTC, in minutes (0 without one). */
  offsetMinutes: number;
}

export type IsoTimestampResult = { ok: true; value: IsoTimestamp } | ({ ok: false; suggestion?: string } & IsoTimestampProblem);

/** Why a text is not an ISO timestamp, with the values that say where (a rule words it). */
export type IsoTimestampProblem =
  | { problem: 'noSuchMonth'; values: { month: number } }
  | { problem: 'noDayZero' }
  | { problem: 'noSuchDay'; values: { monthName: string; year: number; day: number } }
  | { problem: 'noSuchHour'; values: { hour: number } }
  | { problem: 'noSuchMinute'; values: { minute: number } }
  | { problem: 'noSuchOffset'; values: { offset: string } }
  | { problem: 'noSuchSecond'; values: { second: number } }
  | { problem: 'empty' | 'spacesAround' | 'unixSeconds' | 'unixMilliseconds' | 'dateOnly' | 'noSeconds' | 'notInForm' };

const ISO_SHAPE = /^(\d{4})-(\d{2})-(\d{2})[Tt\s](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
const ISO_NO_SECONDS = /^(\d{4}-\d{2}-\d{2})[Tt\s](\d{2}:\d{2})((?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)$/;
const ISO_DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const EPOCH_DIGITS = /^\d{9,16}$/;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MAX_DATE_MS = 8.64e15;

export const ISO_EXAMPLE = '2026-03-01T09:00:00Z';

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!;
}

/** Like Date.UTC, without its reading of years 0-99 as 1900-1999. */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  date.setUTCFullYear(year);
  return date.getTime();
}

/**
 * Parses `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH[:MM]]`, the date-time form of ISO 8601 that the schema
 * checks (`T`, `t` or a space between date and time); says why when the text is not one.
 */
export function parseIsoTimestamp(text: string): IsoTimestampResult {
  const match = ISO_SHAPE.exec(text);
  if (!match) return notIso(text);
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  let second = Number(s);
  if (month < 1 || month > 12) return { ok: false, problem: 'noSuchMonth', values: { month } };
  if (day < 1 || day > daysInMonth(year, month)) {
    return day < 1 ? { ok: false, problem: 'noDayZero' } : { ok: false, problem: 'noSuchDay', values: { monthName: MONTH_NAMES[month - 1]!, year, day } };
  }
  if (hour > 23) return { ok: false, problem: 'noSuchHour', values: { hour } };
  if (minute > 59) return { ok: false, problem: 'noSuchMinute', values: { minute } };
  const offsetHours = Number(oh ?? 0);
  const offsetMinutesPart = Number(om ?? 0);
  if (offsetHours > 23 || offsetMinutesPart > 59) return { ok: false, problem: 'noSuchOffset', values: { offset: `${sign}${oh}${om ? `:${om}` : ''}` } };
  const offsetMinutes = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutesPart);
  if (second > 59) {
    // A leap second is only valid at 23:59:60 UTC.
    const utcMinutes = hour * 60 + minute - offsetMinutes;
    if (second > 60 || ((utcMinutes % 1440) + 1440) % 1440 !== 1439) return { ok: false, problem: 'noSuchSecond', values: { second } };
    second = 59;
  }
  const millis = fraction ? Math.floor(Number(`0${fraction}`) * 1000) : 0;
  const instant = utc(year, month, day, hour, minute, second, millis) - offsetMinutes * MINUTE;
  const offset = zulu ? 'Z' : sign ? `${sign}${oh}:${om ?? '00'}` : undefined;
  return { ok: true, value: { instant, offset, offsetMinutes } };
}

function notIso(text: string): IsoTimestampResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (trimmed !== text && ISO_SHAPE.test(trimmed)) return { ok: false, problem: 'spacesAround', suggestion: trimmed };
  if (EPOCH_DIGITS.test(trimmed)) {
    const ms = Number(trimmed) * (trimmed.length <= 10 ? 1000 : 1);
    return {
      ok: false,
      problem: trimmed.length <= 10 ? 'unixSeconds' : 'unixMilliseconds',
      ...(ms < MAX_DATE_MS ? { suggestion: new Date(ms).toISOString().replace('.000Z', 'Z') } : {}),
    };
  }
  if (ISO_DATE_ONLY.test(trimmed)) return { ok: false, problem: 'dateOnly', suggestion: `${trimmed}T09:00:00Z` };
  const noSeconds = ISO_NO_SECONDS.exec(trimmed);
  if (noSeconds) {
    return { ok: false, problem: 'noSeconds', suggestion: `${noSeconds[1]}T${noSeconds[2]}:00${noSeconds[3] || 'Z'}` };
  }
  return { ok: false, problem: 'notInForm' };
}

// ------------------------------------------------------------------------------------------------
// Run times

const FIXED_OFFSET = /^UTC([+-])(\d{2}):(\d{2})$/;

/**
 * A run time as people read it in `timeZone`: `Tue 24 Nov 09:00` (seconds when not zero; the
 * year when `year` is `always`, or when it differs from the year of `now`). `timeZone` is a zone
 * `Intl` accepts or a fixed offset written `UTC+02:00`.
 */
export function formatRunTime(date: Date, timeZone: string, now: Date, options: { year?: 'auto' | 'always' } = {}): string {
  let shown = date;
  let shownNow = now;
  let zone = timeZone;
  const fixed = FIXED_OFFSET.exec(timeZone);
  if (fixed) {
    const shift = (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * HOUR + Number(fixed[3]) * MINUTE);
    shown = new Date(date.getTime() + shift);
    shownNow = new Date(now.getTime() + shift);
    zone = 'UTC';
  }
  const formatter = zoneFormatter(zone) ?? zoneFormatter('UTC')!;
  const parts = partsOf(formatter, shown);
  const sameYear = partsOf(formatter, shownNow).year === parts.year;
  const year = options.year === 'always' || !sameYear ? ` ${parts.year}` : '';
  const time = parts.second === '00' ? `${parts.hour}:${parts.minute}` : `${parts.hour}:${parts.minute}:${parts.second}`;
  return `${parts.weekday} ${parts.day} ${parts.month}${year} ${time}`;
}

function partsOf(formatter: Intl.DateTimeFormat, date: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

// ------------------------------------------------------------------------------------------------
// Explanations

export interface ScheduleExplanation {
  kind: 'cron' | 'every' | 'at';
  /**
   * Plain English, in `timeZone`: `at 09:00, Monday through Friday`, `every 15 minutes`,
   * `once, at Mon 1 Jun 2026 09:00`.
   */
  text: string;
  /**
   * The zone the text and the run times are read in: the schedule's `tz`, `UTC` when it has
   * none, or for an `at` written with an offset (and no `tz`) that offset, as `UTC+02:00`.
   */
  timeZone: string;
  /**
   * The next runs after `now`, at most `count`. Empty for an `every` schedule (its runs count
   * from when the platform registers the task, which the manifest does not say), for an `at`
   * already past, and for a hashed (`H`) cron field, whose value the platform picks.
   */
  nextRuns: Date[];
  /** One line for hovers and messages: `at 09:00, Monday through Friday, Europe/Lisbon; next: Tue 24 Nov 09:00`. */
  summary: string;
  /** For an `at` schedule, its one run time as the text writes it: `Mon 1 Jun 2026 09:00`. */
  runTime?: string;
}

/**
 * Explains a task's `schedule` as JSON.parse sees it: an object with `kind` `cron` (`expr`,
 * `tz`), `every` (`everyMs`, `staggerMs`) or `at` (`at` or `atMs`, `tz` for display), or the
 * shorthand's string, a cron expression or an interval `"<n>ms"`. Undefined when the schedule is not valid enough to explain.
 */
export function explainSchedule(schedule: unknown, now: Date, options: { count?: number } = {}): ScheduleExplanation | undefined {
  const count = options.count ?? 3;
  if (typeof schedule === 'string') {
    const interval = INTERVAL_SHORTHAND.exec(schedule);
    return interval ? explainEvery(Number(interval[1]), undefined, 'UTC') : explainCron(schedule, undefined, now, count);
  }
  if (schedule === null || typeof schedule !== 'object' || Array.isArray(schedule)) return undefined;
  const fields = schedule as Record<string, unknown>;
  const tz = fields.tz;
  if (tz !== undefined && (typeof tz !== 'string' || !isValidTimeZone(tz))) return undefined;
  switch (fields.kind) {
    case 'cron':
      return typeof fields.expr === 'string' ? explainCron(fields.expr, tz, now, count) : undefined;
    case 'every':
      return explainEvery(fields.everyMs, fields.staggerMs, tz ?? 'UTC');
    case 'at':
      return explainAt(fields.at, fields.atMs, tz, now);
    default:
      return undefined;
  }
}

const HASHED = /(?:^|,)H(?:$|[(/,])/;

function explainCron(expr: string, tz: string | undefined, now: Date, count: number): ScheduleExplanation | undefined {
  if (cronProblem(expr)) return undefined;
  const timeZone = tz ?? 'UTC';
  let parsed;
  try {
    parsed = parseCron(expr, { tz: timeZone, currentDate: now });
  } catch {
    return undefined;
  }
  const hashed = cronTokens(expr).some((token) => HASHED.test(token.text));
  let nextRuns: Date[] = [];
  if (!hashed) {
    try {
      nextRuns = parsed.take(count).map((date) => date.toDate());
    } catch {
      nextRuns = [];
    }
  }
  const text = hashed ? `on the cron schedule \`${expr.trim()}\`` : cronText(expr, parsed.stringify(parsed.fields.second.values.some((s) => s !== 0)));
  const next = nextRuns[0] ? `next: ${formatRunTime(nextRuns[0], timeZone, now)}` : hashed ? 'run times picked by the platform' : 'no upcoming run';
  return { kind: 'cron', text, timeZone, nextRuns, summary: `${text}, ${timeZone}; ${next}` };
}

/** cronstrue's reading, of cron-parser's normalised fields (names and aliases resolved). */
function cronText(expr: string, normalised: string): string {
  const cronstrue = loadCronstrue();
  const options = { use24HourTimeFormat: true, throwExceptionOnParseError: true, verbose: false };
  for (const candidate of [normalised, expr.trim()]) {
    try {
      const text = cronstrue.toString(candidate, options);
      return text.charAt(0).toLowerCase() + text.slice(1);
    } catch {
      // try the next form
    }
  }
  return `on the cron schedule \`${expr.trim()}\``;
}

function explainEvery(everyMs: unknown, staggerMs: unknown, timeZone: string): ScheduleExplanation | undefined {
  if (typeof everyMs !== 'number' || !Number.isFinite(everyMs) || everyMs <= 0) return undefined;
  const stagger = typeof staggerMs === 'number' && staggerMs > 0 ? `, staggered by up to ${humanDuration(staggerMs)}` : '';
  const text = `${everyText(everyMs)}${stagger}`;
  return { kind: 'every', text, timeZone, nextRuns: [], summary: text };
}

function explainAt(at: unknown, atMs: unknown, tz: string | undefined, now: Date): ScheduleExplanation | undefined {
  let instant: number;
  let timeZone = tz ?? 'UTC';
  if (typeof atMs === 'number') {
    instant = atMs;
  } else if (typeof at === 'string') {
    const parsed = parseIsoTimestamp(at);
    if (!parsed.ok) return undefined;
    instant = parsed.value.instant;
    if (tz === undefined && parsed.value.offset && parsed.value.offset !== 'Z' && parsed.value.offsetMinutes !== 0) {
      timeZone = `UTC${parsed.value.offset}`;
    }
  } else {
    return undefined;
  }
  if (!Number.isFinite(instant) || Math.abs(instant) > MAX_DATE_MS) return undefined;
  const date = new Date(instant);
  const runTime = formatRunTime(date, timeZone, now, { year: 'always' });
  const text = `once, at ${runTime}`;
  const past = instant <= now.getTime();
  return { kind: 'at', text, timeZone, nextRuns: past ? [] : [date], summary: `${text}, ${timeZone}${past ? '; already past' : ''}`, runTime };
}
