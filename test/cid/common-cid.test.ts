/**
 * The library-free reading of CIDs in their common forms against `multiformats` itself: over
 * generated CIDs of every version, codec, hash and digest length, written correctly or damaged
 * (a character changed, cut, added, the case changed), what `readCommonCid` says is exactly what
 * the library parses, and it says nothing of what the library refuses.
 */
import fc from 'fast-check';
import { base32 } from 'multiformats/bases/base32';
import { base58btc } from 'multiformats/bases/base58';
import { CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import { HASHES } from '../../rules/analyzers/cid.js';
import { readCommonCid, type CidFacts } from '../../rules/analyzers/common-cid.js';

/** What the library makes of `text`, in the same terms, or undefined when it refuses it (or its digest has the wrong length). */
function libraryFacts(text: string): CidFacts | undefined {
  try {
    const cid = CID.decode(CID.parse(text).bytes);
    const size = HASHES.get(cid.multihash.code)?.size;
    if (size === undefined || size !== cid.multihash.size) return undefined;
    return {
      version: cid.version,
      base: text.startsWith('Q') ? 'base58btc' : 'base32',
      codecCode: cid.code,
      hashCode: cid.multihash.code,
      digestLength: cid.multihash.size,
      canonical: cid.toV1().toString(),
    };
  } catch {
    return undefined;
  }
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  do {
    bytes.push((value & 0x7f) | (value >= 0x80 ? 0x80 : 0));
    value = Math.floor(value / 128);
  } while (value > 0);
  return bytes;
}

const KNOWN_HASHES = [...HASHES.keys()];
const codec = fc.oneof(fc.constantFrom(0x55, 0x70, 0x71, 0x0129, 0x0200), fc.integer({ min: 0, max: 0x1fffff }));
const hash = fc.oneof(fc.constantFrom(...KNOWN_HASHES), fc.integer({ min: 0, max: 0x1fffff }));

/** A CID as its writer meant it: a CIDv0, or a base32 CIDv1 whose digest has its hash's length, or not (an unknown or damaged one). */
const written = fc.oneof(
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((digest) => base58btc.encode(Uint8Array.from([0x12, 0x20, ...digest])).slice(1)),
  fc
    .record({ codec, hash, extra: fc.integer({ min: -3, max: 3 }), usual: fc.boolean(), seed: fc.uint8Array({ minLength: 80, maxLength: 80 }) })
    .map(({ codec, hash, extra, usual, seed }) => {
      const size = HASHES.get(hash)?.size ?? 32;
      const length = Math.max(0, usual ? size : size + extra);
      return base32.encode(Uint8Array.from([1, ...varint(codec), ...varint(hash), ...varint(length), ...seed.slice(0, length)]));
    }),
);

/** The same, maybe damaged as copying damages text. */
const damaged = fc
  .tuple(written, fc.nat(), fc.constantFrom('change', 'cut', 'add', 'upper', 'none'), fc.constantFrom(...'abz27QmA1lO0='))
  .map(([text, at, how, character]) => {
    const place = at % text.length;
    switch (how) {
      case 'change':
        return text.slice(0, place) + character + text.slice(place + 1);
      case 'cut':
        return text.slice(0, place);
      case 'add':
        return text.slice(0, place) + character + text.slice(place);
      case 'upper':
        return text.toUpperCase();
      default:
        return text;
    }
  });

describe('readCommonCid against multiformats', () => {
  it('says of a text exactly what the library parses, or nothing', () => {
    fc.assert(
      fc.property(damaged, (text) => {
        const read = readCommonCid(text, HASHES);
        if (read !== undefined) expect(read).toEqual(libraryFacts(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads every CIDv0, and every base32 CIDv1 of a known hash with short varints, which is what manifests hold', () => {
    fc.assert(
      fc.property(written, (text) => {
        const expected = libraryFacts(text);
        const shortVarints = expected !== undefined && expected.codecCode < 0x4000 && expected.hashCode < 0x4000;
        if (shortVarints) expect(readCommonCid(text, HASHES)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the CIDs the platform documents', () => {
    expect(readCommonCid('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG', HASHES)).toMatchObject({ version: 0, codecCode: 0x70, hashCode: 0x12 });
    expect(readCommonCid('bafybeieerrctaycitdctw57t4ov5welowxt3idxojpy6qnq23wlbyqgyou', HASHES)).toMatchObject({
      version: 1,
      canonical: 'bafybeieerrctaycitdctw57t4ov5welowxt3idxojpy6qnq23wlbyqgyou',
    });
  });
});
