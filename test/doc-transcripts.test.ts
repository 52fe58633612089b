/**
 * The terminal transcripts of the README and docs/, run as written in a temporary project where
 * the package is installed, each compared with what the CLI prints now (see doc-transcripts.ts),
 * and the development set-up the README and docs/development.md give.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, snippet, type DocBlock } from './doc-snippets.js';
import { runTranscript } from './doc-transcripts.js';
import { workspace } from './workspace.js';

/** A project holding the examples of this repository (`examples/…`, as the transcripts name them). */
function withExamples(): string {
  const project = workspace({ 'package.json': '{ "private": true }\n' });
  fs.cpSync(path.join(ROOT, 'examples'), path.join(project, 'examples'), { recursive: true });
  return project;
}

/** A project holding the skill folder and manifest the pages on skill CIDs show. */
function withSkillNotes(): string {
  const project = workspace({ 'package.json': '{ "private": true }\n' });
  fs.cpSync(path.join(ROOT, 'test/fixtures/docs-skill-notes'), project, { recursive: true });
  return project;
}

const transcripts: [string, DocBlock, () => string][] = [
  ["the README's lint of examples/needs-work", snippet('readme-lint'), withExamples],
  ["docs/cli.md's lint of examples/needs-work", snippet('cli-lint'), withExamples],
  ["docs/cli.md's CIDs of a skill folder", snippet('cli-cid'), withSkillNotes],
  ["docs/cli.md's stale pin", snippet('cli-cid-stale'), withSkillNotes],
];

describe('the transcripts', () => {
  it.each(transcripts)('%s prints what the page shows', (_, block, project) => {
    const { expected, actual } = runTranscript(block, project());
    expect(actual).toBe(expected);
  });
});

describe('the development set-up', () => {
  const setup = snippet('readme-setup');
  /** The block's commands, comments and `&&` aside. */
  const commands = setup.code
    .split('\n')
    .flatMap((line) => line.replace(/#.*/, '').split('&&'))
    .map((command) => command.trim())
    .filter((command) => command !== '');

  it('is the same in the README and docs/development.md: install, build and lint the examples, then the test suite', () => {
    expect(snippet('development-setup').code).toBe(setup.code);
    expect(commands).toEqual(['npm ci', 'npm run examples', 'npm test']);
  });

  it('installs and tests as CI does: .ci/run runs `npm ci`, then `npm test`', () => {
    const ci = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8').split('\n');
    const install = ci.findIndex((line) => /^npm ci(?: --no-audit| --no-fund)*$/.test(line));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(ci.indexOf('npm test')).toBeGreaterThan(install);
  });

  it('lints examples/ with `npm run examples`: web-app is clean, daily-digest and needs-work have findings, and the script succeeds', () => {
    const env = { ...process.env };
    delete env.FORCE_COLOR;
    const run = spawnSync('sh', ['-c', `exec 2>&1\n${commands[1]}`], { cwd: ROOT, env, encoding: 'utf8' });
    expect(run.stdout).toMatch(/^examples\/daily-digest\/manifest\.json$/m);
    expect(run.stdout).toMatch(/^examples\/needs-work\/manifest\.json$/m);
    expect(run.stdout).not.toContain('examples/web-app');
    expect(run.status).toBe(0);
  });
});
