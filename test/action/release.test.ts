/**
 * The action's choice between its release's single-file CLI and a build (action/release.mjs,
 * action/release-cli.mjs): the ref it is used at decides, and the release's CLI is taken only
 * when its SHA-256 is the one the release's SHA256SUMS lists. The action's steps run here as the
 * runner would (test/action/steps.ts), with github.com played by a local HTTP server that serves a
 * release's assets — a stand-in CLI that logs its runs, then runs the real single-file CLI.
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionSource, releaseTag } from '../../action/release.mjs';
import { SINGLE_FILE_CLI, sha256, sumsText } from '../../build/release-files.mjs';
import { BAD } from '../ci-manifests.js';
import { startLocalHttpServer, type LocalHttpServer } from '../local-http-server.js';
import { workspace } from '../workspace.js';
import { CACHE_HIT, ROOT, runAction } from './steps.js';

const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const TAG = `v${version}`;
const REPOSITORY = 'agent-manifest/agent-manifest';

describe('the release the action runs at', () => {
  it('is read from where the runner keeps the action, else from github.action_repository and action_ref', () => {
    expect(actionSource({ actionPath: '/home/runner/work/_actions/agent-manifest/agent-manifest/v1.2.3', repository: 'outer/action', ref: 'v9' })).toEqual({
      repository: 'agent-manifest/agent-manifest',
      ref: 'v1.2.3',
    });
    expect(actionSource({ actionPath: 'D:\\a\\_actions\\agent-manifest\\agent-manifest\\v1.2.3\\', repository: '', ref: '' })).toEqual({
      repository: 'agent-manifest/agent-manifest',
      ref: 'v1.2.3',
    });
    expect(actionSource({ actionPath: '/home/runner/work/repo/repo', repository: 'agent-manifest/agent-manifest', ref: 'v1.2.3' })).toEqual({
      repository: 'agent-manifest/agent-manifest',
      ref: 'v1.2.3',
    });
    expect(actionSource({ actionPath: '/home/runner/work/repo/repo', repository: '', ref: '' })).toBeUndefined();
  });

  it('is the tag of the version the action’s package.json names, and nothing else', () => {
    const at = (ref: string) => releaseTag({ repository: REPOSITORY, ref }, '1.2.3');
    expect(at('v1.2.3')).toEqual({ tag: 'v1.2.3' });
    for (const ref of ['main', 'v1', 'v1.2', '1.2.3', 'v1.2.4', 'd23441a48e516b6c34aea4fa41551a30e30af803']) expect(at(ref)).toHaveProperty('reason');
    expect(releaseTag(undefined, '1.2.3')).toHaveProperty('reason');
  });
});

/** The assets a stand-in github.com serves, by path; its download links redirect, as github.com's do. */
let assets = new Map<string, Buffer>();
const requests: string[] = [];
let server: LocalHttpServer;
let runs = '';

function serve(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = request.url ?? '';
  requests.push(url);
  const download = /^\/([^/]+\/[^/]+)\/releases\/download\/([^/]+)\/([^/]+)$/.exec(url);
  if (download) {
    response.writeHead(302, { Location: `/objects/${download[2]}/${download[3]}` });
    response.end();
    return;
  }
  const asset = assets.get(url.replace(/^\/objects\//, ''));
  response.writeHead(asset ? 200 : 404, { 'Content-Type': 'application/octet-stream' });
  response.end(asset ?? 'Not Found');
}

/** A release's CLI that writes a line to `runs` each time it is started, then is the real one (started, or required). */
function loggingCli(): Buffer {
  return Buffer.from(
    `const real = ${JSON.stringify(path.join(ROOT, SINGLE_FILE_CLI))};
module.exports = require(real);
if (require.main === module) {
  require('node:fs').appendFileSync(${JSON.stringify(runs)}, 'release CLI\\n');
  const run = require('node:child_process').spawnSync(process.execPath, [real, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = run.status;
}
`,
  );
}

function release(cli: Buffer, sums: string): void {
  assets = new Map([
    [`${TAG}/manifest-lint.cjs`, cli],
    [`${TAG}/SHA256SUMS`, Buffer.from(sums)],
  ]);
}

function lint(ref: string) {
  fs.writeFileSync(runs, '');
  requests.length = 0;
  // The cache holds the build (dist/ of this test run), for when the action falls back to it.
  return runAction({ workspace: workspace({ 'manifest.json': BAD }), uses: CACHE_HIT, action: { repository: REPOSITORY, ref }, serverUrl: server.url });
}

const ran = (run: Awaited<ReturnType<typeof lint>>) => run.steps.filter((step) => step.ran).map((step) => step.step);

beforeAll(async () => {
  server = await startLocalHttpServer(serve);
  runs = path.join(workspace({}, { git: false }), 'runs.log');
});
afterAll(() => server.close());

// One stand-in server whose release each test sets: one test at a time.
describe('the action at a ref', () => {
  it('of its release downloads the release’s CLI, checks it, and runs it instead of building', async () => {
    const cli = loggingCli();
    release(
      cli,
      sumsText([
        ['manifest-lint.cjs', cli],
        [`agent-manifest-${version}.tgz`, Buffer.from('package')],
      ]),
    );
    const run = await lint(TAG);
    expect(ran(run)).toEqual(['node', 'release', 'lint']);
    expect(run.stdout).toContain("manifest-lint: using the release's single-file CLI, checked against its SHA256SUMS");
    expect(requests.filter((url) => url.startsWith(`/${REPOSITORY}/releases/download/${TAG}/`)).sort()).toEqual([
      `/${REPOSITORY}/releases/download/${TAG}/SHA256SUMS`,
      `/${REPOSITORY}/releases/download/${TAG}/manifest-lint.cjs`,
    ]);
    // The release's CLI ran the lint (once), and its formatJsonResults made the annotations.
    expect(fs.readFileSync(runs, 'utf8')).toBe('release CLI\n');
    expect(run.stdout).toMatch(/^::error file=manifest\.json,line=5,.*title=route-port-reserved::/m);
    expect(run.outputs).toMatchObject({ errors: '1', warnings: '1', manifests: '1' });
    expect(run.status).toBe(1);
  });

  it('of its release, whose CLI is not the one SHA256SUMS lists, warns and builds', async () => {
    const cli = loggingCli();
    release(Buffer.concat([cli, Buffer.from('// changed\n')]), sumsText([['manifest-lint.cjs', cli]]));
    const run = await lint(TAG);
    expect(ran(run)).toEqual(['node', 'release', 'build-key', 'cache', 'lint']);
    expect(run.stdout).toContain(
      `::warning title=manifest-lint::the release's manifest-lint.cjs has the SHA-256 ${sha256(Buffer.concat([cli, Buffer.from('// changed\n')]))}, not the ${sha256(cli)} its SHA256SUMS lists; building manifest-lint from the action's source`,
    );
    expect(fs.readFileSync(runs, 'utf8')).toBe('');
    expect(run.stdout).toMatch(/title=route-port-reserved::/);
    expect(run.status).toBe(1);
  });

  it('of its release without the CLI builds', async () => {
    assets = new Map();
    const run = await lint(TAG);
    expect(ran(run)).toEqual(['node', 'release', 'build-key', 'cache', 'lint']);
    expect(run.stdout).toContain(
      `manifest-lint: the release ${TAG} of ${REPOSITORY} has no manifest-lint.cjs; building manifest-lint from the action's source`,
    );
    expect(run.status).toBe(1);
  });

  it.each(['main', 'v1', 'v0.0.0-other'])('%s, which is not its release’s tag, builds without asking for a release', async (ref) => {
    const cli = loggingCli();
    release(cli, sumsText([['manifest-lint.cjs', cli]]));
    const run = await lint(ref);
    expect(ran(run)).toEqual(['node', 'release', 'build-key', 'cache', 'lint']);
    expect(requests).toEqual([]);
    expect(run.stdout).toContain(`manifest-lint: the action's ref ${ref} is not the tag of its version, ${TAG}; building`);
    expect(fs.readFileSync(runs, 'utf8')).toBe('');
  });
});
