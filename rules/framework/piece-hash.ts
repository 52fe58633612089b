/**
 * A hash of the `length` characters of `text` from `start`, as a small integer: the key of an
 * index of pieces of strings, where two pieces sharing a hash only add a candidate to compare.
 */
export function pieceHash(text: string, start: number, length: number): number {
  let hash = 0;
  for (let at = start; at < start + length; at++) hash = (Math.imul(hash, 31) + text.charCodeAt(at)) & 0x3fffffff;
  return hash;
}
