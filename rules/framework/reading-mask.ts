/**
 * A mask for texts that write characters as escapes: JSON source quoted by code frames, diffs and
 * fix texts (`"\u0078\u006f\u0078\u0062-…"`), a README's HTML and Markdown (`sk_l&#105;ve_…`).
 * Each text is read twice, as written and through its escapes (see escapes.ts): what the reading
 * holds is learned as a secret, and what is hidden in the reading is hidden where it was written,
 * so such a token shows as its first characters' escapes and `…`.
 */
import { mergeSpans, type SecretSpan } from './secret-detector.js';
import { writtenSpans, type Reading } from './escapes.js';
import { SecretMask } from './masking.js';

export class ReadingMask extends SecretMask {
  constructor(private readonly read: (written: string) => Reading | undefined) {
    super();
  }

  override learn(text: string): this {
    // The reading first: the public identifiers it holds (a digest written `sha512\-…`) are
    // trusted before the written text's pieces of them are looked at.
    const reading = this.read(text);
    if (reading) super.learn(reading.text);
    super.learn(text);
    return this;
  }

  override hiddenSpans(text: string): SecretSpan[] {
    const spans = super.hiddenSpans(text);
    const reading = this.read(text);
    if (!reading) return spans;
    return mergeSpans([...spans, ...writtenSpans(reading, super.hiddenSpans(reading.text))]);
  }
}
