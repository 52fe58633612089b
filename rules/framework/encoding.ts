/** Where a file stops being UTF-8: its first byte that no UTF-8 sequence can hold there. */
export interface InvalidEncoding {
  /** Offset of the bad byte in the file. */
  byteOffset: number;
  byte: number;
  /** Offset in the decoded text, where the decoder put U+FFFD in its place. */
  offset: number;
}

export interface DecodedText {
  text: string;
  invalid?: InvalidEncoding;
}

// A byte order mark is kept, so that `json-syntax` can point at it.
const STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const LENIENT = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes a file as UTF-8, as the platform reads it. Invalid sequences become U+FFFD (which is
 * what an editor shows), and the first one is reported, so a file that only looks right is not
 * taken for one that is.
 */
export function decodeUtf8(bytes: Uint8Array): DecodedText {
  try {
    return { text: STRICT.decode(bytes) };
  } catch {
    const byteOffset = firstInvalidByte(bytes);
    const text = LENIENT.decode(bytes);
    // Everything before the bad byte is valid, so its decoded length is exact.
    const offset = LENIENT.decode(bytes.subarray(0, byteOffset)).length;
    return { text, invalid: { byteOffset, byte: bytes[byteOffset]!, offset } };
  }
}

/**
 * The offset of the first sequence that breaks UTF-8 (RFC 3629: no overlongs, surrogates or
 * values past U+10FFFF): a stray byte, or the lead byte of a sequence that is cut short.
 */
function firstInvalidByte(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0; // overlong
      if (lead === 0xed) high = 0x9f; // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90; // overlong
      if (lead === 0xf4) high = 0x8f; // past U+10FFFF
    } else return at;
    for (let i = 1; i < length; i++) {
      const next = bytes[at + i];
      // The second byte has the narrowed range; the others take any continuation byte.
      if (next === undefined || next < (i === 1 ? low : 0x80) || next > (i === 1 ? high : 0xbf)) return at;
    }
    at += length;
  }
  return bytes.length;
}
