/**
 * The two forms nearly every CID a manifest holds is written in — a CIDv0 (`Qm…`, base58btc) and
 * a CIDv1 in lower-case base32 (`bafy…`, `bafk…`) — read without `multiformats`: a lint of a
 * manifest with a valid skill CID then loads no library (its chunk costs a cold start more than
 * the rest of the lint). Only what is certainly valid is read here; anything else, including
 * forms the library accepts in ways this reading does not check (a varint written long, an
 * unusual length), is left to the library, which also explains what is wrong.
 */

/** What a valid CID is made of. */
export interface CidFacts {
  version: 0 | 1;
  /** The multibase it is written in. */
  base: string;
  codecCode: number;
  hashCode: number;
  digestLength: number;
  /** The CID as a base32 CIDv1, the library's canonical string. */
  canonical: string;
}

/** Base58btc's alphabet: the digits 1-9 and the letters but `0`, `O`, `I` and `l`. */
export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const CIDV0 = /^Qm[1-9A-HJ-NP-Za-km-z]{44}$/;
const CIDV1_BASE32 = /^b[a-z2-7]+$/;
/** Longer than any CID of a hash in use (a sha2-512 CIDv1 is 113 characters). */
const MAX_BASE32_LENGTH = 200;

const DAG_PB = 0x70;
const SHA2_256 = 0x12;
const SHA2_256_LENGTH = 32;

/** Digest lengths of the hash functions whose length is fixed, by multihash code. */
export type FixedDigestLengths = ReadonlyMap<number, { size?: number }>;

/**
 * `text` read as a CIDv0 or a lower-case base32 CIDv1 with a hash of the length its function
 * fixes (`hashes`: the known functions), or undefined when it is neither or not certainly valid.
 */
export function readCommonCid(text: string, hashes: FixedDigestLengths): CidFacts | undefined {
  if (CIDV0.test(text)) return readV0(text);
  if (text.length <= MAX_BASE32_LENGTH && CIDV1_BASE32.test(text)) return readV1(text, hashes);
  return undefined;
}

function readV0(text: string): CidFacts | undefined {
  const multihash = base58Decode(text);
  if (multihash.length !== 2 + SHA2_256_LENGTH || multihash[0] !== SHA2_256 || multihash[1] !== SHA2_256_LENGTH) return undefined;
  const v1 = new Uint8Array(2 + multihash.length);
  v1[0] = 1;
  v1[1] = DAG_PB;
  v1.set(multihash, 2);
  return { version: 0, base: 'base58btc', codecCode: DAG_PB, hashCode: SHA2_256, digestLength: SHA2_256_LENGTH, canonical: `b${base32Encode(v1)}` };
}

function readV1(text: string, hashes: FixedDigestLengths): CidFacts | undefined {
  const bytes = base32Decode(text, 1);
  if (!bytes) return undefined;
  const reader = { bytes, offset: 0 };
  const version = readVarint(reader);
  const codecCode = readVarint(reader);
  const hashCode = readVarint(reader);
  const digestLength = readVarint(reader);
  if (version !== 1 || codecCode === undefined || hashCode === undefined || digestLength === undefined) return undefined;
  if (bytes.length - reader.offset !== digestLength) return undefined;
  const size = hashes.get(hashCode)?.size;
  if (size === undefined || size !== digestLength) return undefined;
  return { version: 1, base: 'base32', codecCode, hashCode, digestLength, canonical: `b${base32Encode(bytes)}` };
}

/**
 * An unsigned LEB128 varint of at most three bytes, written in its shortest form (what CIDs of
 * codecs and hashes in use take), or undefined: longer or padded forms are left to the library.
 */
function readVarint(reader: { bytes: Uint8Array; offset: number }): number | undefined {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = reader.bytes[reader.offset + i];
    if (byte === undefined) return undefined;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if (byte < 0x80) {
      if (byte === 0 && i > 0) return undefined;
      reader.offset += i + 1;
      return value;
    }
  }
  return undefined;
}

/** Base58btc digits to bytes, big-endian; each leading `1` is a zero byte. */
function base58Decode(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let carry = BASE58.indexOf(text[i]!);
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  for (let i = 0; i < text.length && text[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

/**
 * RFC 4648 base32 without padding, from `from` on, or undefined when the text stops partway
 * through a byte or its last character carries bits past the end (the library refuses both).
 */
function base32Decode(text: string, from: number): Uint8Array | undefined {
  const bytes = new Uint8Array(Math.floor(((text.length - from) * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (let i = from; i < text.length; i++) {
    buffer = ((buffer << 5) | BASE32.indexOf(text[i]!)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  if (bits >= 5 || (buffer << (8 - bits)) & 0xff) return undefined;
  return bytes;
}

function base32Encode(bytes: Uint8Array): string {
  let text = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      text += BASE32[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) text += BASE32[(buffer << (5 - bits)) & 31];
  return text;
}
