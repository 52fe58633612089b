import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/**
 * Loaded before a bin: notes whether V8 took the code cache its loader handed over. The cache
 * records V8's flags, so the bin runs in a Node started as users start it, not in a test worker.
 */
const REPORT_CODE_CACHE = `import vm from 'node:vm';
let verdict = 'not given';
vm.Script = class extends vm.Script {
  constructor(source, options) {
    super(source, options);
    if (options?.cachedData) verdict = this.cachedDataRejected ? 'rejected' : 'taken';
  }
};
process.on('exit', () => process.stderr.write('code cache ' + verdict));`;

it.each(['manifest-lint', 'manifest-language-server'])('the built code cache of %s fits its bundle and this Node, so cold starts skip compiling', (command) => {
  const bin = path.join(ROOT, 'dist', `${command}.cjs`);
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(REPORT_CODE_CACHE)}`, bin, '--version'],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    },
  );
  expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  expect(stderr).toBe('code cache taken');
  expect(status).toBe(0);
});
