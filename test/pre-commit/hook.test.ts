/**
 * The pre-commit hook (.pre-commit-hooks.yaml) as users set it up: the two configurations
 * docs/ci.md gives, pointed at a copy of this repository, in a repository of theirs. Installing the
 * hook is pre-commit's `npm install` with the development dependencies, the build and `npm pack`
 * (about ten seconds), once per rev, into one pre-commit home: a commit that stages a bad
 * manifest, then a good one (the set-up for a release, its tag made in the copy), and
 * `--all-files` over a bad manifest beside good ones and a web app's manifest.json (the set-up
 * before the first release, the copy's commit in place of the zeros). (`pre-commit try-repo`, which the page
 * suggests for a first look, installs the same way into a store it throws away.)
 *
 * Without Debian's `pre-commit` the tests are skipped, except in CI (`CI` set), where they fail:
 * `.ci/run` installs it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BAD, BOT_TOKEN, GOOD, WEB_APP } from '../ci-manifests.js';
import { snippet } from '../doc-snippets.js';
import { workspace, writeFile } from '../workspace.js';
import { committedWorkingTree, git, isolatedEnvironment } from '../offline-npm.js';
import { gitRepository, IN_CI, PRE_COMMIT, preCommit } from './pre-commit.js';
import { unlessAvailable } from '../skipped.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const PACKAGE_VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe.runIf(PRE_COMMIT === undefined && IN_CI)('the pre-commit hook in CI', () => {
  it('has pre-commit installed', () => {
    throw new Error('missing: pre-commit (apt-get install pre-commit)');
  });
});

describe('.pre-commit-hooks.yaml', () => {
  it("declares the manifest-lint hook: the node package's command, on files named manifest.json", () => {
    const hooks = parse(fs.readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
    expect(hooks).toEqual([
      expect.objectContaining({ id: 'manifest-lint', entry: 'manifest-lint', language: 'node', language_version: 'system', files: '(^|/)manifest\\.json$' }),
    ]);
    const files = new RegExp(hooks[0]!.files as string);
    expect(['manifest.json', 'agents/web/manifest.json'].every((file) => files.test(file))).toBe(true);
    expect(['manifest.json.bak', 'my-manifest.json', 'manifest.jsonc'].some((file) => files.test(file))).toBe(false);
  });
});

describe.runIf(unlessAvailable(PRE_COMMIT !== undefined, 'the pre-commit hook tests', "Debian's pre-commit (apt-get install pre-commit)"))(
  'the hook installed from this repository by the set-up of docs/ci.md',
  { timeout: 180_000 },
  () => {
    // One pre-commit home for the tests below; each installs the hook at the rev of its set-up.
    let env: NodeJS.ProcessEnv;
    /** The page's set-up for a release, as written but for the repository: the copy, tagged as the release. */
    let tagged: string;
    /** The page's set-up before the first release, with the copy's commit in place of the zeros it says to replace. */
    let pinned: string;

    beforeAll(() => {
      env = isolatedEnvironment(workspace({}, { git: false }));
      const hook = committedWorkingTree(env);
      const atCopy = (snippet: string) => snippet.replace('https://github.com/agent-manifest/agent-manifest', hook.repo);
      tagged = atCopy(snippet('pre-commit').code);
      const tag = (parse(tagged) as { repos: { rev: string }[] }).repos[0]!.rev;
      // The release the page names is the package's version.
      expect(tag).toBe(`v${PACKAGE_VERSION}`);
      git(hook.repo, env, 'tag', tag);
      expect(parse(tagged)).toEqual({ repos: [{ repo: hook.repo, rev: tag, hooks: [{ id: 'manifest-lint' }] }] });
      const zeros = '0'.repeat(40);
      pinned = atCopy(snippet('pre-commit-commit').code);
      expect(pinned).toContain(zeros);
      pinned = pinned.replace(zeros, hook.rev);
      expect(parse(pinned)).toEqual({ repos: [{ repo: hook.repo, rev: hook.rev, hooks: [{ id: 'manifest-lint' }] }] });
    }, 60_000);

    it("runs the hook on the manifest.json files a commit stages: fails on a bad manifest with the finding, passes once it is fixed, beside a web app's", async () => {
      const repo = gitRepository({ '.pre-commit-config.yaml': tagged, 'README.md': '# Agents\n' }, env);
      writeFile(repo, 'agents/web/manifest.json', BAD);
      git(repo, env, 'add', '-A');
      const bad = await preCommit(['run'], repo, env);
      expect(bad.output).toMatch(/^manifest-lint\.+Failed$/m);
      expect(bad.output).toMatch(/^ {2}5:24 +error +Port 18789 is reserved .* route-port-reserved$/m);
      expect(bad.output).not.toContain(BOT_TOKEN.slice(4));
      expect(bad.status).toBe(1);

      writeFile(repo, 'agents/web/manifest.json', GOOD);
      writeFile(repo, 'site/manifest.json', WEB_APP);
      git(repo, env, 'add', '-A');
      const good = await preCommit(['run'], repo, env);
      expect(good.output).toMatch(/^manifest-lint\.+Passed$/m);
      expect(good.status).toBe(0);
      // The commit goes through with the hook installed as git's pre-commit hook.
      expect(execFileSync(PRE_COMMIT!, ['install'], { cwd: repo, env, encoding: 'utf8' })).toContain('pre-commit installed');
      git(repo, env, 'commit', '--quiet', '-m', 'A good manifest');
    });

    it('checks every manifest.json with --all-files: fails on a bad manifest and shows the finding, never the secret; other manifest.json files pass', async () => {
      const repo = gitRepository(
        { '.pre-commit-config.yaml': pinned, 'agents/bad/manifest.json': BAD, 'agents/good/manifest.json': GOOD, 'site/manifest.json': WEB_APP },
        env,
      );
      const run = await preCommit(['run', '--all-files'], repo, env);
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
  },
);
