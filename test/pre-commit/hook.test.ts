/**
 * The pre-commit hook (.pre-commit-hooks.yaml) as a user tries it: `pre-commit try-repo` with this
 * repository, in a repository of theirs with a bad manifest beside good ones and a web app's
 * manifest.json — the hook fails, shows the finding and leaves the others alone. A try-repo
 * installs the hook afresh each time (pre-commit's npm install, the build, npm pack: about ten
 * seconds), so the hook passing on good manifests is shown once, by the pre-commit set-up of
 * docs/ci.md (test/docs-ci.test.ts), whose installed hook runs twice.
 *
 * Without Debian's `pre-commit` the tests are skipped, except in CI (`CI` set), where they fail:
 * `.ci/run` installs it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BAD, BOT_TOKEN, GOOD, WEB_APP } from '../ci-manifests.js';
import { workspace } from '../workspace.js';
import { gitRepository, hookRepository, IN_CI, isolatedEnvironment, PRE_COMMIT, preCommit } from './pre-commit.js';

const ROOT = new URL('../..', import.meta.url).pathname;

describe.runIf(PRE_COMMIT === undefined && IN_CI)('the pre-commit hook in CI', () => {
  it('has pre-commit installed', () => {
    throw new Error('missing: pre-commit (apt-get install pre-commit)');
  });
});

describe('.pre-commit-hooks.yaml', () => {
  it('declares the manifest-lint hook: the node package\'s command, on files named manifest.json', () => {
    const hooks = parse(fs.readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
    expect(hooks).toEqual([
      expect.objectContaining({ id: 'manifest-lint', entry: 'manifest-lint', language: 'node', language_version: 'system', files: '(^|/)manifest\\.json$' }),
    ]);
    const files = new RegExp(hooks[0]!.files as string);
    expect(['manifest.json', 'agents/web/manifest.json'].every((file) => files.test(file))).toBe(true);
    expect(['manifest.json.bak', 'my-manifest.json', 'manifest.jsonc'].some((file) => files.test(file))).toBe(false);
  });
});

describe.skipIf(PRE_COMMIT === undefined)('pre-commit try-repo with this repository (needs Debian\'s pre-commit: apt-get install pre-commit)', { timeout: 180_000 }, () => {
  let env: NodeJS.ProcessEnv;
  let hook: { repo: string; rev: string };

  beforeAll(() => {
    env = isolatedEnvironment(workspace({}, { git: false }));
    hook = hookRepository(env);
  }, 60_000);

  it('fails on a bad manifest and shows the finding, never the secret; other manifest.json files pass', async () => {
    const repo = gitRepository({ 'agents/bad/manifest.json': BAD, 'agents/good/manifest.json': GOOD, 'site/manifest.json': WEB_APP }, env);
    const run = await preCommit(['try-repo', hook.repo, 'manifest-lint', '--all-files'], repo, env);
    expect(run.output).toMatch(/^manifest-lint\.+Failed$/m);
    expect(run.output).toContain('- exit code: 1');
    expect(run.output).toMatch(/^agents\/bad\/manifest\.json$/m);
    expect(run.output).toMatch(/^ {2}5:24 +error +Port 18789 is reserved .* route-port-reserved$/m);
    expect(run.output).not.toContain(BOT_TOKEN.slice(4));
    // The good manifest has nothing to report; the web app's is not an agent manifest.
    expect(run.output).not.toMatch(/^agents\/good\/manifest\.json$/m);
    expect(run.output).toContain('site/manifest.json is not an agent manifest');
    expect(run.status).toBe(1);
  });
});
