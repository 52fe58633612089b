// cron-parser requires luxon and the engine imports it (rules/analyzers/cron-library.ts) to give
// it a default locale. luxon's exports send `import` to an ES build and `require` to a CommonJS
// one: two luxons, the setting made on the one cron-parser never reads. Every bundle, and the
// tests, resolve the import to the file cron-parser requires.
import { createRequire } from 'node:module';

export const luxonFile = createRequire(import.meta.url).resolve('luxon');

export const oneLuxon = {
  name: 'one-luxon',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^luxon$/ }, () => ({ path: luxonFile }));
  },
};
