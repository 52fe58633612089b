/**
 * The template-repository rules on repository facts written inline (the engine never reads the
 * disk: `test/cli/template.test.ts` checks the adapter that gathers the facts from a real
 * repository). Exact findings, and the near misses that must stay silent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_FILES_GLOB,
  lint,
  listRules,
  SECRET_FILE_GLOBS,
  symlinkEscapes,
  wantsContent,
  type Diagnostic,
  type EngineLintOptions,
} from '../rules/index.js';
import { factsOf, type RepositoryListing } from './repository-facts.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const REPOSITORY_RULES = new Set(
  listRules()
    .filter((rule) => rule.category === 'Template repository')
    .map((rule) => rule.id),
);
const README = '# Field Notes\n\nCollects notes.\n';
const COMPLETE: RepositoryListing = { files: { 'README.md': README, 'workspace/AGENTS.md': 'Keep notes.\n' } };

interface Summary {
  ruleId: string;
  severity: string;
  file?: string;
  path: Diagnostic['path'];
  range: [number, number, number, number];
  /** Which of the rule's messages: tests assert ids and the values a message quotes, the rule owns the prose. */
  messageId: string | undefined;
}

function summary(d: Diagnostic): Summary {
  return {
    ruleId: d.ruleId,
    severity: d.severity,
    ...(d.file !== undefined ? { file: d.file } : {}),
    path: d.path,
    range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
    messageId: d.messageId,
  };
}

/** A manifest with a complete `template` object, another one, or none (`null`). */
function manifest(extra: Record<string, unknown> = {}, template: unknown = { slug: 'field-notes', category: 'productivity', authorName: 'Pinata' }): string {
  return `${JSON.stringify({ version: 1, agent: { name: 'Field Notes' }, ...(template === null ? {} : { template }), ...extra }, null, 2)}\n`;
}

function withRepository(listing: RepositoryListing, options: EngineLintOptions = {}): EngineLintOptions {
  return { now: NOW, template: true, repository: factsOf(listing), ...options };
}

/** Findings of the template-repository rules only (or of one rule), as the engine gives them. */
function diagnostics(text: string, listing: RepositoryListing, rule?: string): Diagnostic[] {
  return lint(text, withRepository(listing)).diagnostics.filter((d) => (rule ? d.ruleId === rule : REPOSITORY_RULES.has(d.ruleId)));
}

/** The same, summarised: place and message id. */
function findings(text: string, listing: RepositoryListing, rule?: string): Summary[] {
  return diagnostics(text, listing, rule).map(summary);
}

/** The message id of a rule's only finding, and whether its message quotes each of `values`. */
function quoting(found: Diagnostic[], ...values: string[]): [string | undefined, ...boolean[]] {
  expect(found).toHaveLength(1);
  return [found[0]!.messageId, ...values.map((value) => found[0]!.message.includes(value))];
}

function merge(base: RepositoryListing, more: RepositoryListing): RepositoryListing {
  return {
    ...base,
    ...more,
    files: { ...base.files, ...more.files },
    folders: [...(base.folders ?? []), ...(more.folders ?? [])],
    symlinks: { ...base.symlinks, ...more.symlinks },
  };
}

/** The 0-based [line, start, line, end] of `needle` inside `text`. */
function rangeOf(text: string, needle: string): [number, number, number, number] {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} not in the text`);
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  const character = offset - (before.lastIndexOf('\n') + 1);
  return [line, character, line, character + needle.length];
}

const FIRST: [number, number, number, number] = [0, 0, 0, 0];

describe('when the repository rules run', () => {
  it('a complete template repository has no findings at all', () => {
    const text = manifest();
    expect(lint(text, withRepository(COMPLETE)).diagnostics).toEqual([]);
  });

  it('only in template mode, and the file-system rules only with repository facts', () => {
    const text = manifest({}, null);
    const empty: RepositoryListing = { files: {} };
    // Facts without template mode: a plain lint.
    expect(lint(text, { now: NOW, repository: factsOf(empty) }).diagnostics.filter((d) => REPOSITORY_RULES.has(d.ruleId))).toEqual([]);
    // Template mode without facts: the manifest's own requirement only.
    expect(lint(text, { now: NOW, template: true }).diagnostics.map((d) => d.ruleId)).toEqual(['template-metadata-missing']);
    // Both: every rule.
    expect(findings(text, empty).map((f) => f.ruleId)).toEqual(['template-metadata-missing', 'template-readme-missing', 'template-workspace-missing']);
  });

  it('without a manifest file, only the repository rules report (no cascade about the missing text)', () => {
    const listing: RepositoryListing = { manifest: false, files: { 'README.md': README, 'app/manifest.json': '{}', 'workspace/a.md': 'a' } };
    expect(lint('', withRepository(listing)).diagnostics.map(summary)).toEqual([
      {
        ruleId: 'template-manifest-missing',
        severity: 'error',
        path: [],
        range: FIRST,
        messageId: 'manifestElsewhere',
      },
    ]);
    // It names the manifest found elsewhere, which is only read at the root.
    expect(lint('', withRepository(listing)).diagnostics[0]!.message).toContain('`app/manifest.json` exists');
  });

  it("sorts the manifest's findings first, then other files by path, each carrying its file", () => {
    const text = manifest({}, null);
    const listing: RepositoryListing = { files: { '.env': 'A=1\n' }, symlinks: { 'workspace/etc': '/etc' } };
    expect(lint(text, withRepository(listing)).diagnostics.map((d) => [d.file, d.ruleId])).toEqual([
      [undefined, 'template-metadata-missing'],
      ['.env', 'template-secret-file'],
      ['README.md', 'template-readme-missing'],
      ['workspace/etc', 'template-symlink-escape'],
    ]);
  });

  it('rule severities and `off` apply as for any rule', () => {
    const options = withRepository({ files: {} }, { rules: { 'template-readme-missing': 'off', 'template-workspace-missing': 'warning' } });
    expect(lint(manifest(), options).diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([['template-workspace-missing', 'warning']]);
  });
});

describe('template-readme-missing', () => {
  const text = manifest();
  const workspace = { 'workspace/AGENTS.md': 'x' };

  it('a missing README, naming a near miss of its name', () => {
    expect(findings(text, { files: workspace }, 'template-readme-missing')).toEqual([
      { ruleId: 'template-readme-missing', severity: 'error', file: 'README.md', path: [], range: FIRST, messageId: 'missing' },
    ]);
    expect(quoting(diagnostics(text, { files: { ...workspace, 'Readme.md': README } }, 'template-readme-missing'), '`Readme.md` exists')).toEqual([
      'missingOtherName',
      true,
    ]);
    expect(quoting(diagnostics(text, { files: workspace, folders: ['README.md'] }, 'template-readme-missing'), '`README.md` is a folder')).toEqual([
      'missingIsFolder',
      true,
    ]);
  });

  it('an empty or blank README', () => {
    for (const blank of ['', '\n', ' \n\t\n']) {
      expect(findings(text, { files: { ...workspace, 'README.md': blank } }, 'template-readme-missing')).toEqual([
        {
          ruleId: 'template-readme-missing',
          severity: 'error',
          file: 'README.md',
          path: [],
          range: FIRST,
          messageId: 'empty',
        },
      ]);
    }
  });

  it('near miss: any README with text', () => {
    expect(findings(text, { files: { ...workspace, 'README.md': '.' } }, 'template-readme-missing')).toEqual([]);
  });
});

describe('template-workspace-missing', () => {
  const text = manifest();
  const readme = { 'README.md': README };

  it('missing, a file, a link, or a folder without files', () => {
    const said = (listing: RepositoryListing) => findings(text, listing, 'template-workspace-missing').map((f) => [f.file, f.range, f.messageId]);
    expect(said({ files: readme })).toEqual([['workspace', FIRST, 'missing']]);
    expect(said({ files: { ...readme, workspace: '' } })).toEqual([['workspace', FIRST, 'isFile']]);
    expect(said({ files: readme, symlinks: { workspace: 'agent' } })).toEqual([['workspace', FIRST, 'isLink']]);
    expect(said({ files: readme, folders: ['workspace/skills'] })).toEqual([['workspace', FIRST, 'noFiles']]);
  });

  it('near miss: a workspace with any file, however deep', () => {
    expect(findings(text, { files: { ...readme, 'workspace/.gitkeep': '' } }, 'template-workspace-missing')).toEqual([]);
    expect(findings(text, { files: { ...readme, 'workspace/skills/a/SKILL.md': 'a' } }, 'template-workspace-missing')).toEqual([]);
  });
});

describe('template-metadata-missing', () => {
  it('no template object: at the root object', () => {
    const text = manifest({}, null);
    expect(findings(text, COMPLETE)).toEqual([
      {
        ruleId: 'template-metadata-missing',
        severity: 'error',
        path: ['template'],
        range: [0, 0, 0, 1],
        messageId: 'templateMissing',
      },
    ]);
  });

  it('no slug, no category: one finding each, on the `template` key', () => {
    const text = manifest({}, { authorName: 'Pinata' });
    const key = rangeOf(text, '"template"');
    expect(findings(text, COMPLETE).map((f) => [f.path, f.range])).toEqual([
      [['template', 'category'], key],
      [['template', 'slug'], key],
    ]);
    expect(findings(manifest({}, { authorName: 'Pinata', slug: 'field-notes' }), COMPLETE).map((f) => f.path)).toEqual([['template', 'category']]);
  });

  it('near misses: a template of another type (the schema reports it), a document cut short, a complete template', () => {
    expect(findings(manifest({}, 'field-notes'), COMPLETE)).toEqual([]);
    expect(findings('{ "version": 1, "agent": { "name": "A" },', COMPLETE).filter((f) => f.ruleId === 'template-metadata-missing')).toEqual([]);
    expect(findings(manifest({}, { slug: '', category: '', authorName: 'A' }), COMPLETE)).toEqual([]);
  });
});

describe('script-path-missing', () => {
  const scripts = (build?: string, start?: string) =>
    manifest({ scripts: { ...(build === undefined ? {} : { build }), ...(start === undefined ? {} : { start }) } });
  const app = merge(COMPLETE, { files: { 'workspace/projects/app/package.json': '{}' } });
  const ids = (text: string, listing: RepositoryListing) => findings(text, listing, 'script-path-missing');

  it('resolves `cd ./workspace/projects/app` from the repository root', () => {
    const text = scripts('cd ./workspace/projects/app && npm ci');
    expect(ids(text, app)).toEqual([]);
    expect(ids(text, COMPLETE)).toEqual([
      {
        ruleId: 'script-path-missing',
        severity: 'warning',
        path: ['scripts', 'build'],
        range: rangeOf(text, './workspace/projects/app'),
        messageId: 'buildNoFolder',
      },
    ]);
    expect(quoting(diagnostics(text, COMPLETE, 'script-path-missing'), '`scripts.build`', '`workspace/projects/app`', '`cd ./workspace/projects/app`')).toEqual(
      ['buildNoFolder', true, true, true],
    );
  });

  it('follows cd chains within a command list, and reports a missing folder once per script', () => {
    const text = scripts('cd workspace && cd projects/app && npm ci', 'cd workspace/projects && cd ap && node server.js && cd lib');
    expect(ids(text, app).map((f) => [f.path, f.range, f.messageId])).toEqual([
      [['scripts', 'start'], rangeOf(text, 'cd ap').map((n, i) => (i === 1 ? n + 3 : n)), 'startNoFolderAfterCd'],
    ]);
    // The folder as resolved, the command as written, and where it ran.
    expect(quoting(diagnostics(text, app, 'script-path-missing'), '`workspace/projects/ap`', '`cd ap`', '`workspace/projects`')).toEqual([
      'startNoFolderAfterCd',
      true,
      true,
      true,
    ]);
  });

  it('files run by interpreters and directly, relative to the current folder', () => {
    const text = scripts('bash scripts/setup.sh', 'cd workspace/projects/app && node --enable-source-maps src/main.mjs');
    // A shell script may create anything: nothing after it is checked, in `start` either.
    expect(ids(text, app).map((f) => f.path)).toEqual([['scripts', 'build']]);
    expect(quoting(diagnostics(text, app, 'script-path-missing'), '`scripts/setup.sh`', '`bash scripts/setup.sh`')).toEqual(['buildNoFile', true, true]);
    const start = scripts(undefined, 'cd workspace/projects/app && node --enable-source-maps src/main.mjs');
    expect(
      quoting(diagnostics(start, app, 'script-path-missing'), '`workspace/projects/app/src/main.mjs`', '`node src/main.mjs`', '`workspace/projects/app`'),
    ).toEqual(['startNoFileAfterCd', true, true, true]);
    for (const command of [
      'python3 -u bot.py',
      'sh ./run.sh',
      './run.sh',
      'source env.sh',
      'npx tsx src/index.ts',
      'deno run -A main.ts',
      'bun server.ts',
      'npm --prefix api ci',
      'make -C native',
    ]) {
      expect(ids(scripts(undefined, command), COMPLETE).length, command).toBe(1);
    }
  });

  it('`/home/node/clawd/…` is the repository root; other absolute paths are not checked', () => {
    expect(ids(scripts(undefined, 'cd /home/node/clawd/workspace/projects/app && node dist/server.js'), app)).toEqual([]);
    expect(ids(scripts(undefined, 'cd /home/node/clawd/workspace/projects/api'), app).map((f) => f.path)).toEqual([['scripts', 'start']]);
    expect(ids(scripts(undefined, 'cd /opt/app && node server.js && /usr/bin/node x.js'), COMPLETE)).toEqual([]);
  });

  it('near misses: generated, created, guarded, expanded, subshell and background paths', () => {
    const quiet = [
      scripts('npm ci && npm run build', 'node dist/index.js'),
      scripts('npm ci', 'node node_modules/.bin/serve && ./node_modules/.bin/vite preview'),
      scripts('mkdir -p data/cache && cd data && touch notes.db', 'cd data/cache && node ../../workspace/AGENTS.md'),
      scripts('git clone https://github.com/acme/notes-ui.git && cd notes-ui && npm ci'),
      scripts('curl -o setup.py https://example.com/setup.py && python setup.py'),
      scripts('[ -d extra ] && cd extra; if [ -f x.sh ]; then bash x.sh; fi'),
      scripts('cd "$APP_DIR" && node server.js', 'cd ~/app && node $ENTRY'),
      scripts('(cd workspace && npm ci) && cd workspace/projects/app'),
      scripts('cd workspace & cd workspace/projects/app', 'cd workspace | cat; cd workspace/projects/app'),
      scripts('tar xzf assets.tgz; cd assets'),
      scripts('bash -c "mkdir gen" && cd gen'),
      scripts(undefined, 'node server'),
      scripts(undefined, 'python -m http.server 8080 && node -e "1" && npm start && bun run dev'),
    ];
    const listing = merge(app, { files: { 'server.js': 'x', 'assets.tgz': 'x', 'setup.sh': '' } });
    for (const text of quiet) expect(ids(text, listing), text).toEqual([]);
  });

  it('a `cd` into a file is reported as not a folder; links are trusted', () => {
    const text = scripts('cd README.md');
    expect(ids(text, COMPLETE).map((f) => f.messageId)).toEqual(['buildFileNotFolder']);
    expect(ids(scripts('cd linked/app && node x.js'), merge(COMPLETE, { symlinks: { linked: 'workspace' } }))).toEqual([]);
  });

  it('points at the whole string when the script has JSON escapes', () => {
    const text = manifest({ scripts: { build: 'cd "missing app" && npm ci' } });
    const string = JSON.stringify('cd "missing app" && npm ci');
    expect(ids(text, COMPLETE).map((f) => f.range)).toEqual([rangeOf(text, string)]);
  });
});

describe('template-skill-folder-conflict', () => {
  const text = manifest({
    skills: [
      { name: 'notes', clawhub_slug: 'pinata/notes' },
      { name: '@pinata/digest', clawhub_slug: 'pinata/digest' },
    ],
  });

  it('a committed folder where a skill is unpacked', () => {
    const listing = merge(COMPLETE, { files: { 'workspace/skills/notes/SKILL.md': '# Notes', 'workspace/skills/@pinata/digest/SKILL.md': '# Digest' } });
    expect(findings(text, listing)).toEqual([
      {
        ruleId: 'template-skill-folder-conflict',
        severity: 'warning',
        path: ['skills', 0, 'name'],
        range: rangeOf(text, '"notes"'),
        messageId: 'skillFolderConflict',
      },
      {
        ruleId: 'template-skill-folder-conflict',
        severity: 'warning',
        path: ['skills', 1, 'name'],
        range: rangeOf(text, '"@pinata/digest"'),
        messageId: 'skillFolderConflict',
      },
    ]);
    expect(diagnostics(text, listing).map((d) => d.message.includes('`workspace/skills/@pinata/digest/`'))).toEqual([false, true]);
  });

  it('near misses: other folders, another case, a name that is no folder', () => {
    const listing = merge(COMPLETE, {
      files: { 'workspace/skills/Notes/SKILL.md': 'x', 'workspace/skills/helpers/SKILL.md': 'x', 'workspace/notes/a.md': 'x' },
    });
    expect(findings(text, listing)).toEqual([]);
    expect(findings(manifest({ skills: [{ name: '../skills', clawhub_slug: 'a/b' }] }), merge(COMPLETE, { folders: ['workspace/skills'] }))).toEqual([]);
  });
});

describe('template-symlink-escape', () => {
  it('absolute targets and targets that climb out of the repository', () => {
    const listing = merge(COMPLETE, { symlinks: { 'workspace/data': '/var/lib/notes', 'workspace/up': '../../elsewhere', 'workspace/ok': '../README.md' } });
    expect(findings(manifest(), listing)).toEqual([
      {
        ruleId: 'template-symlink-escape',
        severity: 'error',
        file: 'workspace/data',
        path: [],
        range: FIRST,
        messageId: 'symlinkEscape',
      },
      {
        ruleId: 'template-symlink-escape',
        severity: 'error',
        file: 'workspace/up',
        path: [],
        range: FIRST,
        messageId: 'symlinkEscape',
      },
    ]);
    expect(diagnostics(manifest(), listing).map((d) => ['`/var/lib/notes`', '`../../elsewhere`'].filter((target) => d.message.includes(target)))).toEqual([
      ['`/var/lib/notes`'],
      ['`../../elsewhere`'],
    ]);
  });

  it('reads targets lexically', () => {
    expect(symlinkEscapes('a/b/link', '../../x')).toBe(false);
    expect(symlinkEscapes('a/b/link', '../../../x')).toBe(true);
    expect(symlinkEscapes('link', './a/../b')).toBe(false);
    expect(symlinkEscapes('link', 'a/../../b')).toBe(true);
    expect(symlinkEscapes('link', '/home/node/clawd/x')).toBe(true);
  });
});

describe('template-secret-file', () => {
  const secret = ['nk', '_live_', '7f3a9c2e4b8d1f60'].join('');
  const openaiKey = ['sk-', 'proj-', '4f9c2a7d1e8b3f6a0c5d9e2b7a4f1c8d'].join('');
  const keyHeader = ['-----BEGIN', 'OPENSSH PRIVATE KEY-----'].join(' ');

  it('a .env with values: on its first variable with a value, naming variables and never values', () => {
    const env = `# local\nEMPTY=\nexport NOTES_API_KEY="${secret}"\nDEBUG=1 # verbose\nA=1\nB=2\n`;
    const listing = merge(COMPLETE, { files: { '.env': env } });
    expect(findings(manifest(), listing)).toEqual([
      {
        ruleId: 'template-secret-file',
        severity: 'warning',
        file: '.env',
        path: [],
        range: [2, 7, 2, 20],
        messageId: 'envValuesMore',
      },
    ]);
    const found = diagnostics(manifest(), listing);
    expect(quoting(found, '`NOTES_API_KEY` (line 3), `DEBUG` (line 4), `A` (line 5) and 1 more')).toEqual(['envValuesMore', true]);
    expect(JSON.stringify(found)).not.toContain(secret.slice(4));
  });

  it('an example file only when a value has the shape of a real credential', () => {
    const listing = merge(COMPLETE, {
      files: { '.env.example': `OPENAI_API_KEY=${openaiKey}\nNOTES_DB_URL=\n`, 'config/example.env': 'PORT=3000\nNAME=your-name-here\n' },
    });
    const found = diagnostics(manifest(), listing);
    expect(found.map((d) => [d.file, summary(d).range])).toEqual([['.env.example', [0, 0, 0, 14]]]);
    expect(quoting(found, '`OPENAI_API_KEY` (line 1)')).toEqual(['exampleCredential', true]);
    expect(JSON.stringify(found)).not.toContain(openaiKey.slice(8));
  });

  it('private keys by their block or their name, keystores by name', () => {
    const listing = merge(COMPLETE, {
      files: {
        'deploy/id_ed25519': `${keyHeader}\nAAAA\n`,
        'certs/tls.key': `\n${['-----BEGIN', 'EC PRIVATE KEY-----'].join(' ')}\nAAAA\n`,
        'certs/bundle.p12': 'binary',
      },
    });
    expect(findings(manifest(), listing).map((f) => [f.file, f.range, f.messageId])).toEqual([
      ['certs/bundle.p12', FIRST, 'keystore'],
      ['certs/tls.key', [1, 0, 1, 30], 'privateKey'],
      ['deploy/id_ed25519', [0, 0, 0, 35], 'privateKey'],
    ]);
  });

  it('near misses: empty values, public keys, certificates, unrelated names', () => {
    const listing = merge(COMPLETE, {
      files: {
        '.env': '# fill in\nNOTES_API_KEY=\nNOTES_DB_URL=""\nDEBUG= # off\n',
        '.env.example': 'NOTES_API_KEY=\n',
        'deploy/id_ed25519.pub': 'ssh-ed25519 AAAA notes@example\n',
        'certs/ca.pem': '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
        'docs/environment.md': 'API_KEY=abc\n',
        '.environment': 'A=1\n',
      },
    });
    expect(findings(manifest(), listing)).toEqual([]);
  });
});

describe('robustness', () => {
  const piece = fc.constantFrom(
    'cd ',
    'cd',
    ' ',
    '&&',
    '||',
    ';',
    '|',
    '&',
    '(',
    ')',
    '\n',
    '"',
    "'",
    '$',
    '`',
    '#',
    'node ',
    'bash ',
    './',
    '../',
    '/',
    'a',
    'app',
    '-',
    '--prefix ',
    'mkdir ',
    'if ',
    'fi',
    '\\',
    '*',
    '~',
  );
  const script = fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 20 }).map((parts) => parts.join(''));
  const name = fc
    .array(fc.constantFrom('a', 'app', '..', '.', '', 'workspace', 'skills', '.env', 'id_rsa', 'x.pem', 'README.md'), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join('/'));
  const listing = fc.record({
    manifest: fc.boolean(),
    files: fc.dictionary(name, fc.string({ maxLength: 40 }), { maxKeys: 6 }),
    folders: fc.array(name, { maxLength: 3 }),
    symlinks: fc.dictionary(name, fc.oneof(name, fc.constant('/etc')), { maxKeys: 3 }),
  });

  it('never throws on arbitrary scripts and repositories; manifest ranges stay inside the text', () => {
    fc.assert(
      fc.property(script, script, listing, fc.array(name, { maxLength: 3 }), (build, start, repository, skills) => {
        const text = manifest({ scripts: { build, start }, skills: skills.map((skill) => ({ name: skill, clawhub_slug: 'a/b' })) });
        const lines = text.split('\n');
        for (const d of lint(text, withRepository(repository)).diagnostics) {
          if (d.file !== undefined) continue;
          expect(d.range.start.line).toBeLessThan(lines.length);
          expect(d.range.end.character).toBeLessThanOrEqual(lines[d.range.end.line]!.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the files an editor watches for their text', () => {
  // A glob of one path segment as a regular expression: `*` is any run of characters but `/`.
  const matcher = (glob: string) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  const globs = SECRET_FILE_GLOBS.map(matcher);
  const watched = (name: string) => globs.some((glob) => glob.test(name));

  it('are the files whose text the checks read, by the same names', () => {
    const names = [
      '.env',
      '.env.local',
      'prod.env',
      '.envrc',
      '.env.example',
      'key.pem',
      'tls.key',
      'AuthKey.p8',
      'id_rsa',
      'id_dsa',
      'id_ecdsa',
      'id_ed25519',
      'id_ecdsa_sk',
      'id_ed25519_sk',
    ];
    for (const name of names) expect([name, wantsContent(name), watched(name)]).toEqual([name, true, true]);
    for (const name of ['id_rsa.pub', 'notes.txt', 'store.p12', 'environment.ts'])
      expect([name, wantsContent(name), watched(name)]).toEqual([name, false, false]);
  });

  it('every pattern names files whose text is read, and the README is watched too', () => {
    for (const glob of SECRET_FILE_GLOBS) expect([glob, wantsContent(glob.replace(/\*/g, 'x'))]).toEqual([glob, true]);
    expect(CONTENT_FILES_GLOB).toBe(`**/{README.md,${SECRET_FILE_GLOBS.join(',')}}`);
  });
});
