// A dependency the engine loads on first use: in the bundle this module becomes a `require` of
// a separately built file (see build/build.mjs), so runs that never need it never parse it.
import * as cronParser from '../cron-library.js';

export function load(): typeof cronParser {
  return cronParser;
}
