import { HashBuckets, pieceHash } from './piece-hash.js';
import type { SecretSpan } from './secret-detector.js';

/** A secret found only where it is written whole, and the characters it may show. */
export interface ExactSecret {
  secret: string;
  shown: number;
}

/**
 * Secrets a mask finds only written whole, and where a text holds them: each place of each
 * secret, from the left and not overlapping the place before it of the same secret, less the
 * characters it may show.
 *
 * A mask of one manifest knows a few, and looks for each with `indexOf`. A run over thousands of
 * manifests can know thousands: looking for each in every text the run shows made it quadratic,
 * so beyond `SEARCHED_ONE_BY_ONE` the text is read once, and at each place only the secrets that
 * open with its next `KEY` characters are compared.
 */
export class ExactSecrets {
  private readonly all: ExactSecret[] = [];
  /** Secrets of `KEY` characters or more (their places in `all`) by the hash of their first `KEY`. */
  private readonly byKey = new HashBuckets();
  /** Shorter secrets, compared at every place. */
  private readonly short: ExactSecret[] = [];

  add(exact: ExactSecret): void {
    const index = this.all.push(exact) - 1;
    if (exact.secret.length < KEY) this.short.push(exact);
    else this.byKey.add(pieceHash(exact.secret, 0, KEY), index);
  }

  /** Adds to `into` the part to hide of each place of a secret in `text`. */
  spansIn(text: string, into: SecretSpan[]): void {
    if (this.all.length <= SEARCHED_ONE_BY_ONE) {
      for (const { secret, shown } of this.all) {
        for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + secret.length)) into.push({ start: at + shown, end: at + secret.length });
      }
      return;
    }
    // Where each secret may next be found: a place overlapping its last one is passed over.
    let nextFrom: Map<ExactSecret, number> | undefined;
    const found = (exact: ExactSecret, at: number) => {
      if (!text.startsWith(exact.secret, at) || at < (nextFrom?.get(exact) ?? 0)) return;
      (nextFrom ??= new Map()).set(exact, at + exact.secret.length);
      into.push({ start: at + exact.shown, end: at + exact.secret.length });
    };
    for (let at = 0; at < text.length; at++) {
      for (const exact of this.short) found(exact, at);
      if (at + KEY > text.length) continue;
      this.byKey.forEach(pieceHash(text, at, KEY), (index) => found(this.all[index]!, at));
    }
  }
}

/** How many secrets are looked for one by one: `indexOf` is faster than reading the text in script for a few. */
const SEARCHED_ONE_BY_ONE = 16;
/** The characters a secret is indexed by. */
const KEY = 4;
