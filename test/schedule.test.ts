/**
 * Schedules in plain English (`rules/analyzers/schedule.ts`) and the cron and time-zone helpers
 * behind the task rules. Every explanation reads a fixed clock, so the expectations are exact.
 */
import fc from 'fast-check';
import { CronExpressionParser } from 'cron-parser';
import { describe, expect, it } from 'vitest';
import { cronFields, cronProblem, plainlyValidCron, subMinuteFiring } from '../rules/analyzers/cron.js';
import { explainSchedule, formatRunTime, humanDuration, parseIsoTimestamp } from '../rules/analyzers/schedule.js';
import { isValidTimeZone, suggestTimeZone } from '../rules/analyzers/time-zones.js';
import { UNLISTED_ZONES } from '../rules/analyzers/unlisted-zones.js';

const NOW = new Date('2026-11-23T09:00:00Z'); // a Monday
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('explainSchedule: cron', () => {
  it('reads a documented cron schedule in its time zone', () => {
    const explained = explainSchedule({ kind: 'cron', expr: '0 9 * * 1-5', tz: 'Europe/Lisbon' }, NOW);
    expect(explained).toEqual({
      kind: 'cron',
      text: 'at 09:00, Monday through Friday',
      timeZone: 'Europe/Lisbon',
      nextRuns: [new Date('2026-11-24T09:00:00Z'), new Date('2026-11-25T09:00:00Z'), new Date('2026-11-26T09:00:00Z')],
      summary: 'at 09:00, Monday through Friday, Europe/Lisbon; next: Tue 24 Nov 09:00',
    });
  });

  it('reads the legacy shorthand (a cron string) in UTC', () => {
    const explained = explainSchedule('0 */4 * * *', NOW)!;
    expect(explained.summary).toBe('on the hour, every 4 hours, UTC; next: Mon 23 Nov 12:00');
    expect(iso(explained.nextRuns)).toEqual(['2026-11-23T12:00:00.000Z', '2026-11-23T16:00:00.000Z', '2026-11-23T20:00:00.000Z']);
  });

  it('gives run times in the zone, west of UTC and through links', () => {
    const newYork = explainSchedule({ kind: 'cron', expr: '0 9 * * MON-FRI', tz: 'America/New_York' }, NOW)!;
    expect(newYork.summary).toBe('at 09:00, Monday through Friday, America/New_York; next: Mon 23 Nov 09:00');
    expect(newYork.nextRuns[0]!.toISOString()).toBe('2026-11-23T14:00:00.000Z');
    const pacific = explainSchedule({ kind: 'cron', expr: '0 9 * * *', tz: 'US/Pacific' }, NOW)!;
    expect(pacific.nextRuns[0]!.toISOString()).toBe('2026-11-23T17:00:00.000Z');
    const kolkata = explainSchedule({ kind: 'cron', expr: '0 10 * * 1', tz: 'Asia/Kolkata' }, NOW)!;
    expect(kolkata.summary).toBe('at 10:00, only on Monday, Asia/Kolkata; next: Mon 30 Nov 10:00');
    expect(kolkata.nextRuns[0]!.toISOString()).toBe('2026-11-30T04:30:00.000Z');
  });

  it('follows daylight saving changes', () => {
    // Berlin springs forward on 29 March 2026: 02:30 does not exist that night and runs at 03:30.
    const spring = explainSchedule({ kind: 'cron', expr: '30 2 * * *', tz: 'Europe/Berlin' }, new Date('2026-03-27T12:00:00Z'), { count: 4 })!;
    expect(iso(spring.nextRuns)).toEqual(['2026-03-28T01:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z', '2026-03-31T00:30:00.000Z']);
    // New York springs forward on 8 March 2026: 09:00 local moves from 14:00 to 13:00 UTC.
    const newYork = explainSchedule({ kind: 'cron', expr: '0 9 * * *', tz: 'America/New_York' }, new Date('2026-03-06T12:00:00Z'), { count: 4 })!;
    expect(iso(newYork.nextRuns)).toEqual(['2026-03-06T14:00:00.000Z', '2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z']);
    expect(newYork.summary).toBe('at 09:00, America/New_York; next: Fri 6 Mar 09:00');
    // Berlin falls back on 25 October 2026.
    const autumn = explainSchedule({ kind: 'cron', expr: '0 12 * * *', tz: 'Europe/Berlin' }, new Date('2026-10-24T12:00:00Z'), { count: 2 })!;
    expect(iso(autumn.nextRuns)).toEqual(['2026-10-25T11:00:00.000Z', '2026-10-26T11:00:00.000Z']);
  });

  it('resolves names and aliases before reading the expression', () => {
    expect(explainSchedule('@daily', NOW)!.summary).toBe('at 00:00, UTC; next: Tue 24 Nov 00:00');
    expect(explainSchedule('0 9 * * 0-7', NOW)!.text).toBe('at 09:00, Sunday through Saturday');
    expect(explainSchedule('0 9 * * 1#2', NOW)!.summary).toBe('at 09:00, on the second Monday of the month, UTC; next: Mon 14 Dec 09:00');
    expect(explainSchedule('*/15 * * * *', NOW)!.text).toBe('every 15 minutes');
  });

  it('shows the year of a run in another year, and seconds when they are not zero', () => {
    expect(explainSchedule('0 9 29 2 *', NOW)!.summary).toBe('at 09:00, on day 29 of the month, only in February, UTC; next: Tue 29 Feb 2028 09:00');
    expect(explainSchedule('30 * * * * *', NOW)!.summary).toBe('at 30 seconds past the minute, UTC; next: Mon 23 Nov 09:00:30');
  });

  it('gives no run times for a hashed field, whose value the platform picks', () => {
    const hashed = explainSchedule('H 9 * * *', NOW)!;
    expect(hashed.nextRuns).toEqual([]);
    expect(hashed.summary).toBe('on the cron schedule `H 9 * * *`, UTC; run times picked by the platform');
  });

  it('explains nothing it cannot read', () => {
    expect(explainSchedule('61 9 * * *', NOW)).toBeUndefined();
    expect(explainSchedule({ kind: 'cron', expr: '0 9 * * *', tz: 'Mars/Base' }, NOW)).toBeUndefined();
    expect(explainSchedule({ kind: 'cron' }, NOW)).toBeUndefined();
    expect(explainSchedule({ kind: 'weekly' }, NOW)).toBeUndefined();
    for (const odd of [null, 42, [], { kind: 'every', everyMs: 'soon' }, { kind: 'at', at: 'tomorrow' }]) {
      expect(explainSchedule(odd, NOW)).toBeUndefined();
    }
  });

  it('is deterministic for a given clock', () => {
    const schedule = { kind: 'cron', expr: '*/7 3-5 * * *', tz: 'Australia/Sydney' };
    expect(explainSchedule(schedule, NOW)).toEqual(explainSchedule(schedule, new Date(NOW)));
  });
});

describe('explainSchedule: every and at', () => {
  it('reads intervals as human durations', () => {
    expect(explainSchedule({ kind: 'every', everyMs: 900000 }, NOW)).toEqual({
      kind: 'every',
      text: 'every 15 minutes',
      timeZone: 'UTC',
      nextRuns: [],
      summary: 'every 15 minutes',
    });
    expect(explainSchedule({ kind: 'every', everyMs: 60000 }, NOW)!.text).toBe('every minute');
    expect(explainSchedule({ kind: 'every', everyMs: 86400000 }, NOW)!.text).toBe('every day');
    expect(explainSchedule({ kind: 'every', everyMs: 5400000, staggerMs: 30000 }, NOW)!.text).toBe('every 1 hour 30 minutes, staggered by up to 30 seconds');
  });

  it('reads a one-shot time in UTC, its own offset, or its tz', () => {
    expect(explainSchedule({ kind: 'at', at: '2027-01-05T09:00:00Z' }, NOW)).toEqual({
      kind: 'at',
      text: 'once, at Tue 5 Jan 2027 09:00',
      timeZone: 'UTC',
      nextRuns: [new Date('2027-01-05T09:00:00Z')],
      summary: 'once, at Tue 5 Jan 2027 09:00, UTC',
      runTime: 'Tue 5 Jan 2027 09:00',
    });
    expect(explainSchedule({ kind: 'at', at: '2026-12-01T09:00:00+02:00' }, NOW)!.summary).toBe('once, at Tue 1 Dec 2026 09:00, UTC+02:00');
    expect(explainSchedule({ kind: 'at', at: '2026-12-01T09:00:00-05:30' }, NOW)!.nextRuns[0]!.toISOString()).toBe('2026-12-01T14:30:00.000Z');
    expect(explainSchedule({ kind: 'at', at: '2027-01-05T09:00:30Z', tz: 'Asia/Tokyo' }, NOW)!.summary).toBe('once, at Tue 5 Jan 2027 18:00:30, Asia/Tokyo');
    expect(explainSchedule({ kind: 'at', atMs: 1800000000000 }, NOW)!.summary).toBe('once, at Fri 15 Jan 2027 08:00, UTC');
  });

  it('says when a one-shot time has passed', () => {
    const past = explainSchedule({ kind: 'at', at: '2026-06-01T09:00:00' }, NOW)!;
    expect(past.nextRuns).toEqual([]);
    expect(past.summary).toBe('once, at Mon 1 Jun 2026 09:00, UTC; already past');
  });
});

describe('humanDuration', () => {
  it('writes exact durations', () => {
    expect(humanDuration(500)).toBe('500 ms');
    expect(humanDuration(1000)).toBe('1 second');
    expect(humanDuration(1500)).toBe('1.5 seconds');
    expect(humanDuration(10000)).toBe('10 seconds');
    expect(humanDuration(60000)).toBe('1 minute');
    expect(humanDuration(5400000)).toBe('1 hour 30 minutes');
    expect(humanDuration(90061001)).toBe('1 day 1 hour 1 minute 1.001 seconds');
  });

  it('rounds to the two largest units when approximate', () => {
    expect(humanDuration(175 * 86400000 + 3 * 3600000 + 5000, { approximate: true })).toBe('175 days 3 hours');
    expect(humanDuration(2 * 86400000 + 5000, { approximate: true })).toBe('2 days');
    expect(humanDuration(1500, { approximate: true })).toBe('1 second');
  });
});

describe('parseIsoTimestamp', () => {
  it('reads the date-time form, with or without an offset', () => {
    expect(parseIsoTimestamp('2026-03-01T09:00:00Z')).toEqual({
      ok: true,
      value: { instant: Date.parse('2026-03-01T09:00:00Z'), offset: 'Z', offsetMinutes: 0 },
    });
    expect(parseIsoTimestamp('2026-03-01T09:00:00.250+0130')).toEqual({
      ok: true,
      value: { instant: Date.parse('2026-03-01T07:30:00.250Z'), offset: '+01:30', offsetMinutes: 90 },
    });
    expect(parseIsoTimestamp('2026-03-01 09:00:00')).toMatchObject({ ok: true, value: { offset: undefined } });
    expect(parseIsoTimestamp('2016-12-31T23:59:60Z').ok).toBe(true);
  });

  it('says why other text is not one, with the values that say where', () => {
    const problem = (text: string) => {
      const result = parseIsoTimestamp(text);
      return result.ok
        ? 'ok'
        : {
            problem: result.problem,
            ...('values' in result ? { values: result.values } : {}),
            ...(result.suggestion ? { suggestion: result.suggestion } : {}),
          };
    };
    expect(problem('2026-02-29T09:00:00Z')).toEqual({ problem: 'noSuchDay', values: { monthName: 'February', year: 2026, day: 29 } });
    expect(problem('2026-13-01T09:00:00Z')).toEqual({ problem: 'noSuchMonth', values: { month: 13 } });
    expect(problem('2026-03-01T24:00:00Z')).toEqual({ problem: 'noSuchHour', values: { hour: 24 } });
    expect(problem('2026-03-01T09:00:00+25:00')).toEqual({ problem: 'noSuchOffset', values: { offset: '+25:00' } });
    expect(problem('2026-03-01T09:00Z')).toEqual({ problem: 'noSeconds', suggestion: '2026-03-01T09:00:00Z' });
    expect(problem('2026-03-01')).toEqual({ problem: 'dateOnly', suggestion: '2026-03-01T09:00:00Z' });
    expect(problem('1772355600')).toEqual({ problem: 'unixSeconds', suggestion: '2026-03-01T09:00:00Z' });
    expect(problem('tomorrow')).toEqual({ problem: 'notInForm' });
    expect(problem('')).toEqual({ problem: 'empty' });
  });
});

describe('formatRunTime', () => {
  it('writes weekday, day, month and time in the zone, and the year when it differs', () => {
    const date = new Date('2026-11-23T23:30:00Z');
    expect(formatRunTime(date, 'UTC', NOW)).toBe('Mon 23 Nov 23:30');
    expect(formatRunTime(date, 'Asia/Tokyo', NOW)).toBe('Tue 24 Nov 08:30');
    expect(formatRunTime(date, 'UTC-05:00', NOW)).toBe('Mon 23 Nov 18:30');
    expect(formatRunTime(new Date('2027-01-01T00:00:00Z'), 'UTC', NOW)).toBe('Fri 1 Jan 2027 00:00');
    expect(formatRunTime(date, 'UTC', NOW, { year: 'always' })).toBe('Mon 23 Nov 2026 23:30');
  });
});

describe('cron validation', () => {
  it('locates the field at fault', () => {
    expect(cronProblem('0 25 * * *')).toMatchObject({
      kind: 'field',
      field: { name: 'hour' },
      token: { text: '25', start: 2, end: 4 },
      reason: { id: 'valueOutside', values: { value: '25', range: '0-23' } },
    });
    expect(cronProblem('60 0 9 * * *')).toMatchObject({ kind: 'field', field: { name: 'seconds' }, token: { start: 0, end: 2 } });
    expect(cronProblem('0 9 * * 1-8')).toMatchObject({
      kind: 'field',
      field: { name: 'day of week' },
      reason: { id: 'rangeOutside', values: { range: '1-8', allowedRange: '0-7' } },
    });
    expect(cronProblem('5-1 * * * *')).toMatchObject({ kind: 'field', field: { name: 'minute' }, reason: { id: 'rangeBackwards', values: { range: '5-1' } } });
    expect(cronProblem('0 9 * JANX *')).toMatchObject({ kind: 'field', field: { name: 'month' } });
    expect(cronProblem('0 9 31 4 *')).toMatchObject({ kind: 'day-of-month', token: { text: '31' }, months: '4' });
    expect(cronProblem('0 9 * *')).toEqual({ kind: 'field-count', count: 4 });
    expect(cronProblem('0 9 * * * * 2027')).toEqual({ kind: 'field-count', count: 7 });
    expect(cronProblem('@nightly')).toEqual({ kind: 'alias', alias: '@nightly' });
    expect(cronProblem('  ')).toEqual({ kind: 'empty' });
  });

  it('accepts what cron-parser accepts, in five or six fields or as an alias', () => {
    for (const expr of [
      '0 9 * * *',
      '0 9 * * MON-FRI',
      '30 8 * * 7',
      '0 18 L * *',
      '0 9 * * 1#2',
      '@daily',
      '@weekdays',
      '0 0 12 * * *',
      '0 9 29 2 *',
      '*/5 * * * *',
      'H 9 * * *',
    ]) {
      expect(cronProblem(expr), expr).toBeUndefined();
    }
  });

  it('takes the fast path only for expressions cron-parser accepts', () => {
    const number = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 62 }));
    const range = fc.tuple(number, number).map(([a, b]) => `${a}-${b}`);
    const item = fc.oneof(
      { weight: 4, arbitrary: fc.constant('*') },
      { weight: 3, arbitrary: number.map(String) },
      { weight: 2, arbitrary: range },
      { weight: 2, arbitrary: fc.tuple(fc.oneof(fc.constant('*'), number.map(String), range), number).map(([from, step]) => `${from}/${step}`) },
    );
    const field = fc.oneof(
      { weight: 3, arbitrary: item },
      { weight: 1, arbitrary: fc.array(item, { minLength: 2, maxLength: 3 }).map((items) => items.join(',')) },
    );
    let plain = 0;
    fc.assert(
      fc.property(fc.array(field, { minLength: 5, maxLength: 6 }), (fields) => {
        const expr = fields.join(' ');
        if (!plainlyValidCron(expr)) return;
        plain++;
        expect(() => CronExpressionParser.parse(expr), expr).not.toThrow();
      }),
      { numRuns: 5000 },
    );
    expect(plain, 'expressions the fast path took').toBeGreaterThan(50);
    expect(plainlyValidCron('0 9 * * *')).toBe(true);
    expect(plainlyValidCron('*/15 8-18 * * 1-5')).toBe(true);
    // A stepped weekday runs to 7, Sunday again, so a 0 beside it is a duplicate cron-parser refuses.
    expect(plainlyValidCron('* * 1,2-2/1 * 1/1,0')).toBe(false);
    expect(plainlyValidCron('* * * * */1,0')).toBe(false);
  });

  it('judges a day of month in restricted months as cron-parser does, without it', () => {
    // cron-parser's one rule across fields: under a wildcard day of week, the smallest day of
    // month must occur in one of the months. Plain fields of every kind, to the edges of each.
    // Values near the edge that decides (days 28 to 31, the short months) come often.
    const plain = (value: fc.Arbitrary<number>) =>
      fc.oneof(
        value.map(String),
        fc.uniqueArray(value, { minLength: 2, maxLength: 3 }).map((values) => values.join(',')),
        fc.tuple(value, value).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
        fc.tuple(value, fc.integer({ min: 1, max: 9 })).map(([from, step]) => `${from}/${step}`),
      );
    const day = fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 }));
    const month = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(2, 4, 6, 9, 11));
    const dayOfWeek = fc.constantFrom('*', '1-5', '0', '*/2');
    let refused = 0;
    fc.assert(
      fc.property(plain(day), plain(month), dayOfWeek, (days, months, weekdays) => {
        const expr = `0 9 ${days} ${months} ${weekdays}`;
        let accepted = true;
        try {
          CronExpressionParser.parse(expr);
        } catch {
          accepted = false;
          refused++;
        }
        expect(plainlyValidCron(expr), expr).toBe(accepted);
      }),
      { numRuns: 3000 },
    );
    expect(refused, 'expressions cron-parser refused').toBeGreaterThan(5);
    expect(plainlyValidCron('0 9 30 2 *')).toBe(false);
    expect(plainlyValidCron('0 9 29 2 *')).toBe(true);
    expect(plainlyValidCron('0 9 30,31 2,4 *')).toBe(true);
    expect(plainlyValidCron('0 9 31 2,4,6 *')).toBe(false);
    expect(plainlyValidCron('0 9 30 2 1')).toBe(true);
  });

  it('reads every refusal cron-parser gives as a cause of its own, never passing its words on', () => {
    // The pieces fields are written with, right and wrong, joined at random into one field.
    const piece = fc.constantFrom('0', '1', '5', '7', '31', '60', '*', '?', '-', ',', '/', '#', 'L', 'W', 'H', 'JAN', 'FOO', 'SUN', '(', ')', 'x', '.');
    const field = fc.array(piece, { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join(''));
    const causes = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), field, (at, written) => {
        const fields = ['0', '9', '*', '*', '*', '*'];
        fields[at] = written;
        const problem = cronProblem(fields.join(' '));
        expect(problem?.kind, fields.join(' ')).not.toBe('other');
        if (problem?.kind !== 'field') return;
        expect(problem.reason.id, fields.join(' ')).not.toBe('unexplained');
        causes.add(problem.reason.id);
      }),
      { numRuns: 3000 },
    );
    expect(causes.size, 'causes the random fields reached').toBeGreaterThan(8);
  });

  it('counts an alias as the fields it stands for', () => {
    expect(cronFields('@secondly')).toEqual(['*', '*', '*', '*', '*', '*']);
    expect(subMinuteFiring('@secondly')).toEqual({ perMinute: 60, smallestGap: 1 });
    expect(subMinuteFiring('@minutely')).toBeUndefined();
  });
});

describe('time zones', () => {
  it('accepts what Intl.DateTimeFormat accepts', () => {
    for (const zone of ['UTC', 'US/Pacific', 'europe/lisbon', 'Etc/GMT+5', 'Asia/Kolkata']) expect(isValidTimeZone(zone), zone).toBe(true);
    for (const zone of ['Mars/Base', 'Europe/Lisbn', '+02:00', 'Europe/Lisbon ']) expect(isValidTimeZone(zone), zone).toBe(false);
  });

  it('finds a zone Intl lists, in any case, without a formatter, and agrees with one', () => {
    const accepts = (zone: string) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    };
    const zones = Intl.supportedValuesOf('timeZone');
    for (const zone of [...zones.slice(0, 40), ...zones.slice(-40)]) {
      for (const written of [zone, zone.toLowerCase(), zone.toUpperCase()]) expect(isValidTimeZone(written), written).toBe(accepts(written));
    }
  });

  it('knows the zones Intl accepts but does not list (links, IANA names ICU lists under older ones) without making a formatter', () => {
    const Native = Intl.DateTimeFormat;
    for (const zone of UNLISTED_ZONES) expect(() => new Native('en-US', { timeZone: zone }), zone).not.toThrow();
    let made = 0;
    Intl.DateTimeFormat = new Proxy(Native, {
      construct(target, args) {
        made++;
        return new target(...(args as ConstructorParameters<typeof Native>));
      },
    });
    try {
      for (const zone of UNLISTED_ZONES) for (const written of [zone, zone.toLowerCase()]) expect(isValidTimeZone(written), written).toBe(true);
    } finally {
      Intl.DateTimeFormat = Native;
    }
    expect(made).toBe(0);
  });

  it('suggests the closest zone, ignoring letter case when that helps', () => {
    expect(suggestTimeZone('Europe/Lisbn')).toEqual({ zone: 'Europe/Lisbon', clear: true });
    expect(suggestTimeZone('america/new_yrok')).toEqual({ zone: 'America/New_York', clear: true });
    expect(suggestTimeZone('Europe/Lisbon ')).toEqual({ zone: 'Europe/Lisbon', clear: true });
    expect(suggestTimeZone('Mars/Olympus_Mons')).toBeUndefined();
  });
});
