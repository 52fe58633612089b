/**
 * The deterministic inputs of the published vectors (test/fixtures/unixfs-vectors/README.md),
 * generated exactly as their sources generate them, in chunks, so that a 1 GiB input is never
 * held in memory at once.
 */
import crypto from 'node:crypto';

const MIB = 1024 * 1024;

/**
 * kubo's `DeterministicRandomReaderBytes(size, seed)` (test/cli/testutils/random_deterministic.go):
 * the ChaCha20 key stream (RFC 8439: 96-bit zero nonce, counter from 0) under the key
 * `sha256(seed)`. OpenSSL's `chacha20` takes the 32-bit counter and the nonce as one 16-byte IV.
 */
export async function* chacha20Stream(seed: string, size: number): AsyncGenerator<Uint8Array> {
  const key = crypto.createHash('sha256').update(seed).digest();
  const cipher = crypto.createCipheriv('chacha20', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(Math.min(size, MIB));
  for (let left = size; left > 0; left -= zeros.length) {
    yield cipher.update(left >= zeros.length ? zeros : zeros.subarray(0, left));
  }
}

/**
 * kubo's `createDeterministicFiles` (test/cli/add_test.go): names from the first MiB of
 * `chacha20Stream(seed)`, one byte a character of `testutils.AlphabetEasy`; every name
 * `nameLength` long but the last, `lastNameLength` long.
 */
export async function kuboDeterministicNames(count: number, nameLength: number, lastNameLength: number, seed: string): Promise<string[]> {
  const ALPHABET_EASY = 'abcdefghijklmnopqrstuvwxyz01234567890-_';
  let bytes: Uint8Array = new Uint8Array(0);
  for await (const chunk of chacha20Stream(seed, MIB)) bytes = chunk;
  const names: string[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const length = i === count - 1 ? lastNameLength : nameLength;
    let name = '';
    for (let j = 0; j < length; j++) name += ALPHABET_EASY[bytes[offset + j]! % ALPHABET_EASY.length];
    names.push(name);
    offset += length;
  }
  return names;
}

/** `size` zero bytes in 1 MiB chunks. */
export async function* zeroStream(size: number): AsyncGenerator<Uint8Array> {
  const zeros = new Uint8Array(Math.min(size, MIB));
  for (let left = size; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
}

/**
 * Go's `math/rand/v2` ChaCha8 source, as specified by C2SP (https://c2sp.org/chacha8rand): each
 * iteration runs ChaCha8 with the 32-byte state as its key, a zero nonce and counters 0 to 15,
 * leaves out the final addition of the constants and the counter, interleaves each group of four
 * blocks word by word, and gives the first 992 bytes as output and the last 32 as the next key.
 * Go's `ChaCha8.Read` hands out that output in order (as little-endian uint64s). Yields bytes
 * `skip` to `skip + size` of the stream.
 */
export async function* chacha8randStream(seed: string, skip: number, size: number): AsyncGenerator<Uint8Array> {
  let key: Uint32Array = new Uint32Array(Uint8Array.from(Buffer.from(seed, 'latin1')).buffer);
  let position = 0;
  const end = skip + size;
  while (position < end) {
    const { output, next } = chacha8randIteration(key);
    key = next;
    const from = Math.max(skip - position, 0);
    const to = Math.min(end - position, output.length);
    if (from < to) yield output.subarray(from, to);
    position += output.length;
  }
}

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];

function chacha8randIteration(key: Uint32Array): { output: Uint8Array; next: Uint32Array } {
  const words = new Uint32Array(256);
  const state = new Uint32Array(16);
  const x = new Uint32Array(16);
  for (let block = 0; block < 16; block++) {
    state.set(SIGMA, 0);
    state.set(key, 4);
    state[12] = block;
    state[13] = state[14] = state[15] = 0;
    x.set(state);
    for (let round = 0; round < 8; round += 2) {
      quarterRound(x, 0, 4, 8, 12);
      quarterRound(x, 1, 5, 9, 13);
      quarterRound(x, 2, 6, 10, 14);
      quarterRound(x, 3, 7, 11, 15);
      quarterRound(x, 0, 5, 10, 15);
      quarterRound(x, 1, 6, 11, 12);
      quarterRound(x, 2, 7, 8, 13);
      quarterRound(x, 3, 4, 9, 14);
    }
    // The key words (4 to 11) are added back; the constants, counter and zero nonce are not.
    for (let w = 4; w < 12; w++) x[w] = (x[w]! + state[w]!) >>> 0;
    const group = block >> 2;
    for (let w = 0; w < 16; w++) words[group * 64 + w * 4 + (block & 3)] = x[w]!;
  }
  const bytes = new Uint8Array(words.buffer);
  return { output: bytes.subarray(0, 992), next: new Uint32Array(words.buffer.slice(992)) };
}

function quarterRound(x: Uint32Array, a: number, b: number, c: number, d: number): void {
  x[a] = (x[a]! + x[b]!) >>> 0;
  x[d] = rotate(x[d]! ^ x[a]!, 16);
  x[c] = (x[c]! + x[d]!) >>> 0;
  x[b] = rotate(x[b]! ^ x[c]!, 12);
  x[a] = (x[a]! + x[b]!) >>> 0;
  x[d] = rotate(x[d]! ^ x[a]!, 8);
  x[c] = (x[c]! + x[d]!) >>> 0;
  x[b] = rotate(x[b]! ^ x[c]!, 7);
}

function rotate(value: number, bits: number): number {
  return ((value << bits) | (value >>> (32 - bits))) >>> 0;
}
