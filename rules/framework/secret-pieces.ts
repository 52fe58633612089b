import { HashBuckets, type HashStep, hashStep, pieceHash } from './piece-hash.js';
import type { SecretSpan } from './secret-detector.js';

/** A learned secret as its pieces are matched: the characters it may show, and those of the words it opens with. */
export interface PieceSecret {
  secret: string;
  /** The characters it may show. */
  shown: number;
  /** The characters of the words it opens with (`abc_live_`), at least those it may show. */
  words: number;
}

/**
 * Where a text quotes part of a learned secret rather than the whole of it:
 *
 * - its first pieces quoted alone (`NmOWUlJI` of `NmOWUlJI/GDn/…`, the digits before a bot token's
 *   `:`), as a syntax error quotes the text up to a delimiter: a run of the text that is the
 *   secret's start up to one of its joiners, longer than it may show and past the words it opens
 *   with, shows no more than it may. A word the secret merely starts with (`MyApp` of
 *   `MyAppXh3k…`) does not end where the secret has a joiner, and stays;
 * - a secret a message cut short (`QHOtQPwrA…`, or `…S4J` from its end): the run before an
 *   ellipsis that ends with the start of a secret shows no more than the secret may, and the run
 *   after one that starts with the end of a secret shows nothing of it.
 *
 * Secrets of one kind open alike (every Slack bot token with `xoxb-`), and a run over thousands of
 * manifests can know thousands of them: every piece that can match is indexed by its hash, so
 * what a text is compared with does not grow with the secrets known.
 */
export class SecretPieces {
  /** Every secret and line learned; the indexes below hold places in this list. */
  private readonly learned: PieceSecret[] = [];
  /** The longest piece indexed under each opening of `KEY` characters: how far a run is read. */
  private readonly longestFrom = new Map<string, number>();
  /**
   * By the hash of its first characters, each secret whose piece ends there, before one of its
   * joiners and past its words, unless one learned before it with that piece and joiner shows as
   * little.
   */
  private readonly joinedStarts = new HashBuckets();
  /**
   * By the hash of its first characters (more than it may show, fewer than all), each secret first
   * learned with that start: what a run cut before an ellipsis is taken for.
   */
  private readonly cutStarts = new HashBuckets();
  /** By the hash, read backwards, of its last characters (`MIN_TAIL` or more, fewer than all), a secret with that end. */
  private readonly cutEnds = new HashBuckets();
  /** Secrets and lines learned whose starts (and, for a secret, ends) are not in the two indexes above yet, in the order learned. */
  private readonly uncut: { index: number; ends: boolean }[] = [];

  /** @param step The pieces' hash; a test gives one under which they all collide. */
  constructor(private readonly step: HashStep = hashStep) {}

  get empty(): boolean {
    return this.learned.length === 0;
  }

  /** Learns a secret's start and end; one of `KEY` characters or fewer has no pieces. */
  add(learned: PieceSecret): void {
    if (learned.secret.length <= KEY) return;
    this.uncut.push({ index: this.addStart(learned), ends: true });
  }

  /**
   * Learns the start of a line of a secret of several lines (a PEM block's body, with the rest of
   * the secret), which a text may quote alone, when it opens with letters and digits.
   */
  addLine(learned: PieceSecret): void {
    if (learned.secret.length > KEY && ALPHANUMERIC_OPENING.test(learned.secret)) this.uncut.push({ index: this.addStart(learned), ends: false });
  }

  /** Indexes a learned secret's pieces that end before one of its joiners. */
  private addStart(learned: PieceSecret): number {
    const index = this.learned.push(learned) - 1;
    const { secret, shown, words } = learned;
    const opening = secret.slice(0, KEY);
    let longest = this.longestFrom.get(opening) ?? KEY;
    // The hash of the secret's first `length` characters, as `pieceHash` gives it.
    let hash = 0;
    for (let length = 1; length < secret.length; length++) {
      hash = this.step(hash, secret.charCodeAt(length - 1));
      const joiner = secret.charCodeAt(length);
      if (length < KEY || length <= words || isAlphanumeric(joiner)) continue;
      // One that shows as little already stands for this piece and joiner.
      const standsFor = (other: number) => this.learned[other]!.shown <= shown && this.joinsAlike(other, secret, 0, length, joiner);
      if (this.joinedStarts.find(hash, standsFor) === undefined) this.joinedStarts.add(hash, index);
      longest = Math.max(longest, length);
    }
    this.longestFrom.set(opening, longest);
    return index;
  }

  /**
   * Indexes the starts and ends of the secrets learned since a text was last looked at for a cut:
   * most texts have no ellipsis, and most masks never read one.
   */
  private indexCuts(): void {
    for (const { index, ends } of this.uncut) {
      const { secret, shown } = this.learned[index]!;
      let hash = 0;
      for (let length = 1; length < secret.length; length++) {
        hash = this.step(hash, secret.charCodeAt(length - 1));
        if (length <= KEY || length <= shown) continue;
        if (this.cutStarts.find(hash, (other) => this.cutStartFor(other, secret, 0, length)) === undefined) this.cutStarts.add(hash, index);
      }
      if (!ends) continue;
      hash = 0;
      for (let length = 1; length < secret.length; length++) {
        hash = this.step(hash, secret.charCodeAt(secret.length - length));
        if (length < MIN_TAIL) continue;
        if (this.cutEnds.find(hash, (other) => this.endsAlike(other, secret, length)) === undefined) this.cutEnds.add(hash, index);
      }
    }
    this.uncut.length = 0;
  }

  /**
   * Whether learned secret `index` has a piece of `length` characters, past its words, that are
   * those of `text` at `start`, with `joiner` after them (a piece of another length may share the hash).
   */
  private joinsAlike(index: number, text: string, start: number, length: number, joiner: number): boolean {
    const { secret, words } = this.learned[index]!;
    return length > words && !isAlphanumeric(joiner) && secret.charCodeAt(length) === joiner && opensWith(secret, text, start, length);
  }

  /** Whether learned secret `index` is what the `length` characters of `text` at `start`, cut short, are taken for. */
  private cutStartFor(index: number, text: string, start: number, length: number): boolean {
    const { secret, shown } = this.learned[index]!;
    return secret.length > length && shown < length && opensWith(secret, text, start, length);
  }

  /** Whether learned secret `index` ends with the last `length` characters of `text`, and is longer. */
  private endsAlike(index: number, text: string, length: number): boolean {
    const { secret } = this.learned[index]!;
    return secret.length > length && secret.endsWith(text.slice(text.length - length));
  }

  /** The pieces' hash of `text` read from its last character back. */
  private backwardHash(text: string): number {
    let hash = 0;
    for (let at = text.length - 1; at >= 0; at--) hash = this.step(hash, text.charCodeAt(at));
    return hash;
  }

  /** Adds to `into` the parts of `text` to hide as pieces of a secret. */
  spansIn(text: string, into: SecretSpan[]): void {
    this.joinedSpans(text, into);
    if (text.includes(CUT)) this.cutSpans(text, into);
  }

  private joinedSpans(text: string, into: SecretSpan[]): void {
    for (let start = 0; start + KEY <= text.length; start++) {
      if (start > 0 && isAlphanumeric(text.charCodeAt(start - 1))) continue;
      const longest = this.longestFrom.get(text.slice(start, start + KEY));
      if (longest === undefined) continue;
      // A piece ends where the text's run does not go on as the secret does: at a character other
      // than the secret's joiner there, or at the text's end.
      let hash = pieceHash(text, start, KEY, this.step);
      for (let length = KEY; length <= longest && start + length <= text.length; length++) {
        if (length > KEY) hash = this.step(hash, text.charCodeAt(start + length - 1));
        const next = text.charCodeAt(start + length);
        if (isAlphanumeric(next)) continue;
        this.joinedStarts.forEach(hash, (index) => {
          const { secret, shown } = this.learned[index]!;
          const joiner = secret.charCodeAt(length);
          if (joiner !== next && this.joinsAlike(index, text, start, length, joiner)) into.push({ start: start + shown, end: start + length });
        });
      }
    }
  }

  private cutSpans(text: string, into: SecretSpan[]): void {
    this.indexCuts();
    for (let cut = text.indexOf(CUT); cut !== -1; cut = text.indexOf(CUT, cut + 1)) {
      let start = cut;
      while (start > 0 && !CUT_RUN_END.test(text[start - 1]!)) start--;
      let end = cut + 1;
      while (end < text.length && !CUT_RUN_END.test(text[end]!)) end++;
      // The longest end of the run before the ellipsis that a secret starts with…
      for (let from = start; cut - from > KEY; from++) {
        const length = cut - from;
        const index = this.cutStarts.find(pieceHash(text, from, length, this.step), (other) => this.cutStartFor(other, text, from, length));
        if (index !== undefined) {
          into.push({ start: from + this.learned[index]!.shown, end: cut });
          break;
        }
      }
      // …and the longest start of the run after it that a secret ends with.
      for (let to = end; to - (cut + 1) >= MIN_TAIL; to--) {
        const part = text.slice(cut + 1, to);
        if (this.cutEnds.find(this.backwardHash(part), (other) => this.endsAlike(other, part, part.length)) !== undefined) {
          into.push({ start: cut + 1, end: to });
          break;
        }
      }
    }
  }
}

/** Whether `secret` opens with the `length` characters of `text` at `start`. */
function opensWith(secret: string, text: string, start: number, length: number): boolean {
  for (let at = 0; at < length; at++) if (secret.charCodeAt(at) !== text.charCodeAt(start + at)) return false;
  return true;
}

/** The ellipsis a value cut short ends (or starts) with, and what ends the run it cuts. */
export const CUT = '…';
const CUT_RUN_END = /[\s"'`\u2026]/;
/** The characters a piece of a secret is at least longer than: three may be anyone's. */
const KEY = 3;
/** The fewest characters of a secret's end, after an ellipsis, taken for it rather than for chance. */
const MIN_TAIL = 4;
const ALPHANUMERIC_OPENING = new RegExp(`^[A-Za-z0-9]{${KEY}}`);

function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
}
