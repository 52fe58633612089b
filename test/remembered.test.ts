import { describe, expect, it } from 'vitest';
import { remembered } from '../rules/framework/remembered.js';

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
});
