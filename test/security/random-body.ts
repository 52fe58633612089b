/** A body drawn from `alphabet` by a seeded generator, as a credential issuer draws one (shrinking keeps it random). */
export function randomBody(seed: number, alphabet: string, length: number): string {
  let state = seed >>> 0;
  let body = '';
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5 + i) >>> 0;
    body += alphabet[state % alphabet.length];
  }
  return body;
}
