/**
 * npm 11 warns at `npm ci` about every installed package whose install script package.json's
 * `allowScripts` does not cover (esbuild's, here). `npm install-scripts ls` lists the same
 * packages from node_modules, without installing anything.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

it('leaves no install script of the development dependencies unreviewed, so npm ci prints no warning', () => {
  const env = { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' };
  const listed = execFileSync('npm', ['install-scripts', 'ls'], { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  expect(listed.trim()).toBe('No packages with unreviewed install scripts.');
});
