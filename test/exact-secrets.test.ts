import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExactSecret, ExactSecrets } from '../rules/framework/exact-secrets.js';
import type { SecretSpan } from '../rules/framework/secret-detector.js';

/** Each secret's places one by one, from the left, each after the last: what the index must give. */
function oneByOne(secrets: readonly ExactSecret[], text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const { secret, shown } of secrets) {
    for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + secret.length)) spans.push({ start: at + shown, end: at + secret.length });
  }
  return spans;
}

const byPlace = (a: SecretSpan, b: SecretSpan) => a.start - b.start || a.end - b.end;

/** Few letters, so that secrets repeat, overlap themselves (`aaaa`) and share their first characters. */
const letters = fc.constantFrom('a', 'b', 'x', '1', ':');
const secret = fc
  .string({ unit: letters, minLength: 1, maxLength: 12 })
  .chain((text) => fc.record({ secret: fc.constant(text), shown: fc.nat({ max: Math.floor(text.length / 2) }) }));

describe('ExactSecrets', () => {
  it('finds the places one-by-one search finds, however many secrets it knows', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(secret, { selector: ({ secret }) => secret, maxLength: 60 }),
        fc.array(fc.string({ unit: letters, maxLength: 80 }), { minLength: 1, maxLength: 5 }),
        (secrets, texts) => {
          const exact = new ExactSecrets();
          for (const known of secrets) exact.add(known);
          for (const text of texts) {
            const spans: SecretSpan[] = [];
            exact.spansIn(text, spans);
            expect(spans.sort(byPlace)).toEqual(oneByOne(secrets, text).sort(byPlace));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads a text once when it knows many secrets, and still passes over a place overlapping the last', () => {
    const exact = new ExactSecrets();
    for (let i = 0; i < 100; i++) exact.add({ secret: `word-${i}-word`, shown: 2 });
    exact.add({ secret: 'aaaa', shown: 0 });
    exact.add({ secret: 'z', shown: 0 });
    const spans: SecretSpan[] = [];
    exact.spansIn('aaaaaa word-7-word z', spans);
    expect(spans.sort(byPlace)).toEqual([
      { start: 0, end: 4 },
      { start: 9, end: 18 },
      { start: 19, end: 20 },
    ]);
  });
});
