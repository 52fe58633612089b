// A dependency the engine loads on first use (see build/build.mjs): every multibase decoder of
// `multiformats`, needed only to explain why a CID does not parse or to read one written in a
// rare multibase. Kept apart from `multiformats.ts` because it also loads Node's crypto module
// (for the sha2 hashers), which a valid CID never needs.
import * as basics from 'multiformats/basics';

export function load(): typeof basics {
  return basics;
}
