/**
 * A release's build steps as a dry run: build/release-assets.mjs — the script the release workflow
 * runs — makes the assets in a clean clone, then each is checked as the release uses it: the npm
 * package published with `--dry-run` (offline), the `.vsix` read as the marketplaces read it, the
 * single-file CLI run from an empty folder, and `SHA256SUMS` checked by `sha256sum --check`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { digestOf, sha256 } from '../../build/release-files.mjs';
import { cleanClone } from '../clean-clone.js';
import { readZip } from '../client/vsix.js';
import { BAD } from '../ci-manifests.js';
import { ROOT } from '../cli/helpers.js';
import { workspace } from '../workspace.js';

const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const NPM_ENV: NodeJS.ProcessEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
delete NPM_ENV.NODE_OPTIONS;
delete NPM_ENV.NODE_AUTH_TOKEN;

let clone = '';
let out = '';
let assets: { tarball: string; vsix: string; cli: string; sums: string };

function releaseAssets(folder: string, tag: string) {
  return spawnSync(process.execPath, ['build/release-assets.mjs', folder, '--tag', tag], { cwd: clone, env: NPM_ENV, encoding: 'utf8' });
}

beforeAll(() => {
  // The packager the clone shares, installed as the tests' `pretest` installs it.
  execFileSync(process.execPath, ['build/install-tools.mjs', 'build/packaging-tools'], { cwd: ROOT, stdio: 'inherit' });
  clone = cleanClone(['build/packaging-tools']);
  out = path.join(workspace({}, { git: false }), 'assets');
  const made = releaseAssets(out, `v${version}`);
  expect(made.status, made.stderr).toBe(0);
  assets = JSON.parse(made.stdout) as typeof assets;
}, 300_000);

describe('the release assets, made by the script the release workflow runs', () => {
  it('are the npm package, the .vsix, the single-file CLI and SHA256SUMS, which vouches for the other three', () => {
    expect(fs.readdirSync(out).sort()).toEqual([`agent-manifest-${version}.tgz`, `agent-manifest-${version}.vsix`, 'SHA256SUMS', 'manifest-lint.cjs'].sort());
    expect(Object.values(assets).map((file) => path.dirname(file))).toEqual([out, out, out, out]);
    const check = spawnSync('sha256sum', ['--check', '--strict', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' });
    expect(check.stdout).toBe(`agent-manifest-${version}.tgz: OK\nagent-manifest-${version}.vsix: OK\nmanifest-lint.cjs: OK\n`);
    expect(check.status).toBe(0);
    const sums = fs.readFileSync(assets.sums, 'utf8');
    expect(digestOf(sums, 'manifest-lint.cjs')).toBe(sha256(fs.readFileSync(assets.cli)));
  });

  it('hold the npm package, which publishes in a dry run without the network', () => {
    const publish = spawnSync('npm', ['publish', '--dry-run', '--offline', assets.tarball], {
      cwd: workspace({}, { git: false }),
      env: NPM_ENV,
      encoding: 'utf8',
    });
    expect(publish.status, publish.stderr).toBe(0);
    expect(publish.stdout).toContain(`+ agent-manifest@${version}`);
    expect(publish.stderr).toContain('npm notice name: agent-manifest');
    expect(publish.stderr).toMatch(/npm notice total files: \d+/);
  });

  it('hold the extension, packed for the marketplaces at the release’s version', () => {
    const files = readZip(fs.readFileSync(assets.vsix));
    const manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8')) as { name: string; publisher: string; version: string };
    expect(manifest).toMatchObject({ name: 'agent-manifest', publisher: 'agent-manifest', version });
    expect(files.has('extension.vsixmanifest')).toBe(true);
  });

  it('hold the single-file CLI, which lints from an empty folder', () => {
    const empty = workspace({ 'manifest.json': BAD });
    const cli = path.join(empty, 'manifest-lint.cjs');
    fs.copyFileSync(assets.cli, cli);
    expect(spawnSync(process.execPath, [cli, '--version'], { cwd: empty, encoding: 'utf8' }).stdout).toBe(`${version}\n`);
    const lint = spawnSync(process.execPath, [cli, '--format', 'compact'], { cwd: empty, encoding: 'utf8' });
    expect(lint.status).toBe(1);
    expect(lint.stdout).toContain('route-port-reserved');
  });

  it('are not made for a tag that does not name the version', () => {
    const elsewhere = path.join(workspace({}, { git: false }), 'assets');
    const made = releaseAssets(elsewhere, 'v0.0.0-not-this');
    expect(made.status).toBe(1);
    expect(made.stderr).toContain(`the tag v0.0.0-not-this does not name the package's version ${version}`);
    expect(fs.existsSync(elsewhere)).toBe(false);
  });
});
