import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/**
 * Whether V8 takes each command's code cache, asked of a Node started as the bins are (no flags):
 * the cache records V8's flags, and the test workers run with flags of their own.
 */
const CHECK = `
const fs = require('node:fs'), Module = require('node:module'), vm = require('node:vm');
const [bundle, cache] = process.argv.slice(1);
const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), { filename: bundle, cachedData: fs.readFileSync(cache) });
process.stdout.write(JSON.stringify(script.cachedDataRejected));
`;

it.each(['manifest-lint', 'manifest-language-server'])('the built code cache of %s fits its bundle and this Node, so cold starts skip compiling', (command) => {
  const bundle = path.join(ROOT, 'dist', `${command}.bundle.cjs`);
  const cache = path.join(ROOT, 'dist', `${command}.code-cache`);
  const rejected = execFileSync(process.execPath, ['-e', CHECK, bundle, cache], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  expect(JSON.parse(rejected)).toBe(false);
});
