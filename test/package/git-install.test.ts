/**
 * Installing from git, as docs/install.md says: a consumer project approves the repository's
 * `prepare` under the URL it installs from, then installs that URL. Here the URL is a `git+file://`
 * URL of this working tree committed in a repository of its own, and npm runs offline on the cache
 * `npm ci` filled, with `strict-allow-scripts` on, so that an approval npm does not match fails the
 * install instead of passing with a warning. npm clones the repository, installs its development
 * dependencies there, runs `prepare` (the build) and installs what the package ships. One install
 * serves every check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { snippet } from '../doc-snippets.js';
import { committedWorkingTree, isolatedEnvironment } from '../offline-npm.js';
import { workspace } from '../workspace.js';
import {
  BAD_MANIFEST,
  expectBadManifestFails,
  expectExampleRuns,
  expectLanguageServerAnswers,
  expectLibraryWorks,
  expectVersion,
  run,
  type Run,
} from './installed.js';

const GITHUB_URL = 'git+https://github.com/agent-manifest/agent-manifest.git';

let env: NodeJS.ProcessEnv;
let url = '';
let command = '';
let project = '';
let install: Run;

beforeAll(async () => {
  env = { ...isolatedEnvironment(workspace({}, { git: false })), npm_config_strict_allow_scripts: 'true' };
  url = `git+file://${committedWorkingTree(env).repo}`;
  const approval = snippet('git-allow-scripts').code;
  command = snippet('git').code.trim();
  // The README shows the same two blocks.
  expect(snippet('readme-git-allow-scripts').code).toBe(approval);
  expect(snippet('readme-git').code).toBe(snippet('git').code);
  expect(approval).toContain(GITHUB_URL);
  expect(command).toContain(GITHUB_URL);
  const consumer = JSON.parse(`{ "name": "consumer", "version": "1.0.0", "private": true, ${approval.replaceAll(GITHUB_URL, url)} }`) as object;
  project = workspace({ 'package.json': `${JSON.stringify(consumer, null, 2)}\n`, 'manifest.json': BAD_MANIFEST }, { git: false });
  install = await run('sh', ['-c', command.replaceAll(GITHUB_URL, url)], { cwd: project, env });
}, 300_000);

describe('the package installed from git', () => {
  it('installs as the page says, without a warning, saving the URL', () => {
    expect(install.stderr).not.toContain('npm error');
    expect(install.status).toBe(0);
    expect(install.stderr).not.toContain('npm warn');
    const saved = JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(saved.devDependencies['agent-manifest']).toMatch(/^git\+file:\/\//);
    expect(fs.readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['agent-manifest']);
  });

  it('is refused by npm with strict-allow-scripts when the project has not approved it', async () => {
    const unapproved = workspace({ 'package.json': '{ "name": "consumer", "version": "1.0.0", "private": true }\n' }, { git: false });
    const refused = await run('sh', ['-c', command.replaceAll(GITHUB_URL, url)], { cwd: unapproved, env });
    expect(refused.stderr).toContain('ESTRICTALLOWSCRIPTS');
    expect(refused.stderr).toMatch(/agent-manifest@[^ ]+ \(prepare: /);
    expect(refused.status).not.toBe(0);
    expect(fs.existsSync(path.join(unapproved, 'node_modules/agent-manifest'))).toBe(false);
  });

  // The checks read the installed project: they run side by side.
  describe.concurrent('runs', () => {
    const bin = (name: string) => path.join(project, 'node_modules/.bin', name);

    it.each(['manifest-lint', 'agent-manifest'])('%s: its version, and exit 1 on a bad manifest', async (name) => {
      await Promise.all([expectVersion(bin(name), project), expectBadManifestFails(bin(name), project, 'manifest.json')]);
    });

    it('manifest-language-server: answers initialize over stdio', async () => {
      await expectLanguageServerAnswers(bin('manifest-language-server'));
    });

    it('the library: require and import', async () => {
      await expectLibraryWorks(project, 'manifest.json');
    });

    it.each([
      ['library', snippet('library-example')],
      ['language-service', snippet('language-service-example')],
    ])('the %s example of docs/library.md, as written', async (example, block) => {
      await expectExampleRuns(project, example, block.code);
    });
  });
});
