import { describe, expect, it } from 'vitest';
import { lint, maskFor, parseDocument, SecretMask } from '../../rules/index.js';
import { maskSource } from '../../rules/framework/masking.js';
import { PLACEMENTS, secretShapes } from './secret-cases.js';

/** Manifests holding every secret shape in every placement. */
const cases = secretShapes().flatMap((shape) => PLACEMENTS.map((placement) => ({ manifest: placement.manifest(shape.text), parts: shape.parts })));

/** What a run may show of a manifest: the manifest, its lines, each secret whole, cut short and at its end. */
function outputsOf({ manifest, parts }: (typeof cases)[number]): string[] {
  return [manifest, ...manifest.split('\n'), ...parts.flatMap((part) => [`is ${part}.`, `\`${part.slice(0, 14)}…\``, `…${part.slice(-6)}`])];
}

describe("a run's mask learning its files' masks when first read", () => {
  it('makes no mask before it is read, then each once, in the order given', () => {
    const made: number[] = [];
    const mask = new SecretMask();
    cases.slice(0, 5).forEach(({ manifest }, index) => {
      const source = maskSource(parseDocument(manifest));
      mask.mergeLater(() => {
        made.push(index);
        return source();
      });
    });
    // An empty text has nothing to hide, whatever the mask knows.
    expect(mask.mask('')).toBe('');
    expect(made).toEqual([]);
    mask.mask('a message');
    mask.mask('another');
    expect(made).toEqual([0, 1, 2, 3, 4]);
  });

  it('hides what a mask merging each file at once hides, with a text learned among them', () => {
    const atOnce = new SecretMask();
    const later = new SecretMask();
    const config = `{ "rules": { "skill-slug-format": "off" } } // token: ${cases[0]!.parts[0]}`;
    cases.forEach((entry, index) => {
      const doc = parseDocument(entry.manifest);
      // Half the documents have their mask made by their lint already, as a file with findings has.
      if (index % 2 === 0) lint(doc);
      atOnce.merge(maskFor(parseDocument(entry.manifest)));
      later.mergeLater(maskSource(doc));
      if (index === Math.floor(cases.length / 2)) {
        atOnce.learn(config);
        later.learn(config);
      }
    });
    for (const entry of cases) for (const output of outputsOf(entry)) expect(later.mask(output)).toBe(atOnce.mask(output));
    expect(later.snapshot()).toEqual(atOnce.snapshot());
  });

  it('makes from a source the mask the document makes', () => {
    for (const { manifest } of cases) {
      expect(maskSource(parseDocument(manifest))().snapshot()).toEqual(maskFor(parseDocument(manifest)).snapshot());
    }
  });
});

describe('a mask whose source fails', () => {
  it('is never read without it: every read fails, and no later source is learned before it', () => {
    const mask = new SecretMask();
    const token = secretShapes()[0]!.text;
    let calls = 0;
    mask.mergeLater(() => {
      calls++;
      throw new Error('could not learn');
    });
    mask.mergeLater(maskSource(parseDocument(`{ "version": 1, "agent": { "name": "A" }, "channels": { "slack": { "botToken": "${token}" } } }`)));
    expect(() => mask.mask(`see ${token}`)).toThrow('could not learn');
    expect(() => mask.mask(`see ${token}`)).toThrow('could not learn');
    expect(calls).toBe(2);
  });
});
