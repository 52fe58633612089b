/**
 * The code is written as the formatter writes it (biome.json: Biome's formatter, 160 columns,
 * single quotes), so no change carries reformatting of lines it does not touch. `npm run format`
 * rewrites what this test finds.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

it('leaves every source file as the formatter would write it', () => {
  const biome = path.join(ROOT, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
  const result = spawnSync(process.execPath, [biome, 'format', '--max-diagnostics=20', '.'], { cwd: ROOT, encoding: 'utf8' });
  const unformatted = [...`${result.stdout}${result.stderr}`.matchAll(/^(\S+\.[cm]?[jt]s) format\b/gm)].map((match) => match[1]);
  expect(unformatted, `${result.stdout}${result.stderr}`.slice(0, 4000)).toEqual([]);
  expect(result.status, `${result.stdout}${result.stderr}`.slice(0, 4000)).toBe(0);
});
