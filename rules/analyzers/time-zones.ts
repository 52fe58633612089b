import { remembered } from '../framework/remembered.js';
import { closest, editDistance } from '../framework/suggest.js';
import { UNLISTED_ZONES } from './unlisted-zones.js';

/**
 * Time zones of task schedules. A zone is valid when `Intl.DateTimeFormat` accepts it (SPEC
 * section 2): that includes `UTC`, links such as `US/Pacific` and any letter case, none of which
 * `Intl.supportedValuesOf('timeZone')` lists. Constructing a zoned formatter is expensive (the
 * first one loads ICU's date data, each costs more than a thousand look-ups), so a zone that
 * `Intl` lists or is known to accept (see unlisted-zones.ts), in any case, is valid without one;
 * each zone string's formatter, or its absence, is remembered.
 */

const CACHE_LIMIT = 500;
/** No zone name comes near this long: such strings are neither tried nor kept. */
const MAX_ZONE_LENGTH = 64;

/** The formatter that `formatRunTime` uses for `timeZone`, or undefined when the zone is not valid. */
export const zoneFormatter: (timeZone: string) => Intl.DateTimeFormat | undefined = remembered(newZoneFormatter, CACHE_LIMIT, MAX_ZONE_LENGTH);

function newZoneFormatter(timeZone: string): Intl.DateTimeFormat | undefined {
  if (timeZone.length > MAX_ZONE_LENGTH) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return undefined;
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  return listedZones().has(timeZone.toLowerCase()) || zoneFormatter(timeZone) !== undefined;
}

let zoneNames: string[] | undefined;
let lowerCaseZoneNames: Set<string> | undefined;

/** The zones `Intl` lists or is known to accept, in lower case: a valid zone in any case is found here or is a rare link. */
function listedZones(): ReadonlySet<string> {
  lowerCaseZoneNames ??= new Set([...knownTimeZones(), ...UNLISTED_ZONES].map((zone) => zone.toLowerCase()));
  return lowerCaseZoneNames;
}

/** Canonical zone names to suggest from: every zone `Intl` lists, plus `UTC`. */
export function knownTimeZones(): readonly string[] {
  zoneNames ??= [...Intl.supportedValuesOf('timeZone'), 'UTC'];
  return zoneNames;
}

export interface ZoneSuggestion {
  zone: string;
  /** No other zone is as close: safe to offer as a fix. */
  clear: boolean;
}

/**
 * The zone name closest to an invalid `tz` (did-you-mean rules of SPEC section 4), compared as
 * written and, failing that, ignoring letter case (`europe/lisbn` → `Europe/Lisbon`).
 */
export function suggestTimeZone(timeZone: string): ZoneSuggestion | undefined {
  const zones = knownTimeZones();
  const trimmed = timeZone.trim();
  if (trimmed !== timeZone && isValidTimeZone(trimmed)) return { zone: trimmed, clear: true };
  let zone = closest(timeZone, zones);
  if (zone === undefined) {
    const lowered = zones.map((name) => name.toLowerCase());
    const match = closest(timeZone.toLowerCase(), lowered);
    zone = match === undefined ? undefined : zones[lowered.indexOf(match)];
  }
  if (zone === undefined) return undefined;
  const word = timeZone.toLowerCase();
  const distance = editDistance(word, zone.toLowerCase());
  const clear = !zones.some((other) => other !== zone && Math.abs(other.length - word.length) <= 2 && editDistance(word, other.toLowerCase()) <= distance);
  return { zone, clear };
}
