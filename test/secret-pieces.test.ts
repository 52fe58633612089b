import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PieceSecret, SecretPieces } from '../rules/framework/secret-pieces.js';
import { mergeSpans, type SecretSpan } from '../rules/framework/secret-detector.js';

const isAlphanumeric = (code: number) => (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
const CUT_RUN_END = /[\s"'`\u2026]/;

/**
 * The pieces' places read from every learned secret in turn: what the index must find. `starts`
 * are the secrets and lines whose start is matched, `ends` the secrets whose end is, each list in
 * the order learned.
 */
function secretBySecret(starts: readonly PieceSecret[], ends: readonly PieceSecret[], text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (let start = 0; start + 3 <= text.length; start++) {
    if (start > 0 && isAlphanumeric(text.charCodeAt(start - 1))) continue;
    for (const { secret, shown, words } of starts) {
      if (!text.startsWith(secret.slice(0, 3), start)) continue;
      let end = start;
      while (end - start < secret.length && text.charCodeAt(end) === secret.charCodeAt(end - start)) end++;
      const length = end - start;
      if (length > words && length < secret.length && !isAlphanumeric(secret.charCodeAt(length)) && !isAlphanumeric(text.charCodeAt(end))) {
        spans.push({ start: start + shown, end });
      }
    }
  }
  for (let cut = text.indexOf('…'); cut !== -1; cut = text.indexOf('…', cut + 1)) {
    let start = cut;
    while (start > 0 && !CUT_RUN_END.test(text[start - 1]!)) start--;
    let end = cut + 1;
    while (end < text.length && !CUT_RUN_END.test(text[end]!)) end++;
    head: for (let from = start; cut - from > 3; from++) {
      const part = text.slice(from, cut);
      for (const { secret, shown } of starts) {
        if (part.length < secret.length && part.length > shown && secret.startsWith(part)) {
          spans.push({ start: from + shown, end: cut });
          break head;
        }
      }
    }
    tail: for (let to = end; to - (cut + 1) >= 4; to--) {
      const part = text.slice(cut + 1, to);
      for (const { secret } of ends) {
        if (part.length < secret.length && secret.endsWith(part)) {
          spans.push({ start: cut + 1, end: to });
          break tail;
        }
      }
    }
  }
  return mergeSpans(spans.filter((span) => span.end > span.start));
}

/** Few characters, joiners among them, so that secrets open alike and texts quote their pieces. */
const FEW_CHARACTERS = fc.constantFrom('a', 'b', 'X', '1', '-', ':', '/');
/** A hash under which every piece collides with every other: only comparing the characters tells them apart. */
const collidingAll = () => 0;

const learnedSecrets = (unit: fc.Arbitrary<string>) => {
  const learned = fc
    .record({
      secret: fc.string({ unit, minLength: 4, maxLength: 18 }),
      shown: fc.nat({ max: 4 }),
      extraWords: fc.nat({ max: 6 }),
      line: fc.boolean(),
      // Opening as a secret learned before it does, up to this many characters (as tokens of one kind do).
      opensAs: fc.option(fc.record({ which: fc.nat(), length: fc.integer({ min: 3, max: 12 }) })),
    })
    .map(({ secret, shown, extraWords, line, opensAs }) => ({ secret, shown, words: shown + extraWords, line, opensAs }));
  // Secrets, some of them opening as one learned before them does.
  return fc.array(learned, { minLength: 1, maxLength: 25 }).map((drawn) => {
    const secrets: { secret: string; shown: number; words: number; line: boolean }[] = [];
    for (const { opensAs, ...secret } of drawn) {
      const earlier = opensAs && secrets.length > 0 ? secrets[opensAs.which % secrets.length]!.secret.slice(0, opensAs.length) : '';
      secrets.push({ ...secret, secret: `${earlier}${secret.secret}` });
    }
    return secrets;
  });
};

/** A text made of pieces of the secrets (starts, ends, whole), ellipses, quotes, spaces and noise. */
function textOf(secrets: readonly { secret: string }[], unit: fc.Arbitrary<string>) {
  const piece = fc.oneof(
    fc.record({ which: fc.nat(), length: fc.nat({ max: 18 }), fromEnd: fc.boolean() }).map(({ which, length, fromEnd }) => {
      const { secret } = secrets[which % secrets.length]!;
      return fromEnd ? secret.slice(Math.max(0, secret.length - length)) : secret.slice(0, length);
    }),
    fc.constantFrom('…', ' ', '"', '`', '-', ':'),
    fc.string({ unit, maxLength: 4 }),
  );
  return fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
}

describe('SecretPieces', () => {
  it.each([
    ['its hash', undefined],
    ['a hash under which all pieces collide', collidingAll],
  ])('finds the places that reading every secret in turn finds (%s)', (_, step) => {
    const unit = FEW_CHARACTERS;
    fc.assert(
      fc.property(
        learnedSecrets(unit).chain((secrets) => fc.tuple(fc.constant(secrets), fc.array(textOf(secrets, unit), { minLength: 1, maxLength: 25 }))),
        ([secrets, texts]) => {
          // Texts are looked at while secrets are still being learned, as a run does between files.
          const pieces = new SecretPieces(step);
          for (const [count, { line, ...secret }] of secrets.entries()) {
            line ? pieces.addLine(secret) : pieces.add(secret);
            const text = texts[count];
            if (text === undefined) continue;
            const known = secrets.slice(0, count + 1);
            // A line counts when it opens with letters and digits, as a PEM body's lines do.
            const starts = known.filter(({ line, secret }) => !line || /^[A-Za-z0-9]{3}/.test(secret));
            const ends = known.filter(({ line }) => !line);
            for (const looked of [text, texts[(count + 1) % texts.length]!]) {
              const spans: SecretSpan[] = [];
              pieces.spansIn(looked, spans);
              expect(mergeSpans(spans.filter((span) => span.end > span.start))).toEqual(secretBySecret(starts, ends, looked));
            }
          }
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('finds a first piece and both cuts among 2,000 tokens that open alike', () => {
    const pieces = new SecretPieces();
    const secrets = Array.from({ length: 2000 }, (_, i) => ({ secret: `xoxb-${1000000 + i}-${'k'.repeat(8)}${i}`, shown: 4, words: 5 }));
    for (const secret of secrets) pieces.add(secret);
    // A first piece shows its first four characters; `xoxb…` shows no more than any token may; the
    // end of the last token after an ellipsis shows nothing.
    const text = 'token xoxb-1000007 and xoxb… and …kkkk1999';
    const spans: SecretSpan[] = [];
    pieces.spansIn(text, spans);
    expect(mergeSpans(spans)).toEqual([
      { start: 10, end: 18 },
      { start: 34, end: 42 },
    ]);
    expect(mergeSpans(spans)).toEqual(secretBySecret(secrets, secrets, text));
  });
});
