/** `fixText` for a text the test has linted already, sparing the engine that lint again. */
import { fixTextWith, type FixTextResult } from '../rules/framework/fix.js';
import { lint, type EngineLintOptions, type EngineLintResult } from '../rules/index.js';

/** What `fixText(text, options)` gives, its first pass taking `linted` (the lint of `text` with `options`). */
export function fixLinted(text: string, linted: EngineLintResult, options: EngineLintOptions): FixTextResult {
  let first = true;
  return fixTextWith(
    (input, passOptions) => {
      if (first) {
        first = false;
        return linted;
      }
      return lint(input, passOptions);
    },
    text,
    options,
  );
}
