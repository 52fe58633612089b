import { formatMessage } from '../framework/messages.js';
import type { MessageData } from '../framework/rule.js';
import { remembered } from '../framework/remembered.js';
import { BASE58, readCommonCid, type CidFacts } from './common-cid.js';
import { load as loadMultiformats } from './lazy/multiformats.js';
import { load as loadBasics } from './lazy/multiformats-basics.js';

/**
 * What a CID string is, or why it is not one, in words a person can act on. Parsing goes through
 * `multiformats`, loaded on the first call: a valid CID in a default multibase needs only the
 * package root; explaining a broken one (or reading a rare multibase) loads every decoder. The
 * checks around the library turn its terse errors ("Non-base32 character", "Invalid CID version
 * 80") into the cause: which character, which length, which part is missing.
 */
export type CidDescription = ValidCid | InvalidCid;

export interface ValidCid {
  valid: true;
  version: 0 | 1;
  /** The multibase the string is written in (`base58btc` for a CIDv0). */
  base: string;
  /** Multicodec name (`dag-pb`, `raw`…), or the code in hex when it is not a well-known one. */
  codec: string;
  codecCode: number;
  /** Multihash function name (`sha2-256`…), or the code in hex when it is not a well-known one. */
  multihash: string;
  multihashCode: number;
  /** Length of the hash digest in bytes. */
  digestLength: number;
  /** The same CID as a base32 CIDv1: two strings address the same content when these are equal. */
  canonical: string;
}

export interface InvalidCid {
  valid: false;
  /** Why, by id in `CID_PROBLEMS`, with the values its words take. */
  cause: { id: string; data: MessageData };
  /** The same in words, a clause that completes "… is not a valid CID: ". */
  problem: string;
  /** A valid CID the text most likely meant (whitespace trimmed, a gateway URL's CID…). */
  suggestion?: string;
}

/** Codecs of the multicodec table that CIDs use in practice. */
const CODECS: ReadonlyMap<number, string> = new Map([
  [0x51, 'cbor'],
  [0x55, 'raw'],
  [0x70, 'dag-pb'],
  [0x71, 'dag-cbor'],
  [0x72, 'libp2p-key'],
  [0x78, 'git-raw'],
  [0x85, 'dag-jose'],
  [0x0129, 'dag-json'],
  [0x0200, 'json'],
  [0x0202, 'car'],
]);

/** Multihash functions, with the digest length of those whose length is fixed. */
export const HASHES: ReadonlyMap<number, { name: string; size?: number }> = new Map([
  [0x00, { name: 'identity' }],
  [0x11, { name: 'sha1', size: 20 }],
  [0x12, { name: 'sha2-256', size: 32 }],
  [0x13, { name: 'sha2-512', size: 64 }],
  [0x14, { name: 'sha3-512', size: 64 }],
  [0x15, { name: 'sha3-384', size: 48 }],
  [0x16, { name: 'sha3-256', size: 32 }],
  [0x17, { name: 'sha3-224', size: 28 }],
  [0x1b, { name: 'keccak-256', size: 32 }],
  [0x1e, { name: 'blake3' }],
  [0xb220, { name: 'blake2b-256', size: 32 }],
  [0x1012, { name: 'sha2-256-trunc254-padded', size: 32 }],
]);

/**
 * Alphabets of the multibases people meet, to name the character that does not belong. Like the
 * library's decoders, base32, base36 and base16 take either case.
 */
const BASE32 = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const ALPHABETS: Readonly<Record<string, { characters: string; words: string }>> = {
  base32: { characters: BASE32, words: 'base32 uses the letters a-z and the digits 2-7' },
  base32upper: { characters: BASE32, words: 'base32 uses the letters A-Z and the digits 2-7' },
  base58btc: { characters: BASE58, words: 'base58btc uses the digits 1-9 and the letters other than `O`, `I` and `l`' },
  base36: { characters: '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', words: 'base36 uses the digits and the letters' },
  base16: { characters: '0123456789abcdefABCDEF', words: 'base16 uses the digits and the letters a-f' },
  base64: {
    characters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
    words: 'base64 uses letters, digits, `+` and `/`',
  },
  base64url: {
    characters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
    words: 'base64url uses letters, digits, `-` and `_`',
  },
};

/** A CIDv0 is a base58btc sha2-256 multihash: 34 bytes, always 46 characters starting `Qm`. */
const CIDV0_LENGTH = 46;

/**
 * Why a string is not a CID, by id: each a clause completing "… is not a valid CID: ", with
 * `{{name}}` where a value goes, as in a rule's messages (`skill-cid-invalid` has a message per id).
 */
export const CID_PROBLEMS: Readonly<Record<string, string>> = {
  empty: 'it is empty',
  tooLong: 'it is {{length}} characters long, far longer than any CID',
  whitespaceAround: 'it has whitespace around it',
  containsWhitespace: 'it contains whitespace',
  controlCharacter: 'it contains a control character',
  url: 'it is a URL, not a CID',
  urlInsideUpload: 'it is a URL to a file or folder inside an upload, and a skill is a whole upload, named by its CID alone',
  urlWithCid: 'it is a URL that contains the CID, not the CID itself',
  // `base58btcCharacter`, `base32Character`…: a character outside the multibase's alphabet.
  ...Object.fromEntries(
    Object.entries(ALPHABETS).map(([base, { words }]) => [
      badCharacterId(base),
      `\`{{character}}\` (character {{position}}) is not a ${base} character; ${words}`,
    ]),
  ),
  v0TooShort: `a CIDv0 (\`Qm…\`) is ${CIDV0_LENGTH} characters long and this one has {{length}}, so part of it was lost`,
  v0TooLong: `a CIDv0 (\`Qm…\`) is ${CIDV0_LENGTH} characters long and this one has {{length}}, so characters were added to it`,
  v0Prefix: 'a CIDv0 starts with `Qm`; this one starts with `Q` and another letter',
  v0NotDecoded: 'it does not decode to the sha2-256 hash a CIDv0 holds',
  notMultibasePrefix:
    '`{{prefix}}` is not a multibase prefix: a CIDv1 starts with a character naming its encoding, usually `b` for base32 (`bafy…`, `bafk…`), and a CIDv0 starts with `Qm`',
  lengthNotFit: 'its length does not fit {{base}} (it stops partway through a byte), so part of it was probably lost',
  notDecodedAsBase: 'it does not decode as {{base}}, the encoding its prefix `{{prefix}}` names',
  v0WithMultibasePrefix: 'it holds a CIDv0 written with a multibase prefix; a CIDv0 is written in base58btc without one (`Qm…`)',
  unknownVersion: 'it declares CID version {{version}}, and only versions 0 and 1 exist',
  endsEarly: 'it ends before its hash begins, so most of it is missing',
  hashCutShort: 'its {{hash}} hash should be {{digestLength}} bytes but only {{present}} are there, so the CID was cut short',
  extraByte: 'it has 1 more byte after its {{digestLength}}-byte {{hash}} hash, so characters were added to it',
  extraBytes: 'it has {{extra}} more bytes after its {{digestLength}}-byte {{hash}} hash, so characters were added to it',
  wrongDigestLength: 'its {{hash}} hash is {{digestLength}} bytes, but a {{hash}} hash is always {{size}}',
  notCid: 'it does not decode as a CID (codec {{codec}}, {{hash}} hash)',
};

function badCharacterId(base: string): string {
  return `${base}Character`;
}
/** Far longer than any CID (a sha2-512 CIDv1 in base2 is under 600); decoding stays bounded. */
const MAX_LENGTH = 1024;
const WHITESPACE = /\s/;
const CONTROL = /[\u0000-\u001f\u007f]/;
/** `ipfs://<cid>…`, `https://<gateway>/ipfs/<cid>…`, `/ipfs/<cid>…`: the CID, then the rest. */
const IPFS_PATH = /^(?:ipfs:\/\/|(?:https?:\/\/[^/\s]+)?\/ipfs\/)([^/?#\s]+)(.*)$/i;
/** A subdomain gateway, `https://<cid>.ipfs.<gateway>…`: the CID, then the rest. */
const IPFS_SUBDOMAIN = /^https?:\/\/([a-z0-9]+)\.ipfs\.[^/?#\s]+(.*)$/i;
/** After the CID, a path names a file or folder inside the upload (a query or fragment does not). */
const PATH_INSIDE = /^\/[^?#]/;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\/|^\/ipfs\//i;

/**
 * What a CID string is (shared and frozen). A manifest's CIDs are the same from one lint to the
 * next — in an editor, at every keystroke — so their descriptions are remembered.
 */
export const describeCid: (text: string) => CidDescription = remembered((text) => Object.freeze(describeAnew(text)), 1024, MAX_LENGTH);

function describeAnew(text: string): CidDescription {
  const common = readCommonCid(text, HASHES);
  if (common) return valid(common);
  const quick = parseQuickly(text);
  if (quick) return quick;
  const found = describe(text);
  if (found.valid) return found;
  const candidate = likelyMeant(text);
  if (candidate === undefined || candidate === text) return found;
  const meant = describe(candidate);
  return meant.valid ? { ...found, suggestion: candidate } : found;
}

/** Hex code with `0x`, as the multicodec table writes codes. */
function hex(code: number): string {
  return `0x${code.toString(16)}`;
}

function invalid(id: string, data: MessageData = {}): InvalidCid {
  return { valid: false, cause: { id, data }, problem: formatMessage({ id: 'describeCid', messages: CID_PROBLEMS }, id, data) };
}

/** Multibase prefixes `CID.parse` reads without extra decoders, and their names. */
const DEFAULT_BASES: ReadonlyMap<string, string> = new Map([
  ['Q', 'base58btc'],
  ['z', 'base58btc'],
  ['b', 'base32'],
  ['k', 'base36'],
]);

/**
 * A well-formed CID in a default multibase, parsed with the light part of the library only;
 * anything else (invalid, or in another multibase) is left to `describe`.
 */
function parseQuickly(text: string): ValidCid | undefined {
  const base = DEFAULT_BASES.get(text.charAt(0));
  if (base === undefined || text.length > MAX_LENGTH) return undefined;
  try {
    const { CID } = loadMultiformats();
    // Decoded again from its bytes, the CID forgets the string it was parsed from, so its
    // canonical form is written in lowercase base32 even when `text` was not.
    const cid = CID.decode(CID.parse(text).bytes);
    const size = HASHES.get(cid.multihash.code)?.size;
    return size === undefined || size === cid.multihash.size ? valid(fromLibrary(cid, base)) : undefined;
  } catch {
    return undefined;
  }
}

function describe(text: string): CidDescription {
  if (text.length === 0) return invalid('empty');
  if (text.length > MAX_LENGTH) return invalid('tooLong', { length: text.length });
  if (WHITESPACE.test(text)) {
    const trimmed = text.trim();
    return invalid(trimmed !== text && !WHITESPACE.test(trimmed) ? 'whitespaceAround' : 'containsWhitespace');
  }
  if (CONTROL.test(text)) return invalid('controlCharacter');
  if (URL_LIKE.test(text)) return invalid(urlProblem(text));
  if (text.startsWith('Q')) return describeV0(text);
  return describeV1(text);
}

function ipfsUrl(text: string): { cid: string; inside: boolean } | undefined {
  const match = IPFS_PATH.exec(text) ?? IPFS_SUBDOMAIN.exec(text);
  return match ? { cid: match[1]!, inside: PATH_INSIDE.test(match[2]!) } : undefined;
}

function urlProblem(text: string): string {
  const url = ipfsUrl(text);
  if (!url) return 'url';
  return url.inside ? 'urlInsideUpload' : 'urlWithCid';
}

/** What a broken CID most plausibly meant; `describeCid` offers it only when it is valid. */
function likelyMeant(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed !== text) return trimmed;
  const url = ipfsUrl(text);
  if (url) return url.inside ? undefined : url.cid;
  // A CIDv0 written with the base58btc multibase prefix: the CIDv0 form drops the `z`.
  if (text.startsWith('zQm') && text.length === CIDV0_LENGTH + 1) return text.slice(1);
  return undefined;
}

function badCharacter(text: string, from: number, alphabet: string): { character: string; position: number } | undefined {
  for (let i = from; i < text.length; i++) {
    if (!alphabet.includes(text[i]!)) return { character: String.fromCodePoint(text.codePointAt(i)!), position: i + 1 };
  }
  return undefined;
}

function describeV0(text: string): CidDescription {
  const bad = badCharacter(text, 0, BASE58);
  if (bad) return invalid(badCharacterId('base58btc'), bad);
  if (text.length !== CIDV0_LENGTH) return invalid(text.length < CIDV0_LENGTH ? 'v0TooShort' : 'v0TooLong', { length: text.length });
  if (!text.startsWith('Qm')) return invalid('v0Prefix');
  const { CID } = loadBasics();
  try {
    return valid(fromLibrary(CID.decode(CID.parse(text).bytes), 'base58btc'));
  } catch {
    return invalid('v0NotDecoded');
  }
}

function describeV1(text: string): CidDescription {
  const { bases, CID, varint } = loadBasics();
  const prefix = String.fromCodePoint(text.codePointAt(0)!);
  const base = Object.values(bases).find((candidate) => candidate.prefix === prefix);
  if (!base) return invalid('notMultibasePrefix', { prefix });
  const alphabet = ALPHABETS[base.name];
  if (alphabet) {
    const bad = badCharacter(text, prefix.length, alphabet.characters);
    if (bad) return invalid(badCharacterId(base.name), bad);
  }
  let bytes: Uint8Array;
  try {
    bytes = base.decoder.decode(text);
  } catch (error) {
    return /end of data/i.test(String(error)) ? invalid('lengthNotFit', { base: base.name }) : invalid('notDecodedAsBase', { base: base.name, prefix });
  }
  let offset = 0;
  const next = (): number => {
    const [value, length] = varint.decode(bytes, offset);
    offset += length;
    return value;
  };
  let version: number;
  let codec: number;
  let hashCode: number;
  let digestLength: number;
  try {
    version = next();
    if (version === 0x12) return invalid('v0WithMultibasePrefix');
    if (version !== 1) return invalid('unknownVersion', { version });
    codec = next();
    hashCode = next();
    digestLength = next();
  } catch {
    return invalid('endsEarly');
  }
  const hash = HASHES.get(hashCode);
  const hashName = hash?.name ?? `${hex(hashCode)}`;
  const present = bytes.length - offset;
  if (present < digestLength) return invalid('hashCutShort', { hash: hashName, digestLength, present });
  if (present > digestLength) {
    const extra = present - digestLength;
    return invalid(extra === 1 ? 'extraByte' : 'extraBytes', { extra, digestLength, hash: hashName });
  }
  if (hash?.size !== undefined && digestLength !== hash.size) return invalid('wrongDigestLength', { hash: hash.name, digestLength, size: hash.size });
  try {
    return valid(fromLibrary(CID.decode(bytes), base.name));
  } catch {
    return invalid('notCid', { codec: CODECS.get(codec) ?? hex(codec), hash: hashName });
  }
}

/** What a CID the library parsed is, in the terms `valid` takes. */
function fromLibrary(cid: { version: 0 | 1; code: number; multihash: { code: number; size: number }; toV1(): { toString(): string } }, base: string): CidFacts {
  return {
    version: cid.version,
    base,
    codecCode: cid.code,
    hashCode: cid.multihash.code,
    digestLength: cid.multihash.size,
    canonical: cid.toV1().toString(),
  };
}

function valid(cid: CidFacts): ValidCid {
  return {
    valid: true,
    version: cid.version,
    base: cid.base,
    codec: CODECS.get(cid.codecCode) ?? hex(cid.codecCode),
    codecCode: cid.codecCode,
    multihash: HASHES.get(cid.hashCode)?.name ?? hex(cid.hashCode),
    multihashCode: cid.hashCode,
    digestLength: cid.digestLength,
    canonical: cid.canonical,
  };
}
