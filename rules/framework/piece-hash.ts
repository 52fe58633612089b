/**
 * A hash of the `length` characters of `text` from `start`, as a small integer: the key of an
 * index of pieces of strings, where two pieces sharing a hash only add a candidate to compare.
 */
export function pieceHash(text: string, start: number, length: number, step: HashStep = hashStep): number {
  let hash = 0;
  for (let at = start; at < start + length; at++) hash = step(hash, text.charCodeAt(at));
  return hash;
}

/** How a piece's hash takes in its next character: the hash of a longer piece from that of a shorter one. */
export type HashStep = (hash: number, code: number) => number;

export function hashStep(hash: number, code: number): number {
  return (Math.imul(hash, 31) + code) & 0x3fffffff;
}

/**
 * Indexes of items by hashes of their pieces, in the order added. Most hashes stand for one item,
 * which is kept without a list of its own: an index of a run's thousands of secrets stays small.
 */
export class HashBuckets {
  private readonly byHash = new Map<number, number | number[]>();

  /** Files `index` under `hash`, unless it is the last filed there. */
  add(hash: number, index: number): void {
    const filed = this.byHash.get(hash);
    if (filed === undefined) this.byHash.set(hash, index);
    else if (typeof filed === 'number') {
      if (filed !== index) this.byHash.set(hash, [filed, index]);
    } else if (filed[filed.length - 1] !== index) filed.push(index);
  }

  /** The first index filed under `hash` that passes `test`. */
  find(hash: number, test: (index: number) => boolean): number | undefined {
    const filed = this.byHash.get(hash);
    if (filed === undefined) return undefined;
    if (typeof filed === 'number') return test(filed) ? filed : undefined;
    return filed.find(test);
  }

  /** Calls `visit` with each index filed under `hash`, in the order filed. */
  forEach(hash: number, visit: (index: number) => void): void {
    const filed = this.byHash.get(hash);
    if (filed === undefined) return;
    if (typeof filed === 'number') visit(filed);
    else for (const index of filed) visit(index);
  }
}
