// A dependency the engine loads on first use: in the bundle this module becomes a `require` of
// a separately built file (see build/build.mjs), so only manifests that declare a skill `cid`
// in a form other than the common two (read without it: see common-cid.ts) ever parse it. The package root holds the CID class with the three multibases a CID string
// is written in by default (base32, base58btc, base36): enough for every valid CID in practice.
import * as multiformats from 'multiformats';

export function load(): typeof multiformats {
  return multiformats;
}
