/**
 * How a ClawHub slug is read. The docs write slugs with an npm-style scope (`@pinata/api`) and
 * Pinata's starter writes bare names (`slack`); one author found an `owner/name` slug attached
 * only once written flat. So the documented forms pass, `owner/name` and odd characters are
 * doubtful, and only what no registry could resolve (a URL, a CID, whitespace) is wrong.
 */
import { describeCid } from './cid.js';

const PART = '[a-z0-9._-]+';
const SCOPED = new RegExp(`^@${PART}/${PART}$`);
const BARE = new RegExp(`^${PART}$`);
const NAMESPACED = new RegExp(`^(${PART})/(${PART})$`);
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
const WHITESPACE = /\s/;
/** The shortest CID (a CIDv0) has 46 characters, all letters and digits in every base a CID is written in. */
const COULD_BE_CID = /^[A-Za-z0-9]{46,}$/;

export type SlugReading =
  /** The docs' `@scope/name`, or a bare name. */
  | { kind: 'documented' }
  /** `owner/name`: the flat name is what was seen to attach. */
  | { kind: 'namespaced'; flat: string }
  /** Capital letters or other characters slugs are not seen with; `lowered` when lowercase fixes it. */
  | { kind: 'unusual'; lowered: string | undefined }
  /** Nothing a registry could resolve: `why` says what it is instead. */
  | { kind: 'impossible'; why: ImpossibleSlug };

/** What a value no registry could resolve is instead of a slug. */
export type ImpossibleSlug = 'cid' | 'empty' | 'url' | 'whitespace' | 'manySlashes';

export function readSlug(value: string): SlugReading {
  // A CID is lowercase letters and digits too: it is told apart first. Only what could be one is
  // asked about, since explaining why a slug is no CID loads every multibase decoder.
  if (COULD_BE_CID.test(value) && describeCid(value).valid) return { kind: 'impossible', why: 'cid' };
  if (SCOPED.test(value) || BARE.test(value)) return { kind: 'documented' };
  const namespaced = NAMESPACED.exec(value);
  if (namespaced) return { kind: 'namespaced', flat: namespaced[2]! };
  if (value.length === 0) return { kind: 'impossible', why: 'empty' };
  if (URL_LIKE.test(value)) return { kind: 'impossible', why: 'url' };
  if (WHITESPACE.test(value)) return { kind: 'impossible', why: 'whitespace' };
  if (value.replace(/^@/, '').split('/').length > 2) return { kind: 'impossible', why: 'manySlashes' };
  const lowered = value.toLowerCase();
  return { kind: 'unusual', lowered: lowered !== value && readSlug(lowered).kind === 'documented' ? lowered : undefined };
}

/** A word of a slug: letters, maybe ending in digits (`web3`, `v2`), or a number. */
const SLUG_WORD = /^(?:[a-z]+[0-9]*|[0-9]+)$/;

/**
 * Whether a value written as a skill's `cid` reads as a registry slug (`credcli`,
 * `alchemy-official`, `@pinata/api`) rather than a damaged CID or an opaque id: a documented
 * slug made of words, not of letters and digits mixed at random (`vk973whrv0d4…`).
 */
export function readsAsSlug(value: string): boolean {
  if (value.length > 64 || readSlug(value).kind !== 'documented') return false;
  return value
    .replace(/^@/, '')
    .split(/[/._-]+/)
    .filter((word) => word !== '')
    .every((word) => SLUG_WORD.test(word));
}
