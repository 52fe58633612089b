import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { expect, it } from 'vitest';
import { ROOT } from './helpers.js';

it.each(['manifest-lint', 'manifest-language-server'])('the built code cache of %s fits its bundle and this Node, so cold starts skip compiling', (command) => {
  const bundle = path.join(ROOT, 'dist', `${command}.bundle.cjs`);
  const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), {
    filename: bundle,
    cachedData: fs.readFileSync(path.join(ROOT, 'dist', `${command}.code-cache`)),
  });
  expect(script.cachedDataRejected).toBe(false);
});
