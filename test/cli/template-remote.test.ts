/**
 * `manifest-lint template --remote <git-url>` end to end, with no network: the repository is a
 * git repository made here and cloned from its `file://` URL, and the platform's template
 * validator a stand-in on 127.0.0.1 (`validation-server.ts`) told what to answer. Proven: what is
 * sent (method, path, headers, body, the key from PINATA_JWT), how each platform error is
 * matched or not, each disagreement named, the exit codes, one line for each way the platform's
 * verdict can stay unknown (with our result still printed), and that the key never shows.
 */
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoToken, expectOneLineError, NOW, runCli, workspace, type RunResult } from './helpers.js';
import { git, MANIFEST, templateRepository, write } from './template-fixture.js';
import { startValidationServer, type ValidationServer } from './validation-server.js';

/** A made-up key of the real shape (a JWT), assembled at run time so that no literal sits in the repository. */
const TOKEN = ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', 'eyJzdWIiOiJ0ZW1wbGF0ZS1yZW1vdGUtdGVzdCJ9', 'Qm7vK2xT9pLd4sWc8fGh1jRz6uNe0aYi5oBy3kXn'].join('.');

/** A literal channel token of no known shape: only the manifest's own mask knows it is one. */
const OPAQUE_TOKEN = ['q8ZfT3nL', 'w0XkRb7Y', 'pVd2Hs6J'].join('');

/** The validator's objections to the `drift` branch, and one no finding of ours is about. */
const PLATFORM_ERRORS = ['template.authorName: Required', 'tasks.0.schedule: Expected string, received object', 'routes.0.protected: Required'];

let server: ValidationServer;
let url: string;
let cwd: string;

/**
 * The fixture's template (`main`, `broken`) plus a branch `drift`: valid but for the missing
 * author, with a task whose schedule is an object, as the manifest documents it; and a branch
 * `secret` whose manifest holds a literal channel token.
 */
beforeAll(async () => {
  server = await startValidationServer();
  const dir = templateRepository(workspace({}, { git: false })).dir;
  git(dir, 'checkout', '--quiet', '-b', 'drift');
  const { authorName: _author, ...template } = MANIFEST.template;
  const task = { name: 'digest', schedule: { kind: 'cron', expr: '0 9 * * 1' }, payload: { kind: 'agentTurn', text: 'Send the weekly digest.' } };
  write(dir, 'manifest.json', `${JSON.stringify({ ...MANIFEST, template, tasks: [task] }, null, 2)}\n`);
  git(dir, 'commit', '--quiet', '-am', 'Drift');
  git(dir, 'checkout', '--quiet', '-b', 'secret', 'main');
  write(dir, 'manifest.json', `${JSON.stringify({ ...MANIFEST, channels: { telegram: { botToken: OPAQUE_TOKEN } } }, null, 2)}\n`);
  git(dir, 'commit', '--quiet', '-am', 'A literal token');
  git(dir, 'checkout', '--quiet', 'main');
  url = pathToFileURL(dir).href;
  cwd = workspace();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.answer = { valid: true, errors: [] };
});

function remote(args: string[], env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return runCli(['template', '--remote', url, '--agents-url', server.url, '--now', NOW, ...args], { cwd, env: { PINATA_JWT: TOKEN, ...env } });
}

interface RemoteJson {
  local: unknown;
  platform: { endpoint: string; ref: string | null; status: number | null; valid: boolean | null; errors: string[] | null; problem?: string };
  matches: { error: string; samePath: boolean; findings: string[] }[];
  disagreements: unknown[] | null;
}

function json(result: RunResult): RemoteJson {
  try {
    return JSON.parse(result.stdout) as RemoteJson;
  } catch {
    throw new Error(`not JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
}

describe('template --remote', () => {
  it('sends POST /v0/templates/validate with the git URL, the ref and the key from PINATA_JWT', async () => {
    const result = await remote(['--ref', 'v1']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(server.received).toEqual([
      { method: 'POST', url: '/v0/templates/validate', authorization: `Bearer ${TOKEN}`, contentType: 'application/json', body: { gitUrl: url, ref: 'v1' } },
    ]);
    expect(result.stdout).toBe(
      [`Platform (POST ${server.url}/v0/templates/validate at v1)`, '  verdict   valid (HTTP 200; ours: valid)', '', 'Disagreements: none', ''].join('\n'),
    );
    expectNoToken(result, TOKEN);
  });

  it('without --ref, sends the default branch its own clone checked out', async () => {
    expect((await remote([])).code).toBe(0);
    expect(server.received[0]!.body).toEqual({ gitUrl: url, ref: 'main' });
  });

  it('matches platform errors to our findings by JSON path, and names what could not be matched', async () => {
    server.answer = { valid: false, errors: PLATFORM_ERRORS };
    const result = await remote(['--ref', 'drift']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const [findings, platform] = result.stdout.split(/\n(?=Platform \()/);
    expect(findings).toMatch(/^manifest\.json\n\s+\d+:\d+\s+error\s+`template` has no `authorName`.*template-author-field\n/);
    expect(platform).toMatch(
      new RegExp(
        [
          `^Platform \\(POST ${server.url}/v0/templates/validate at drift\\)`,
          '  verdict   invalid, 3 errors \\(HTTP 200; ours: invalid, 2 errors\\)',
          '  error     template\\.authorName: Required',
          '            matches manifest\\.json:\\d+:\\d+ template-author-field \\(at the same path\\)',
          '  error     tasks\\.0\\.schedule: Expected string, received object',
          '            matches manifest\\.json:\\d+:\\d+ template-task-form \\(at the same path\\)',
          '  error     routes\\.0\\.protected: Required',
          '            could not be matched: no finding of ours at `routes\\[0\\]\\.protected`, inside it or around it',
          '',
          'Disagreements: 1',
          '  platform only: routes\\.0\\.protected: Required \\(could not be matched: no finding of ours at `routes\\[0\\]\\.protected`, inside it or around it\\)',
          '$',
        ].join('\n'),
      ),
    );
  });

  it('names a verdict that differs and each error of ours the platform did not report', async () => {
    const result = await remote(['--ref', 'broken']);
    expect(result.code).toBe(1);
    const disagreements = result.stdout.slice(result.stdout.indexOf('Disagreements: ')).split('\n');
    expect(disagreements[0]).toBe('Disagreements: 5');
    expect(disagreements[1]).toBe('  verdict: the platform says valid, we say invalid');
    expect(disagreements.slice(2, -1).map((line) => line.split(' ').slice(0, 6).join(' '))).toEqual([
      '  ours only: manifest.json:1:1 template-metadata-missing',
      '  ours only: README.md:1:1 template-readme-missing',
      '  ours only: etc-link:1:1 template-symlink-escape',
      '  ours only: workspace:1:1 template-workspace-missing',
    ]);
  });

  it("--format json: ours as --format json prints it, the platform's verdict, the matches and the disagreements", async () => {
    server.answer = { valid: false, errors: ['README.md: file is missing', 'the manifest could not be read', ...PLATFORM_ERRORS] };
    const result = await remote(['--ref', 'broken', '--format', 'json']);
    expect(result.code).toBe(1);
    const output = json(result);
    expect((output.local as { filePath: string }[]).map((file) => file.filePath)).toEqual(['manifest.json', 'README.md', 'etc-link', 'workspace']);
    expect(output.platform).toEqual({
      endpoint: `${server.url}/v0/templates/validate`,
      ref: 'broken',
      status: 200,
      valid: false,
      errors: server.answer.errors,
    });
    expect(output.matches).toEqual([
      { error: 'README.md: file is missing', samePath: true, findings: [expect.stringMatching(/^README\.md:1:1 template-readme-missing /)] },
      // The template object is missing: our finding is on `template`, around the error's path.
      { error: 'template.authorName: Required', samePath: false, findings: [expect.stringMatching(/^manifest\.json:\d+:\d+ template-metadata-missing /)] },
    ]);
    expect(output.disagreements).toEqual([
      { kind: 'platform-only', error: 'the manifest could not be read', reason: 'could not be matched: it names no JSON path or file' },
      { kind: 'platform-only', error: PLATFORM_ERRORS[1], reason: 'could not be matched: no finding of ours at `tasks[0].schedule`, inside it or around it' },
      // On this branch our only finding around the route (no start script) is information.
      { kind: 'platform-only', error: PLATFORM_ERRORS[2], reason: 'we report it, but not as an error: route-without-start (info)' },
      { kind: 'local-only', error: expect.stringMatching(/^etc-link:1:1 template-symlink-escape /) },
      { kind: 'local-only', error: expect.stringMatching(/^workspace:1:1 template-workspace-missing /) },
    ]);
  });

  it("--format api: ours as the validator's response, beside the platform's; 0 when both say valid", async () => {
    const result = await remote(['--format', 'api']);
    expect(result.code).toBe(0);
    const output = json(result);
    expect(output.local).toMatchObject({ valid: true, errors: [], readme: expect.stringContaining('# Field Notes') });
    expect(output).toMatchObject({ platform: { ref: 'main', status: 200, valid: true, errors: [] }, matches: [], disagreements: [] });
  });

  it("masks the key and the manifest's secrets in what the platform says, in every format", async () => {
    server.answer = (received) => ({
      valid: false,
      errors: [`authorization: ${received.authorization} may not validate`, `tasks.0: ${JSON.stringify(received)}`],
    });
    for (const format of ['stylish', 'json', 'api']) {
      const result = await remote(['--format', format]);
      expect(result.code, format).toBe(1);
      expect(result.stdout, format).toContain('eyJh…');
      expectNoToken(result, TOKEN);
    }
    server.answer = { valid: false, errors: [`channels.telegram.botToken: ${OPAQUE_TOKEN} is not an env: reference`] };
    for (const format of ['stylish', 'json', 'api']) {
      const result = await remote(['--ref', 'secret', '--format', format]);
      expect(result.stdout, format).toContain('channels.telegram.botToken: q8Zf… is not an env: reference');
      // A warning of ours at that path is no error: the platform's error stays a disagreement.
      expect(result.stdout, format).toContain('we report it, but not as an error: channel-token-literal (warning)');
      expect(result.stdout, format).not.toContain(OPAQUE_TOKEN.slice(4));
    }
    server.answer = (received) => ({ status: 400, body: `cannot use ${received.authorization}` });
    const refused = await remote([]);
    expectOneLineError(refused, /^manifest-lint: the platform refused the request \(HTTP 400: cannot use Bearer eyJh…\)$/);
    expectNoToken(refused, TOKEN);
  });
});

describe('template --remote when the platform gives no verdict: our result, one line, exit 2', () => {
  it.each([
    [
      { status: 401, body: '{"error":"unauthorized"}' },
      /^manifest-lint: the platform refused the token \(HTTP 401\): PINATA_JWT is not a valid key, was revoked, or may not validate templates$/,
    ],
    [{ status: 403, body: '{"error":"forbidden"}' }, /^manifest-lint: the platform refused the token \(HTTP 403\)/],
    [{ status: 500, body: 'Internal Server Error' }, /^manifest-lint: the platform's template validator failed \(HTTP 500\); try again later$/],
    [{ status: 200, body: '<html>upstream</html>' }, /^manifest-lint: the platform's answer was not understood \(the answer is not JSON\)$/],
    [
      { status: 200, body: '{"ok":true}' },
      /^manifest-lint: the platform's answer was not understood \(the answer has no boolean `valid` with an `errors` list of strings\)$/,
    ],
  ])('%j', async (answer, line) => {
    server.answer = answer;
    const result = await remote(['--ref', 'broken']);
    expectOneLineError(result, line);
    expect(result.stdout).toMatch(/^manifest\.json\n/);
    expect(result.stdout).toContain(`  verdict unknown: ${result.stderr.replace(/^manifest-lint: /, '').trim()} (ours: invalid, 4 errors)`);
    expect(result.stdout).toMatch(/\nDisagreements: not compared, the platform's verdict is unknown\n$/);
    expectNoToken(result, TOKEN);
  });

  it('an answer that does not come within MANIFEST_LINT_REMOTE_TIMEOUT seconds', async () => {
    server.answer = 'stall';
    const result = await remote(['--format', 'json'], { MANIFEST_LINT_REMOTE_TIMEOUT: '0.2' });
    expectOneLineError(result, new RegExp(`^manifest-lint: cannot get the platform's verdict from ${server.url}: no answer within 0\\.2 s$`));
    expect(json(result)).toMatchObject({
      local: [{ filePath: 'manifest.json', errorCount: 0 }],
      platform: { status: null, valid: null, errors: null },
      matches: [],
      disagreements: null,
    });
  });

  it('a host where nothing listens', async () => {
    const closed = await startValidationServer();
    await closed.close();
    const result = await runCli(['template', '--remote', url, '--agents-url', closed.url], { cwd, env: { PINATA_JWT: TOKEN } });
    expectOneLineError(result, new RegExp(`^manifest-lint: cannot get the platform's verdict from ${closed.url}: the connection was refused$`));
  });

  it('the refused answer, in --format api', async () => {
    server.answer = { status: 401, body: '' };
    const output = json(await remote(['--format', 'api']));
    expect(output.local).toMatchObject({ valid: true });
    expect(output.platform).toEqual({
      endpoint: `${server.url}/v0/templates/validate`,
      ref: 'main',
      status: 401,
      valid: null,
      errors: null,
      problem: 'the platform refused the token (HTTP 401): PINATA_JWT is not a valid key, was revoked, or may not validate templates',
    });
  });
});

describe('template --remote usage', () => {
  it('takes the key from PINATA_JWT only, and sends nothing without it', async () => {
    expectOneLineError(
      await remote([], { PINATA_JWT: undefined }),
      /^manifest-lint: PINATA_JWT is not set: template --remote reads the platform's API's key \(its JWT\) from that environment variable only$/,
    );
    const asArgument = await remote(['--token', TOKEN], { PINATA_JWT: undefined });
    expectOneLineError(asArgument, /unknown option: --token/);
    expectNoToken(asArgument, TOKEN);
    expect(server.received).toEqual([]);
  });

  it('refuses with one line what it cannot do', async () => {
    const folder = workspace();
    const cases: [string[], RegExp][] = [
      [['template', '--remote', folder], /--remote needs the repository's git URL, which the platform clones itself; .* is a folder$/],
      [
        ['template', '--remote', url, '--agents-url', 'http://agents.example.com'],
        /--agents-url must use https: over http the token would travel in clear text/,
      ],
      [['template', '--remote', url, '--agents-url', 'not a url'], /--agents-url expects an http\(s\) URL/],
      [['template', url, '--agents-url', server.url], /--agents-url applies to --remote$/],
      [['template', '--remote', url, '--format', 'sarif'], /--remote prints stylish, json, api, not sarif$/],
      [['template', '--remote', url, '--fix-dry-run'], /--remote compares verdicts and fixes nothing/],
      [['template', '--remote'], /template expects a git URL/],
    ];
    for (const [args, line] of cases) expectOneLineError(await runCli(args, { cwd, env: { PINATA_JWT: TOKEN } }), line);
    expectOneLineError(await remote([], { MANIFEST_LINT_REMOTE_TIMEOUT: 'soon' }), /MANIFEST_LINT_REMOTE_TIMEOUT expects a positive number/);
    expect(server.received).toEqual([]);
  });
});
