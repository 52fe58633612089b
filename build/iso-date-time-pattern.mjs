// The schema's `iso-date-time` format, spelled as a regular expression for validators that do
// not have it. The format is not JSON Schema's: it comes from ajv-formats, which the project
// registers with Ajv (build/ajv.mjs), and a validator without ajv-formats ignores it. The pattern
// accepts exactly the strings ajv-formats' full mode accepts (test/schemastore.test.ts compares
// the two), quirks included, so the schema means the same with either.
//
// What ajv-formats accepts: a date `YYYY-MM-DD` that exists in the calendar, one `T`, `t` or
// whitespace character, then `hh:mm:ss` with optional fractions of a second and an optional
// offset (`Z`, `z`, `±hh`, `±hhmm` or `±hh:mm`, hours up to 23, minutes up to 59). The time is
// an ordinary one (hour up to 23, minute up to 59, second below 60), or a leap second: any
// second below 61 at a time that its offset shifts to 23:59 UTC (see `lastMinuteOfUtcDay`).
// The seconds are compared as a JavaScript number, so fractions too long for a double round.

const alternatives = (items) => (items.length === 1 ? items[0] : `(?:${items.join('|')})`);
// `+` is special in a regular expression, `-` is not (and escaping it is an error with the `u` flag).
const literal = (sign) => (sign === '+' ? '\\+' : sign);
const twoDigits = (value) => String(value).padStart(2, '0');
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// Years divisible by 4, except centuries not divisible by 400.
const LEAP_YEAR = '(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';
const DATE = alternatives([
  '\\d{4}-(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])',
  '\\d{4}-(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)',
  '\\d{4}-02-(?:0[1-9]|1\\d|2[0-8])',
  `${LEAP_YEAR}-02-29`,
]);
const SEPARATOR = '[Tt\\s]';
const OFFSET = '(?:[Zz]|[+-](?:[01]\\d|2[0-3])(?::?[0-5]\\d)?)?';

/**
 * Fraction digits that make `ss.<digits>` round up to the next whole second as a double: from 32
 * to 64 doubles lie 2^-47 apart, so a fraction of at least 1 - 2^-48 rounds up (a tie goes to
 * the whole number, whose last significand bit is 0). 1 - 2^-48 = (10^48 - 5^48) / 10^48.
 */
function fractionRoundingUp() {
  const threshold = (10n ** 48n - 5n ** 48n).toString();
  // At or above the threshold: from the last digit back, a greater digit here, or this one and more.
  let atLeast = '';
  for (const digit of [...threshold].reverse()) {
    const greater = digit === '9' ? [] : [digit === '8' ? '9' : `[${Number(digit) + 1}-9]`];
    atLeast = greater.length === 0 ? `${digit}${atLeast}` : alternatives([...greater, `${digit}${atLeast}`]);
  }
  return atLeast.replace(/^9+/, (nines) => `9{${nines.length}}`);
}
const ROUNDS_UP = fractionRoundingUp();
const FRACTION = '(?:\\.\\d+)?';
const SECOND_BELOW_60 = `(?!59\\.${ROUNDS_UP})[0-5]\\d${FRACTION}`;
const SECOND_BELOW_61 = `(?!60\\.${ROUNDS_UP})(?:[0-5]\\d|60)${FRACTION}`;

/**
 * Lookaheads, at the start of the time, that hold when the offset shifts it to 23:59 UTC as
 * ajv-formats reckons it: the offset's minutes are taken from the minute, and when that goes
 * below zero (to -1) one hour is borrowed; the offset's hours (and the borrowed one) are taken
 * from the hour, which may end at 23 or at -1 (23 the day before). The hour and minute may be
 * any two digits: only the shifted values are checked.
 */
function lastMinuteOfUtcDay() {
  const cases = [];
  for (const sign of ['+', '-']) {
    const direction = sign === '+' ? 1 : -1;
    for (const utcMinute of [59, -1]) {
      const borrowed = utcMinute < 0 ? 1 : 0;
      const hours = range(0, 23).map((offset) => [offset, range(0, 99).filter((hour) => [23, -1].includes(hour - direction * offset - borrowed))]);
      const minutes = range(0, 59).map((offset) => [offset, range(0, 99).filter((minute) => minute - direction * offset === utcMinute)]);
      const shiftedHours = hours.filter(([, locals]) => locals.length > 0);
      const shiftedMinutes = minutes.filter(([, locals]) => locals.length > 0);
      if (shiftedHours.length === 0 || shiftedMinutes.length === 0) continue;
      const hourLookahead = alternatives(
        shiftedHours.map(([offset, locals]) => `${alternatives(locals.map(twoDigits))}:\\d\\d:[\\d.]+${offsetHours(sign, offset)}`),
      );
      const minuteLookahead = alternatives(
        shiftedMinutes.map(([offset, locals]) => `\\d\\d:${alternatives(locals.map(twoDigits))}:[\\d.]+${offsetMinutes(sign, offset)}`),
      );
      cases.push(`(?=${hourLookahead})(?=${minuteLookahead})`);
    }
  }
  return alternatives(cases);
}

/** The offset's sign and hours; no offset and `Z` count as +00:00. */
function offsetHours(sign, hours) {
  const written = `${literal(sign)}${twoDigits(hours)}`;
  return sign === '+' && hours === 0 ? `(?:[Zz]|$|${written})` : written;
}

/** The offset from its sign to the end, with these minutes (none written counts as 00). */
function offsetMinutes(sign, minutes) {
  if (minutes !== 0) return `${literal(sign)}\\d\\d:?${twoDigits(minutes)}$`;
  const written = `${literal(sign)}\\d\\d(?::?00)?`;
  return sign === '+' ? `(?:[Zz]?|${written})$` : `${written}$`;
}

const ORDINARY_TIME = `(?:[01]\\d|2[0-3]):[0-5]\\d:${SECOND_BELOW_60}${OFFSET}`;
const LEAP_SECOND = `${lastMinuteOfUtcDay()}\\d\\d:\\d\\d:${SECOND_BELOW_61}${OFFSET}`;

/** A JSON Schema `pattern` (ECMA-262, with or without the `u` flag) equivalent to `format: iso-date-time`. */
export const ISO_DATE_TIME_PATTERN = `^${DATE}${SEPARATOR}(?:${ORDINARY_TIME}|${LEAP_SECOND})$`;
