/**
 * Template repositories for the `manifest-lint template` tests, built as real git repositories:
 * a well-formed template on `main` (tag `v1`), and a branch `broken` that breaks it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** git for building the fixtures: no configuration of this machine's user applies. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: os.devNull,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    },
  });
}

export function write(dir: string, name: string, content: string): void {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

export const MANIFEST = {
  $schema: 'https://agents.pinata.cloud/schemas/manifest.v1.json',
  version: 1,
  agent: { name: 'Field Notes', description: 'Collects notes and sends a weekly digest.' },
  scripts: { build: 'cd ./workspace/projects/app && npm ci', start: 'cd workspace/projects/app && node server.js --port 3000' },
  routes: [{ port: 3000, path: '/notes' }],
  template: { slug: 'field-notes', category: 'productivity', authorName: 'Pinata' },
};
export const README = '# Field Notes\n\nCollects notes and sends a weekly digest.\n';
export const FILES: Record<string, string> = {
  'manifest.json': `${JSON.stringify(MANIFEST, null, 2)}\n`,
  'README.md': README,
  'workspace/AGENTS.md': 'You keep the field notes tidy.\n',
  'workspace/projects/app/package.json': '{ "name": "notes-app", "private": true }\n',
  'workspace/projects/app/server.js': "require('node:http').createServer().listen(3000, '0.0.0.0');\n",
  // Every file through the LFS filter: the user configuration's smudge filter would run on checkout.
  '.gitattributes': '*.md filter=lfs\n',
};

/**
 * A well-formed template in a git repository made in `dir`: `main`, tag `v1`, and a branch
 * `broken` that breaks it (no README, no workspace, no template metadata, a link out, a script
 * into a missing folder). Returns `main`'s commit.
 */
export function templateRepository(dir: string): { dir: string; sha: string } {
  for (const [name, content] of Object.entries(FILES)) write(dir, name, content);
  git(dir, 'init', '--quiet', '--template=');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'A field notes template');
  git(dir, 'tag', 'v1');
  const sha = git(dir, 'rev-parse', 'HEAD').trim();
  git(dir, 'checkout', '--quiet', '-b', 'broken');
  git(dir, 'rm', '--quiet', '-r', 'README.md', 'workspace');
  const { template: _template, ...withoutTemplate } = MANIFEST;
  write(dir, 'manifest.json', `${JSON.stringify({ ...withoutTemplate, scripts: { build: 'cd ./tools/setup && npm ci' } }, null, 2)}\n`);
  fs.symlinkSync('/etc', path.join(dir, 'etc-link'));
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Break it');
  git(dir, 'checkout', '--quiet', 'main');
  return { dir, sha };
}
