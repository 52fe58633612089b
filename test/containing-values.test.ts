import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContainingValues } from '../rules/framework/containing-values.js';

/** Values over a few letters, so that pieces of different values often match. */
const value = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'Q', 'm', '1', '-'), maxLength: 60 });

/** A text to look for: a part of one of the values (any place, any length), or any string. */
function query(values: string[]) {
  const part = fc.record({ which: fc.nat(), from: fc.nat(), length: fc.nat({ max: 60 }) }).map(({ which, from, length }) => {
    const source = values[which % values.length]!;
    const start = from % (source.length + 1);
    return source.slice(start, start + length);
  });
  return values.length > 0 ? fc.oneof(part, value) : value;
}

describe('ContainingValues', () => {
  it('says whether some value contains a text exactly as reading every value does', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 30 }).chain((values) => fc.tuple(fc.constant(values), fc.array(query(values), { minLength: 1, maxLength: 20 }))),
        ([values, queries]) => {
          const index = new ContainingValues();
          for (const added of values) index.add(added);
          for (const text of queries) expect(index.someContains(text)).toBe(values.some((held) => held.includes(text)));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps each value once, in the order first added', () => {
    const index = new ContainingValues();
    expect([index.add('QmFirst'), index.add('bafySecond'), index.add('QmFirst')]).toEqual([true, true, false]);
    expect(index.values).toEqual(['QmFirst', 'bafySecond']);
  });

  it('finds a text that starts at any place of a long value, whatever its length from the shortest indexed on', () => {
    const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
    const index = new ContainingValues();
    index.add('0123456789abcdef0123456789abcdef01234567');
    index.add(cid);
    for (let start = 0; start < cid.length; start++) {
      for (let end = start; end <= cid.length; end++) expect(index.someContains(cid.slice(start, end))).toBe(true);
    }
    expect(index.someContains(`${cid}x`)).toBe(false);
    expect(index.someContains('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdX')).toBe(false);
  });
});
