import { HashBuckets, pieceHash } from './piece-hash.js';

/**
 * A growing set of values that answers "does any of them contain this text?" without reading
 * them all. A run over thousands of manifests gathers thousands of public values (each skill's
 * CID, each commit id and UUID); reading every one for every text an output masks made such a
 * run quadratic.
 *
 * Every value is indexed by its pieces of `PIECE` characters that start at a multiple of `STEP`.
 * A text found inside a value at any place covers one such piece whole, within its first `STEP`
 * starts, when it is at least `PIECE + STEP - 1` long: the values holding one of those pieces are
 * the only ones to read. A shorter text is looked for in every value.
 */
export class ContainingValues {
  /** Every value, in the order first added. */
  readonly values: string[] = [];
  private readonly known = new Set<string>();
  /** Indexes in `values` by the hash of each indexed piece (a hash shared by pieces of different values only adds a value to read). */
  private readonly byPiece = new HashBuckets();

  /** Adds `value`; false when it was there already. */
  add(value: string): boolean {
    if (this.known.has(value)) return false;
    this.known.add(value);
    const index = this.values.push(value) - 1;
    for (let start = 0; start + PIECE <= value.length; start += STEP) this.byPiece.add(pieceHash(value, start, PIECE), index);
    return true;
  }

  /** Whether some value contains `text` (equals it, or holds it inside). */
  someContains(text: string): boolean {
    if (this.known.has(text)) return true;
    if (text.length < SHORTEST_INDEXED) return this.values.some((value) => value.includes(text));
    const holds = (index: number) => this.values[index]!.includes(text);
    for (let offset = 0; offset < STEP; offset++) if (this.byPiece.find(pieceHash(text, offset, PIECE), holds) !== undefined) return true;
    return false;
  }
}

/** The length of an indexed piece: long enough that pieces of unrelated values seldom match. */
const PIECE = 6;
/** How far apart indexed pieces start: a value of 46 characters has 11. */
const STEP = 4;
/** The shortest text the index answers for; secrets found in text are seldom shorter. */
const SHORTEST_INDEXED = PIECE + STEP - 1;
