import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { expect, it } from 'vitest';
import { ROOT } from './helpers.js';

it('the built code cache fits the bundle and this Node, so cold starts skip compiling', () => {
  const bundle = path.join(ROOT, 'dist', 'manifest-lint.bundle.cjs');
  const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), {
    filename: bundle,
    cachedData: fs.readFileSync(path.join(ROOT, 'dist', 'manifest-lint.code-cache')),
  });
  expect(script.cachedDataRejected).toBe(false);
});
