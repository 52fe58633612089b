import { describe, expect, it } from 'vitest';
import { describeCid } from '../rules/analyzers/cid.js';

const V0 = 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n';
/** The same content as `V0`, as a CIDv1. */
const V0_AS_V1 = 'bafybeihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
/** A real skill upload from the corpus. */
const DAG_PB = 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue';
const RAW = 'bafkreidon73zkcrwdb5iafqtijxildoonbwnpv7dyd6ef3qdgads2jc4su';

function problemOf(text: string): string {
  const found = describeCid(text);
  if (found.valid) throw new Error(`${text} is valid`);
  return found.problem;
}

describe('describeCid on valid CIDs', () => {
  it('reads a CIDv0 as dag-pb with a sha2-256 hash, and gives its CIDv1', () => {
    expect(describeCid(V0)).toEqual({
      valid: true,
      version: 0,
      base: 'base58btc',
      codec: 'dag-pb',
      codecCode: 0x70,
      multihash: 'sha2-256',
      multihashCode: 0x12,
      digestLength: 32,
      canonical: V0_AS_V1,
    });
  });

  it('reads a base32 CIDv1 of a folder (dag-pb)', () => {
    expect(describeCid(DAG_PB)).toMatchObject({ valid: true, version: 1, base: 'base32', codec: 'dag-pb', multihash: 'sha2-256', canonical: DAG_PB });
  });

  it('reads a base32 CIDv1 of a raw block', () => {
    expect(describeCid(RAW)).toMatchObject({ valid: true, version: 1, base: 'base32', codec: 'raw', codecCode: 0x55, multihash: 'sha2-256' });
  });

  it('reads CIDv1s in other multibases, naming codecs it does not list by their code', () => {
    expect(describeCid(DAG_PB.toUpperCase())).toMatchObject({ valid: true, base: 'base32upper', canonical: DAG_PB });
    // Like the library, base32 takes either case after its `b`.
    expect(describeCid(`b${DAG_PB.slice(1).toUpperCase()}`)).toMatchObject({ valid: true, base: 'base32', canonical: DAG_PB });
    expect(describeCid('zdj7WWeQ43G6JJvLWQWZpyHuAMq6uYWRjkBXFad11vE2LHhQ7')).toMatchObject({ valid: true, version: 1, base: 'base58btc', codec: 'dag-pb' });
    expect(describeCid('mAYAEEiCTojlxqRTl6svwqNJRVM2jCcPBxy+7mRTUfGDzy2gViA')).toMatchObject({ valid: true, base: 'base64', codec: 'json' });
    // Codec 0x1234 (varint b4 24), sha2-256, 32 zero bytes, in base16.
    expect(describeCid(`f01b4241220${'00'.repeat(32)}`)).toMatchObject({ valid: true, codec: '0x1234', codecCode: 0x1234 });
  });

  it('gives one canonical form to a CIDv0 and its CIDv1', () => {
    const v0 = describeCid(V0);
    const v1 = describeCid(V0_AS_V1);
    expect(v0.valid && v1.valid && v0.canonical === v1.canonical).toBe(true);
  });
});

describe('describeCid on invalid CIDs says why', () => {
  it('an empty string', () => {
    expect(problemOf('')).toBe('it is empty');
  });

  it('a CIDv0 of the wrong length', () => {
    expect(problemOf(V0.slice(0, -1))).toBe('a CIDv0 (`Qm…`) is 46 characters long and this one has 45, so part of it was lost');
    expect(problemOf(`${V0}n`)).toMatch(/has 47, so characters were added/);
  });

  it('a character outside the base58btc alphabet, with its position', () => {
    expect(problemOf(`${V0.slice(0, 10)}0${V0.slice(11)}`)).toMatch(/^`0` \(character 11\) is not a base58btc character/);
    expect(problemOf(`${V0.slice(0, 10)}l${V0.slice(11)}`)).toMatch(/^`l` \(character 11\)/);
  });

  it('a character outside the base32 alphabet', () => {
    expect(problemOf(`${DAG_PB.slice(0, -2)}1e`)).toMatch(/^`1` \(character 58\) is not a base32 character/);
    expect(problemOf(`${DAG_PB.slice(0, -2)}8e`)).toMatch(/^`8` \(character 58\)/);
  });

  it('an unknown multibase prefix', () => {
    expect(problemOf(`x${DAG_PB.slice(1)}`)).toMatch(/^`x` is not a multibase prefix/);
  });

  it('a truncated multihash, and extra bytes after it', () => {
    expect(problemOf(DAG_PB.slice(0, -2))).toBe('its sha2-256 hash should be 32 bytes but only 31 are there, so the CID was cut short');
    // The cause by id, with the values its words take: what a rule's message is filled from.
    expect(describeCid(DAG_PB.slice(0, -2))).toMatchObject({ cause: { id: 'hashCutShort', data: { hash: 'sha2-256', digestLength: 32, present: 31 } } });
    expect(problemOf(DAG_PB.slice(0, -1))).toMatch(/length does not fit base32/);
    expect(problemOf(`${DAG_PB}aa`)).toMatch(/1 more byte after its 32-byte sha2-256 hash/);
    expect(problemOf('b')).toMatch(/ends before its hash begins/);
  });

  it('a version that does not exist, and a CIDv0 given a multibase prefix', () => {
    // Version 2, dag-pb, sha2-256, 32 zero bytes, in base16.
    expect(problemOf(`f02701220${'00'.repeat(32)}`)).toBe('it declares CID version 2, and only versions 0 and 1 exist');
    expect(describeCid(`z${V0}`)).toMatchObject({ valid: false, suggestion: V0 });
  });

  it('whitespace and gateway URLs, with the CID meant', () => {
    expect(describeCid(` ${DAG_PB}\n`)).toEqual({
      valid: false,
      cause: { id: 'whitespaceAround', data: {} },
      problem: 'it has whitespace around it',
      suggestion: DAG_PB,
    });
    expect(describeCid(`https://gateway.pinata.cloud/ipfs/${DAG_PB}`)).toMatchObject({ valid: false, suggestion: DAG_PB });
    expect(describeCid(`https://${DAG_PB}.ipfs.dweb.link/`)).toMatchObject({ valid: false, suggestion: DAG_PB });
    const inside = describeCid(`ipfs://${DAG_PB}/SKILL.md`);
    expect(inside).toMatchObject({ valid: false });
    expect('suggestion' in inside).toBe(false);
  });

  it('stays bounded on very long input', () => {
    expect(problemOf(`z${'1'.repeat(100_000)}`)).toMatch(/far longer than any CID/);
  });
});
