import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { remembered } from '../rules/framework/remembered.js';

/** The heap in use after a full collection. */
function heapAfterCollection(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

/** Texts cut from 40 documents of a megabyte each, the documents themselves let go. */
function cutsOfLargeDocuments(keep: (cut: string) => void): void {
  for (let i = 0; i < 40; i++) {
    const document = `${String(i).repeat(1 << 20)}"botToken": "xoxb-${i}"`;
    keep(document.slice(document.length - 30));
  }
}

describe('remembered', () => {
  const counting = () => {
    const computed: string[] = [];
    const lookup = remembered(
      (text) => {
        computed.push(text);
        return text === 'none' ? undefined : { text };
      },
      3,
      5,
    );
    return { computed, lookup };
  };

  it('computes each text once and shares the answer, an undefined one too', () => {
    const { computed, lookup } = counting();
    const first = lookup('a');
    expect(lookup('a')).toBe(first);
    expect(lookup('none')).toBeUndefined();
    expect(lookup('none')).toBeUndefined();
    expect(computed).toEqual(['a', 'none']);
  });

  it('does not keep texts longer than its bound', () => {
    const { computed, lookup } = counting();
    lookup('longer');
    lookup('longer');
    expect(computed).toEqual(['longer', 'longer']);
  });

  it('starts over when it holds its limit of texts', () => {
    const { computed, lookup } = counting();
    for (const text of ['a', 'b', 'c', 'd', 'd', 'a']) lookup(text);
    // 'd' found it full: the memory was emptied, so 'a' is computed again.
    expect(computed).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('keeps no document alive through a text cut from it', () => {
    const held: string[] = [];
    const before = heapAfterCollection();
    cutsOfLargeDocuments((cut) => held.push(cut));
    // The measure sees what a plain slice keeps: the 40 megabytes of its documents.
    const keptBySlices = heapAfterCollection() - before;
    held.length = 0;
    const lookup = remembered((text) => text.length, 100, 100);
    const start = heapAfterCollection();
    cutsOfLargeDocuments((cut) => lookup(cut));
    const keptByMemory = heapAfterCollection() - start;
    expect(keptBySlices).toBeGreaterThan(30 << 20);
    expect(keptByMemory).toBeLessThan(1 << 20);
  });
});
