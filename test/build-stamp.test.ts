/**
 * The stamp a build leaves beside its outputs (build/build-stamp.mjs): current only for the key it
 * names and while every output it lists is there — what lets a second `prepare` do nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { stampIsCurrent, writeStamp } from '../build/build-stamp.mjs';
import { workspace } from './workspace.js';

it('is current for the key it names while its outputs are there, and not otherwise', () => {
  const root = workspace({ 'dist/types/lib/index.d.ts': 'export {};\n', 'dist/types/lib/options.d.ts': 'export {};\n' }, { git: false });
  const stamp = 'dist/types/.types-stamp.json';
  expect(stampIsCurrent(root, stamp, 'key-1')).toBe(false);
  writeStamp(root, stamp, 'key-1', ['dist/types/lib/options.d.ts', 'dist/types/lib/index.d.ts']);
  expect(JSON.parse(fs.readFileSync(path.join(root, stamp), 'utf8'))).toEqual({
    key: 'key-1',
    outputs: ['dist/types/lib/index.d.ts', 'dist/types/lib/options.d.ts'],
  });
  expect(fs.readdirSync(path.join(root, 'dist/types')).sort()).toEqual(['.types-stamp.json', 'lib']);
  expect(stampIsCurrent(root, stamp, 'key-1')).toBe(true);
  expect(stampIsCurrent(root, stamp, 'key-2')).toBe(false);
  fs.rmSync(path.join(root, 'dist/types/lib/options.d.ts'));
  expect(stampIsCurrent(root, stamp, 'key-1')).toBe(false);
});
