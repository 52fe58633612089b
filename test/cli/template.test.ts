/**
 * `manifest-lint template <dir|git-url>` end to end, on real git repositories built here: a
 * folder and the same repository cloned from a `file://` URL at a branch, a tag or a commit;
 * problems reported one line each in `--format api`; failing clones; and the clone's hardening,
 * proven against a user git configuration whose hooks and filters write marker files if they
 * ever run (a plain `git clone` with the same configuration shows that they would).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gone } from '../processes.js';
import { BIN, expectOneLineError, NOW, parseJson, runCli, type RunResult } from './helpers.js';
import { FILES, git, MANIFEST, README, templateRepository, write } from './template-fixture.js';

const TEMP_PREFIX = 'manifest-lint-template-';
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `manifest-lint-test-${name}-`));
  made.push(dir);
  return dir;
}

/** A user configuration (`HOME`, `XDG_CONFIG_HOME`) whose hooks, templates and filters leave markers when they run. */
function hostileHome(): { env: Record<string, string>; markers: string } {
  const home = tempDir('home');
  const markers = path.join(home, 'markers');
  fs.mkdirSync(markers);
  const hook = (name: string) => `#!/bin/sh\ntouch "${markers}/${name}"\ncat >/dev/null 2>&1 || true\nexit 0\n`;
  const hooksDir = path.join(home, 'hooks');
  const templateHooks = path.join(home, 'git-template', 'hooks');
  for (const [label, folder] of [
    ['hooks', hooksDir],
    ['template', templateHooks],
  ] as const) {
    fs.mkdirSync(folder, { recursive: true });
    for (const name of ['post-checkout', 'post-merge', 'post-rewrite', 'reference-transaction', 'fsmonitor-watchman']) {
      write(folder, name, hook(`${label}-${name}`));
      fs.chmodSync(path.join(folder, name), 0o755);
    }
  }
  write(home, 'smudge.sh', `#!/bin/sh\ntouch "${markers}/lfs-smudge"\ncat\n`);
  fs.chmodSync(path.join(home, 'smudge.sh'), 0o755);
  const config = [
    '[core]',
    `\thooksPath = ${hooksDir}`,
    `\tfsmonitor = ${path.join(hooksDir, 'fsmonitor-watchman')}`,
    '[init]',
    `\ttemplateDir = ${path.join(home, 'git-template')}`,
    '[filter "lfs"]',
    `\tsmudge = ${path.join(home, 'smudge.sh')}`,
    '\trequired = true',
    '[protocol]',
    '\tallow = always',
    '[user]',
    '\tname = Someone',
    '\temail = someone@example.com',
    '',
  ].join('\n');
  write(home, '.gitconfig', config);
  write(home, path.join('xdg', 'git', 'config'), config);
  return { env: { HOME: home, XDG_CONFIG_HOME: path.join(home, 'xdg') }, markers };
}

interface ApiResponse {
  valid: boolean;
  errors: string[];
  manifest: unknown;
  readme: string | null;
  files: { path: string; size: number }[];
}

function api(result: RunResult): ApiResponse {
  try {
    return JSON.parse(result.stdout) as ApiResponse;
  } catch {
    throw new Error(`not JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
}

const leftovers = (tmp: string) => fs.readdirSync(tmp).filter((name) => name.startsWith(TEMP_PREFIX));

let repo: { dir: string; sha: string };
let url: string;
let home: ReturnType<typeof hostileHome>;
/** The CLI's temporary folder (`TMPDIR`), checked for leftovers after every clone. */
let tmp: string;
let cwd: string;

beforeAll(() => {
  repo = templateRepository(tempDir('repo'));
  url = pathToFileURL(repo.dir).href;
  home = hostileHome();
  tmp = tempDir('tmp');
  cwd = tempDir('cwd');
  fs.mkdirSync(path.join(cwd, '.git'));
});

/**
 * A clone takes its environment (HOME's git configuration, TMPDIR, PATH, the bounds) from the
 * command's I/O object, so it runs in this process too; git runs in processes of its own.
 */
const run = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(['template', ...args, '--now', NOW], { cwd, env: { ...home.env, TMPDIR: tmp, ...env } });
/** A folder's check clones nothing. */
const check = (args: string[]) => runCli(['template', ...args, '--now', NOW], { cwd, env: home.env });

/** A checkout of the repository as a plain folder, at `ref`. */
function checkout(ref: string): string {
  const dir = path.join(tempDir('checkout'), 'template');
  git(path.dirname(dir), 'clone', '--quiet', '--no-local', '--branch', ref, '--', repo.dir, dir);
  fs.rmSync(path.join(dir, '.git'), { recursive: true, force: true });
  return dir;
}

const EXPECTED_FILES = [
  { path: 'workspace/AGENTS.md', size: Buffer.byteLength(FILES['workspace/AGENTS.md']!) },
  { path: 'workspace/projects/app/package.json', size: Buffer.byteLength(FILES['workspace/projects/app/package.json']!) },
  { path: 'workspace/projects/app/server.js', size: Buffer.byteLength(FILES['workspace/projects/app/server.js']!) },
];

describe('a well-formed template', () => {
  it('as a folder: valid, with the manifest, the README and the workspace files', async () => {
    const result = await check([checkout('main'), '--format', 'api']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(api(result)).toEqual({ valid: true, errors: [], manifest: MANIFEST, readme: README, files: EXPECTED_FILES });
  });

  it("in the terminal's format, ends with one line saying the repository is valid; machine formats and --quiet print nothing more", async () => {
    const dir = checkout('main');
    const stylish = await check([dir]);
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).toBe(`${dir}: a valid template repository, as the platform's template validator checks one\n`);
    expect((await check([dir, '--quiet'])).stdout).toBe('');
    expect(JSON.parse((await check([dir, '--format', 'json'])).stdout)).toEqual([expect.objectContaining({ errorCount: 0 })]);
    expect((await check([dir, '--format', 'compact'])).stdout).toBe('');
    // Warnings leave it valid: the findings, then the verdict (the broken branch, its errors turned off).
    const broken = checkout('broken');
    const off = ['template-readme-missing', 'template-workspace-missing', 'template-metadata-missing', 'template-symlink-escape'].flatMap((id) => [
      '--rule',
      `${id}=off`,
    ]);
    const warned = await check([broken, ...off]);
    expect(warned.stdout).toMatch(/warning +.* script-path-missing/);
    expect(warned.stdout.trimEnd().split('\n').at(-1)).toBe(`${broken}: a valid template repository, as the platform's template validator checks one`);
    expect((await check([broken])).stdout).not.toContain('a valid template repository');
  });

  it('as a file:// URL at a tag, a branch and a commit: the same answer, no hook or filter run, no temporary folder left', async () => {
    for (const ref of ['v1', 'main', repo.sha]) {
      const result = await run([url, '--ref', ref, '--format', 'api']);
      expect(result.stderr, ref).toBe('');
      expect(result.code, ref).toBe(0);
      expect(api(result), ref).toEqual({ valid: true, errors: [], manifest: MANIFEST, readme: README, files: EXPECTED_FILES });
    }
    // Without --ref: the default branch.
    expect(api(await run([url, '--format', 'api'])).valid).toBe(true);
    expect(fs.readdirSync(home.markers)).toEqual([]);
    expect(leftovers(tmp)).toEqual([]);
  });

  it('the hostile configuration is real: a plain git clone with it runs the hooks and the filter', () => {
    const target = path.join(tempDir('control'), 'clone');
    execFileSync('git', ['clone', '--quiet', url, target], { env: { ...process.env, ...home.env, GIT_CONFIG_NOSYSTEM: '1' }, stdio: 'ignore' });
    const markers = fs.readdirSync(home.markers);
    expect(markers).toEqual(expect.arrayContaining(['hooks-post-checkout', 'lfs-smudge']));
    for (const marker of markers) fs.rmSync(path.join(home.markers, marker));
  });
});

describe('a broken template', () => {
  const errorLines = [
    'README.md:1:1 template-readme-missing The repository has no `README.md` file at its root, and the template validator requires one: it is the page people read before deploying the template. Add `README.md` describing what the agent does, the secrets it needs and how to use it.',
    "etc-link:1:1 template-symlink-escape `etc-link` is a symbolic link to `/etc`, outside the repository: wherever the template is checked out, it points at that machine's files or at nothing. Commit the files themselves, or point the link at a path inside the repository.",
    'manifest.json:1:1 template-metadata-missing The manifest has no `template` object, which a template submission needs: the marketplace lists the template by its `template.slug` and `template.category`. Add `"template": { "slug": "…", "category": "…", "authorName": "…" }`.',
    "workspace:1:1 template-workspace-missing The repository has no `workspace/` folder at its root, and the template validator requires one: the agent's workspace is deployed from it. Add a `workspace/` folder at the root with the agent's files (at least one file: git keeps no empty folders).",
  ];

  it('from a URL: valid false, one line per problem', async () => {
    const result = await run([url, '--ref', 'broken', '--format', 'api']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const response = api(result);
    expect(response.valid).toBe(false);
    expect([...response.errors].sort()).toEqual(errorLines);
    expect(response.readme).toBeNull();
    expect(response.files).toEqual([]);
    expect(leftovers(tmp)).toEqual([]);
    expect(fs.readdirSync(home.markers)).toEqual([]);
  });

  it('each missing part on its own turns a valid template invalid', async () => {
    const cases: [string, (dir: string) => void, RegExp][] = [
      ['README', (dir) => fs.rmSync(path.join(dir, 'README.md')), /^README\.md:1:1 template-readme-missing /],
      ['empty README', (dir) => fs.writeFileSync(path.join(dir, 'README.md'), '\n'), /^README\.md:1:1 template-readme-missing `README\.md` is empty/],
      ['workspace', (dir) => fs.rmSync(path.join(dir, 'workspace'), { recursive: true }), /^workspace:1:1 template-workspace-missing /],
      [
        'metadata',
        (dir) => fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...MANIFEST, template: { authorName: 'Pinata' } }, null, 2)),
        /^manifest\.json:\d+:3 template-metadata-missing `template` has no `(category|slug)`/,
      ],
    ];
    for (const [what, breakIt, line] of cases) {
      const dir = checkout('main');
      breakIt(dir);
      const result = await check([dir, '--format', 'api']);
      expect(result.code, what).toBe(1);
      const response = api(result);
      expect(response.valid, what).toBe(false);
      expect(response.errors.length, what).toBe(what === 'metadata' ? 2 : 1);
      for (const error of response.errors) expect(error, what).toMatch(line);
    }
  });

  it('a folder: findings under their own files in every format, with no code frame of other files', async () => {
    const dir = checkout('broken');
    const given = path.relative(cwd, dir);

    const json = parseJson(await check([given, '--format', 'json']));
    expect(json.map((entry) => [entry.filePath, entry.diagnostics.map((d) => d.ruleId)])).toEqual([
      [`${given}/manifest.json`, ['template-metadata-missing', 'script-path-missing', 'route-without-start']],
      [`${given}/README.md`, ['template-readme-missing']],
      [`${given}/etc-link`, ['template-symlink-escape']],
      [`${given}/workspace`, ['template-workspace-missing']],
    ]);
    const script = json[0]!.diagnostics[1]!;
    // The folder resolved from the repository root, and the command as written.
    expect(['`tools/setup`', '`cd ./tools/setup`'].filter((quoted) => script.message.includes(quoted))).toEqual(['`tools/setup`', '`cd ./tools/setup`']);

    const compact = (await check([given, '--format', 'compact'])).stdout.trim().split('\n');
    expect(compact).toContain(`${given}/etc-link:1:1: error template-symlink-escape ${errorLines[1]!.replace(/^etc-link:1:1 template-symlink-escape /, '')}`);

    const github = (await check([given, '--format', 'github'])).stdout;
    expect(github).toContain(`::error file=${given}/README.md,line=1,col=1,endLine=1,endColumn=1,title=template-readme-missing::`);

    const sarif = JSON.parse((await check([given, '--format', 'sarif'])).stdout) as {
      runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    const located = sarif.runs[0]!.results.map((r) => [r.ruleId, r.locations[0]!.physicalLocation.artifactLocation.uri]);
    // Outside the current folder, SARIF names files by URL.
    expect(located).toContainEqual(['template-workspace-missing', pathToFileURL(path.join(dir, 'workspace')).href]);

    const stylish = (await check([given])).stdout;
    expect(stylish).toContain(`${given}/README.md\n  1:1  error  The repository has no \`README.md\``);
    expect(stylish).toMatch(/\n\s+\d+ \|.*cd \.\/tools\/setup/); // the manifest has its code frame
  });

  it('lint flags apply: --rule, --quiet, --config, --max-warnings', async () => {
    const dir = checkout('broken');
    const off = ['template-readme-missing', 'template-workspace-missing', 'template-metadata-missing', 'template-symlink-escape'].flatMap((id) => [
      '--rule',
      `${id}=off`,
    ]);
    const relaxed = await check([dir, ...off, '--format', 'api']);
    expect(relaxed.code).toBe(0);
    expect(api(relaxed)).toMatchObject({ valid: true, errors: [] });
    expect((await check([dir, ...off, '--max-warnings', '0'])).code).toBe(1); // script-path-missing is a warning
    expect((await check([dir, ...off, '--quiet'])).stdout).toBe('');

    write(
      cwd,
      'strict.json',
      JSON.stringify({ rules: { 'script-path-missing': 'error' }, ignore: [{ rule: 'template-symlink-escape' }].map((entry) => ({ ...entry, path: '' })) }),
    );
    const configured = api(await check([dir, '--config', 'strict.json', '--format', 'api']));
    expect(configured.errors.map((line) => line.split(' ')[1])).toEqual(expect.arrayContaining(['script-path-missing', 'template-readme-missing']));
    expect(configured.errors.some((line) => line.includes('template-symlink-escape'))).toBe(false);
  });

  it('masks literal channel tokens in the manifest it prints, and never prints a .env value', async () => {
    const dir = checkout('main');
    const token = ['8312', '45679', ':', 'AA', 'Hk3vPqR7sT9uW2xY4zB6cD8eF0gJ1mN5o'].join('');
    const value = ['nk', '_live_', '7f3a9c2e4b8d1f60'].join('');
    write(dir, 'manifest.json', JSON.stringify({ ...MANIFEST, channels: { telegram: { botToken: token } } }, null, 2));
    write(dir, 'workspace/.env', `NOTES_API_KEY=${value}\n`);
    for (const format of ['api', 'json', 'stylish', 'compact', 'sarif', 'github', 'gitlab', 'junit', 'checkstyle']) {
      const result = await check([dir, '--format', format]);
      expect(result.stdout, format).not.toContain(token.slice(6));
      expect(result.stdout, format).not.toContain(value.slice(4));
    }
    const response = api(await check([dir, '--format', 'api']));
    expect((response.manifest as { channels: { telegram: { botToken: string } } }).channels.telegram.botToken).toBe('8312…');
    expect(response.files.map((file) => file.path)).toContain('workspace/.env');
  });

  it('--fix fixes the manifest of a folder, and is refused for a URL', async () => {
    const dir = checkout('main');
    write(dir, 'manifest.json', JSON.stringify({ ...MANIFEST, routes: [{ port: 3000, path: '/notes/' }] }, null, 2));
    expect((await check([dir, '--fix'])).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')).routes[0].path).toBe('/notes');
    expectOneLineError(await run([url, '--fix']), /--fix needs a folder/);
  });
});

describe('sources that cannot be checked', () => {
  it('a missing ref or repository: exit 2, one line, no temporary folder left', async () => {
    expectOneLineError(
      await run([url, '--ref', 'no-such-branch']),
      /cannot clone file:\/\/.* at no-such-branch: the repository has no branch, tag or commit "no-such-branch"$/,
    );
    expectOneLineError(await run([url, '--ref', '0123456789abcdef0123456789abcdef01234567']), /has no branch, tag or commit/);
    expectOneLineError(await run([url, '--ref', repo.sha.slice(0, 10)]), /give a commit by its full SHA/);
    const missing = pathToFileURL(path.join(tempDir('nothing'), 'no-repo')).href;
    expectOneLineError(await run([missing]), /cannot clone .*: the repository does not exist or cannot be read$/);
    expect(leftovers(tmp)).toEqual([]);
    expect(fs.readdirSync(home.markers)).toEqual([]);
  });

  it('without git on PATH: exit 2, saying git is needed, no temporary folder left', async () => {
    expectOneLineError(await run([url], { PATH: tempDir('no-git') }), /git is not installed \(or not on PATH\); it is needed to check a git URL$/);
    expect(leftovers(tmp)).toEqual([]);
  });

  it('transports other than https, ssh, git and file, and bad refs, are refused before git runs', async () => {
    const marker = path.join(tempDir('ext'), 'ran');
    expectOneLineError(await run([`ext::sh -c touch% ${marker}`]), /unsupported git transport/);
    expect(fs.existsSync(marker)).toBe(false);
    expectOneLineError(await run(['http://example.com/notes.git']), /plain http is not allowed/);
    expectOneLineError(await run(['ftp://example.com/notes.git']), /unsupported URL scheme "ftp"/);
    expectOneLineError(await run([url, '--ref=--upload-pack=touch']), /--ref expects a branch, tag or commit/);
    expectOneLineError(await run([checkout('main'), '--ref', 'main']), /--ref applies to a git URL/);
    expectOneLineError(await run(['no-such-folder']), /cannot read no-such-folder: no such file or folder/);
    expect(leftovers(tmp)).toEqual([]);
  });

  it('a repository larger than the size bound is refused, and nothing is left behind', async () => {
    const big = tempDir('big');
    for (const [name, content] of Object.entries(FILES)) write(big, name, content);
    fs.writeFileSync(path.join(big, 'workspace', 'data.bin'), Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24)));
    git(big, 'init', '--quiet', '--template=');
    git(big, 'add', '-A');
    git(big, 'commit', '--quiet', '-m', 'big');
    const result = await run([pathToFileURL(big).href], { MANIFEST_LINT_CLONE_MAX_MB: '1' });
    expectOneLineError(result, /larger than 1 MB/);
    expect(leftovers(tmp)).toEqual([]);
  });
});

describe('the clone, with a stand-in git', () => {
  /** A `git` first on PATH that records its arguments and environment, then does `body`. */
  function fakeGit(body: string): { bin: string; log: string } {
    const bin = tempDir('bin');
    const log = path.join(bin, 'log');
    write(bin, 'git', `#!/bin/sh\n{ echo "--- $$"; printf '%s\\n' "$@"; echo "--- env"; env; echo "--- cwd"; pwd; } >> "${log}"\n${body}\n`);
    fs.chmodSync(path.join(bin, 'git'), 0o755);
    return { bin, log };
  }

  it("runs git with every hardening flag and variable, and without the caller's GIT_* variables", async () => {
    const { bin, log } = fakeGit('echo "fatal: repository not found" >&2; exit 128');
    const env = {
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
      GIT_DIR: '/elsewhere',
      GIT_TEMPLATE_DIR: '/evil',
      GIT_CONFIG_PARAMETERS: "'core.hooksPath'='/evil'",
    };
    expectOneLineError(await run(['https://example.com/notes.git', '--ref', 'v1'], env), /repository does not exist/);
    const text = fs.readFileSync(log, 'utf8');
    const args = text.split('--- env')[0]!.split('\n');
    for (const setting of [
      `core.hooksPath=${os.devNull}`,
      'core.fsmonitor=false',
      'filter.lfs.smudge=',
      'filter.lfs.process=',
      'filter.lfs.required=false',
      'protocol.allow=never',
      'protocol.https.allow=always',
      'protocol.ssh.allow=always',
      'protocol.git.allow=always',
      'protocol.file.allow=always',
      'submodule.recurse=false',
      'credential.helper=',
    ]) {
      expect(args[args.indexOf(setting) - 1], setting).toBe('-c');
    }
    const clone = args.slice(args.indexOf('clone'));
    expect(clone).toEqual(
      expect.arrayContaining([
        '--depth',
        '1',
        '--no-checkout',
        '--template=',
        '--no-recurse-submodules',
        '--branch',
        'v1',
        '--',
        'https://example.com/notes.git',
      ]),
    );
    expect(clone[clone.indexOf('--depth') + 1]).toBe('1');
    const variables = text.split('--- env')[1]!;
    for (const line of [
      'GIT_CONFIG_NOSYSTEM=1',
      `GIT_CONFIG_GLOBAL=${os.devNull}`,
      'GIT_TERMINAL_PROMPT=0',
      'GIT_ASKPASS=',
      'SSH_ASKPASS=',
      'GIT_LFS_SKIP_SMUDGE=1',
      'GIT_ALLOW_PROTOCOL=https:ssh:git:file',
    ]) {
      expect(variables.split('\n'), line).toContain(line);
    }
    expect(variables).toMatch(/^GIT_SSH_COMMAND=ssh -o BatchMode=yes/m);
    expect(variables).not.toMatch(/^GIT_DIR=|^GIT_TEMPLATE_DIR=|^GIT_CONFIG_PARAMETERS=/m);
    // git ran in a temporary folder of the command's TMPDIR, and that folder is gone.
    const ranIn = text.split('--- cwd\n')[1]!.split('\n')[0]!;
    expect(path.dirname(ranIn)).toBe(fs.realpathSync(tmp));
    expect(path.basename(ranIn).startsWith(TEMP_PREFIX)).toBe(true);
    expect(leftovers(tmp)).toEqual([]);
  });

  it('refuses a timeout longer than a timer can wait, before git runs', async () => {
    const { bin, log } = fakeGit('exit 0');
    // Past 2^31 - 1 ms Node's timer fires at once: the clone would be stopped before it began.
    const result = await run(['https://example.com/notes.git'], { PATH: `${bin}${path.delimiter}${process.env.PATH}`, MANIFEST_LINT_CLONE_TIMEOUT: '3000000' });
    expectOneLineError(result, /MANIFEST_LINT_CLONE_TIMEOUT expects a positive number up to 2147483, got "3000000"/);
    expect(fs.existsSync(log)).toBe(false);
  });

  it('fetches a full commit SHA specifically, into a repository created without a template', async () => {
    const { bin, log } = fakeGit('case "$*" in *" init "*) exit 0;; esac; echo "fatal: remote error: upload-pack: not our ref" >&2; exit 128');
    const sha = 'a'.repeat(40);
    expectOneLineError(
      await run(['https://example.com/notes.git', '--ref', sha], { PATH: `${bin}${path.delimiter}${process.env.PATH}` }),
      /has no branch, tag or commit/,
    );
    const calls = fs
      .readFileSync(log, 'utf8')
      .split(/^--- \d+$/m)
      .slice(1)
      .map((call) => call.split('--- env')[0]!.trim().split('\n'));
    expect(calls[0]).toEqual(expect.arrayContaining(['init', '--template=']));
    expect(calls[1]).toEqual(expect.arrayContaining(['fetch', '--depth', '1', '--no-recurse-submodules', '--', 'https://example.com/notes.git', sha]));
    expect(leftovers(tmp)).toEqual([]);
  });

  it("runs a clone's git commands under one watchdog, each in a process group of its own", async () => {
    const groups = path.join(tempDir('groups'), 'groups');
    // Each call notes its pid, its parent's and its process group; a clone makes the folder it names last.
    const { bin } = fakeGit(
      `echo "$$ $PPID $(cut -d' ' -f5 /proc/$$/stat)" >> "${groups}"\ncase "$*" in *" clone "*) for last; do :; done; mkdir -p "$last";; esac\nexit 0`,
    );
    const result = await run(['https://example.com/notes.git', '--format', 'api'], { PATH: `${bin}${path.delimiter}${process.env.PATH}` });
    expect(result.stderr).toBe('');
    // An empty repository: checked, and invalid.
    expect(api(result).valid).toBe(false);
    const calls = fs
      .readFileSync(groups, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ').map(Number) as [number, number, number]);
    // clone, ls-tree, checkout
    expect(calls).toHaveLength(3);
    const watchdogs = new Set(calls.map(([, parent]) => parent));
    expect(watchdogs.size).toBe(1);
    expect(watchdogs.has(process.pid)).toBe(false);
    for (const [pid, , group] of calls) expect(group).toBe(pid);
    expect(leftovers(tmp)).toEqual([]);
  });

  it('stops a clone that takes too long, killing git and what it started', async () => {
    const pidFile = path.join(tempDir('pid'), 'pid');
    const { bin } = fakeGit(`sleep 30 & echo $! > "${pidFile}"; wait`);
    const result = await run(['https://example.com/notes.git'], { PATH: `${bin}${path.delimiter}${process.env.PATH}`, MANIFEST_LINT_CLONE_TIMEOUT: '1' });
    expectOneLineError(result, /took longer than 1 s and was stopped/);
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    expect(gone(pid)).toBe(true);
    expect(leftovers(tmp)).toEqual([]);
  });

  /**
   * The built command checking a URL whose (fake) git runs until killed; resolves once git and
   * the temporary folder exist, with the command, how it ended, and the pid of what git started.
   * It runs in a process of its own: only a process can be interrupted or killed outright.
   */
  async function cloneUnderWay() {
    const pidFile = path.join(tempDir('pid'), 'pid');
    const { bin } = fakeGit(`sleep 30 & echo $! > "${pidFile}"; wait`);
    const child = spawn(process.execPath, [BIN, 'template', 'https://example.com/notes.git'], {
      cwd,
      env: { ...process.env, ...home.env, TMPDIR: tmp, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
      stdio: 'ignore',
    });
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    const deadline = Date.now() + 10_000;
    while (!(fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').trim() !== '' && leftovers(tmp).length > 0)) {
      if (Date.now() > deadline) throw new Error('git never started');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { child, closed, started: Number(fs.readFileSync(pidFile, 'utf8')) };
  }

  /** Whether what git started and the temporary folder are gone, within a few seconds. */
  async function cleanedUp(pid: number): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!(gone(pid) && leftovers(tmp).length === 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(gone(pid)).toBe(true);
    expect(leftovers(tmp)).toEqual([]);
  }

  it('removes the temporary folder and git when interrupted (SIGINT)', async () => {
    const { child, closed, started } = await cloneUnderWay();
    child.kill('SIGINT');
    const { code, signal } = await closed;
    expect(signal === 'SIGINT' || code === 130).toBe(true);
    await cleanedUp(started);
  });

  it('leaves neither git nor the temporary folder behind when killed outright (SIGKILL)', async () => {
    const { child, closed, started } = await cloneUnderWay();
    // No handler runs on SIGKILL: the watchdog sees its channel close and cleans up.
    child.kill('SIGKILL');
    expect((await closed).signal).toBe('SIGKILL');
    await cleanedUp(started);
  });
});
