import fs from 'node:fs';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoToken, expectOneLineError, NOW, parseJson, runCli, workspace, writeFile, type RunResult } from '../cli/helpers.js';
import { readUploadSource, uploadSource, UploadSourceError } from '../../io/skill-storage.js';
import { startStorageServer, WRONG_CID, type StorageServer } from './storage-server.js';
import { publishedFolderCid, VECTOR_FOLDERS } from './vectors.js';

/** A made-up key of the real shape (a JWT), assembled at run time so that no literal sits in the repository. */
const TOKEN = [
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
  'eyJzdWIiOiJza2lsbC11cGxvYWQtdGVzdCIsInNjb3BlcyI6WyJvcmc6ZmlsZXM6d3JpdGUiXX0',
  'T2zKq8vX4mWb7cYp1sLd9fGh3jRt6uNe0aQi5oZy2kM',
].join('.');

let server: StorageServer;
beforeAll(async () => {
  server = await startStorageServer(TOKEN);
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.answer = 'contract';
});

const MANIFEST = `{
  "$schema": "https://agents.pinata.cloud/schemas/manifest.v1.json",
  "version": 1,
  "agent": { "name": "Notes" },
  "skills": [
    { "name": "notes", "cid": "QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n" },
    {
      "name": "weather",
      "clawhub_slug": "steipete/weather"
    },
    {"name":"search"}
  ]
}
`;

function project(): string {
  return workspace({
    'manifest.json': MANIFEST,
    'skills/notes/SKILL.md': '# Notes\nTakes notes.\n',
    'skills/notes/.config': 'mode=fast\n',
    'skills/notes/scripts/run.sh': 'echo run\n',
    'skills/search/SKILL.md': '# Search\n',
  });
}

function upload(args: string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return runCli(['skill', 'upload', ...args, '--upload-url', server.url], { cwd, env: { PINATA_JWT: TOKEN, ...env } });
}

describe('manifest-lint skill upload', () => {
  it('sends the folder as the seed documents it and prints the CID, which is the offline one', async () => {
    const cwd = project();
    const result = await upload(['skills/notes', '--network', 'public', '--profile', 'v0'], cwd);
    expect(result.code).toBe(0);
    const offline = await runCli(['cid', 'skills/notes', '--profile', 'v0'], { cwd });
    expect(result.stdout).toBe(offline.stdout);
    expect(result.stdout).toMatch(/^Qm[1-9A-HJ-NP-Za-km-z]{44}\n$/);
    expect(result.stderr).toBe('');
    expectNoToken(result, TOKEN);

    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.fields).toEqual({ network: 'public', cid_version: 'v0', name: 'notes' });
    expect(request!.files).toEqual([
      { name: 'notes/.config', size: 10 },
      { name: 'notes/SKILL.md', size: 21 },
      { name: 'notes/scripts/run.sh', size: 9 },
    ]);
  });

  it('sends network private and cid_version v1 by default', async () => {
    const result = await upload(['skills/search'], project());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^bafybei[a-z2-7]{52}\n$/);
    expect(server.received[0]!.fields).toEqual({ network: 'private', cid_version: 'v1', name: 'search' });
  });

  it('--pin writes the CID into the skill entry, changing nothing else, and the manifest then lints clean of CID findings', async () => {
    const cwd = project();
    const first = await upload(['skills/notes', '--pin', 'notes'], cwd);
    expect(first.code).toBe(0);
    const cid = first.stdout.trim();
    expect(first.stderr).toBe(`manifest-lint: pinned the skill \`notes\` to ${cid} in manifest.json\n`);
    const second = await upload(['skills/search', '--pin', 'search', '--profile', 'unixfs-v1-2025'], cwd);
    expect(second.code).toBe(0);
    const searchCid = second.stdout.trim();

    const pinned = fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8');
    expect(pinned).toBe(
      MANIFEST.replace('"QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n"', `"${cid}"`).replace('{"name":"search"}', `{"name":"search", "cid": "${searchCid}"}`),
    );
    const lint = await runCli(['--format', 'json', '--now', NOW, 'manifest.json'], { cwd });
    const cidFindings = parseJson(lint)[0]!.diagnostics.filter((finding) => /cid|skill-source/.test(finding.ruleId));
    expect(cidFindings).toEqual([]);
    expectNoToken(first, TOKEN);
  });

  it('takes the same content written as a CIDv1 for a v0 upload, and pins the v0 form', async () => {
    const cwd = project();
    const offline = (await runCli(['cid', 'skills/notes', '--profile', 'v0'], { cwd })).stdout.trim();
    server.answer = 'as-cidv1';
    const result = await upload(['skills/notes', '--profile', 'v0', '--pin', 'notes'], cwd);
    expect(result.code).toBe(0);
    const returned = result.stdout.trim();
    expect(returned).toMatch(/^bafybei/);
    expect(CID.parse(returned).equals(CID.parse(offline).toV1())).toBe(true);
    expect(result.stderr).toBe(`manifest-lint: pinned the skill \`notes\` to ${offline} (the form v0 writes ${returned} in) in manifest.json\n`);
    expect(fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8')).toContain(`"cid": "${offline}"`);
  });

  it("--pin keeps the manifest's own layout when it adds a cid", async () => {
    const manifest = '{\r\n\t"version": 1,\r\n\t"agent": { "name": "Tabs" },\r\n\t"skills": [\r\n\t\t{\r\n\t\t\t"name": "notes"\r\n\t\t}\r\n\t]\r\n}\r\n';
    const cwd = workspace({ 'manifest.json': manifest, 'skills/notes/SKILL.md': '# Notes\n' });
    const result = await upload(['skills/notes', '--pin', 'notes'], cwd);
    expect(result.code).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8')).toBe(
      manifest.replace('"name": "notes"\r\n', `"name": "notes",\r\n\t\t\t"cid": "${result.stdout.trim()}"\r\n`),
    );
  });

  it('--pin edits a manifest whose other parts are not strict JSON, keeping them as they are', async () => {
    const manifest = '{\n  // the agent\n  "version": 1,\n  "agent": { "name": "Notes", },\n  "skills": [{ "name": "notes", "cid": "" }]\n}\n';
    const cwd = workspace({ 'manifest.json': manifest, 'skills/notes/SKILL.md': '# Notes\n' });
    const result = await upload(['skills/notes', '--pin', 'notes'], cwd);
    expect(result.code).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8')).toBe(manifest.replace('"cid": ""', `"cid": "${result.stdout.trim()}"`));
  });

  it('--pin refuses, before uploading, a skill with a registry slug, a skill that is not there, a missing manifest', async () => {
    const cwd = project();
    expectOneLineError(
      await upload(['skills/notes', '--pin', 'weather'], cwd),
      /cannot pin to manifest\.json: the skill `weather` has a `clawhub_slug`, and a skill takes a slug or a `cid`, not both; remove `clawhub_slug` first/,
    );
    expectOneLineError(
      await upload(['skills/notes', '--pin', 'maps'], cwd),
      /no skill is named `maps` \(its skills are `notes`, `weather`, `search`\); add \{ "name": "maps" \} to `skills` first$/,
    );
    expectOneLineError(
      await upload(['skills/notes', '--pin', 'notes'], path.join(cwd, 'skills')),
      /--pin writes into \.\/manifest\.json, and it cannot be read: no such file or folder$/,
    );
    expect(server.received).toEqual([]);
    expect(fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8')).toBe(MANIFEST);
  });

  it.each([
    [401, /the storage API refused the token \(HTTP 401\): PINATA_JWT is not a valid key, or it was revoked \(manifest\.json is unchanged\)$/],
    [403, /the token may not upload files \(HTTP 403\): its key needs the scope org:files:write \(manifest\.json is unchanged\)$/],
    [413, /the storage API refused the upload as too large \(HTTP 413, 40 bytes of files\) \(manifest\.json is unchanged\)$/],
    [
      500,
      /the storage API failed \(HTTP 500: \{"error":\{"reason":"TEST","details":"told to answer 500"\}\}\); try again later \(manifest\.json is unchanged\)$/,
    ],
    [502, /the storage API failed \(HTTP 502: .*\); try again later/],
  ])('explains HTTP %i in one line, exits with 2 and writes nothing', async (status, message) => {
    const cwd = project();
    server.answer = { status };
    const result = await upload(['skills/notes', '--pin', 'notes'], cwd);
    expectOneLineError(result, message);
    expect(result.stdout).toBe('');
    expect(fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8')).toBe(MANIFEST);
    expectNoToken(result, TOKEN);
  });

  it('gives up an upload when nothing moves for MANIFEST_LINT_UPLOAD_STALL_TIMEOUT seconds, and writes nothing', async () => {
    const cwd = project();
    server.answer = 'stall';
    const result = await upload(['skills/notes', '--pin', 'notes'], cwd, { MANIFEST_LINT_UPLOAD_STALL_TIMEOUT: '0.3' });
    expectOneLineError(result, /: nothing moved for 0.3 s \(manifest\.json is unchanged\)$/);
    expect(fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8')).toBe(MANIFEST);
    expectNoToken(result, TOKEN);
  });

  it('reads at most 1 MiB of an answer', async () => {
    server.answer = 'huge';
    const result = await upload(['skills/notes'], project());
    expectOneLineError(result, /the answer is larger than 1 MiB/);
  });

  it('accepts the CID the IPFS projects published for the folder sent: the offline CID is the real one', async () => {
    // kubo's t0040 `moons` folder under v0 (test/fixtures/unixfs-vectors, source kubo-t0040).
    const published = publishedFolderCid('v0', 'moons');
    const cwd = project();
    fs.cpSync(path.join(VECTOR_FOLDERS, 'moons'), path.join(cwd, 'skills/moons'), { recursive: true });
    server.answer = { published };
    const result = await upload(['skills/moons', '--profile', 'v0'], cwd);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`${published}\n`);
    expect(result.code).toBe(0);
    // The same answer for another folder is a mismatch.
    const other = await upload(['skills/notes', '--profile', 'v0'], cwd);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(published);
  });

  it('tells a token the API refuses from a wrong one it was sent', async () => {
    const result = await upload(['skills/notes'], project(), { PINATA_JWT: `${TOKEN}x` });
    expectOneLineError(result, /HTTP 401/);
    expectNoToken(result, TOKEN);
  });

  it('never shows the token, even when the API quotes it back', async () => {
    server.answer = 'quote-token';
    const result = await upload(['skills/notes'], project());
    expectOneLineError(result, /^manifest-lint: the storage API refused the upload \(HTTP 400: .*cannot use Bearer eyJh…/);
    expectNoToken(result, TOKEN);
  });

  it("exits with 1 when the returned CID is not the folder's, naming both, and pins nothing", async () => {
    const cwd = project();
    const offline = (await runCli(['cid', 'skills/notes'], { cwd })).stdout.trim();
    server.answer = { published: WRONG_CID };
    const result = await upload(['skills/notes', '--pin', 'notes'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `manifest-lint: the storage API returned ${WRONG_CID}, but the folder's CID under v1 is ${offline}: the upload does not hold the folder as it is now (did a file change meanwhile?) (manifest.json is unchanged)\n`,
    );
    expect(fs.readFileSync(path.join(cwd, 'manifest.json'), 'utf8')).toBe(MANIFEST);
  });

  it('says which host it cannot reach when nothing listens', async () => {
    const closed = await startStorageServer(TOKEN);
    await closed.close();
    const result = await runCli(['skill', 'upload', 'skills/notes', '--upload-url', closed.url], { cwd: project(), env: { PINATA_JWT: TOKEN } });
    expectOneLineError(result, new RegExp(`^manifest-lint: cannot reach ${closed.url}: the connection was refused$`));
  });

  it('takes the token from PINATA_JWT only', async () => {
    const cwd = project();
    expectOneLineError(
      await upload(['skills/notes'], cwd, { PINATA_JWT: undefined }),
      /^manifest-lint: PINATA_JWT is not set: skill upload reads the storage API's key \(its JWT\) from that environment variable only$/,
    );
    expectOneLineError(await upload(['skills/notes'], cwd, { PINATA_JWT: 'two words' }), /PINATA_JWT holds spaces or characters an HTTP header cannot carry/);
    const asArgument = await upload(['skills/notes', '--token', TOKEN], cwd, { PINATA_JWT: undefined });
    expectOneLineError(asArgument, /unknown option: --token/);
    expectNoToken(asArgument, TOKEN);
    expect(server.received).toEqual([]);
  });

  it('refuses usage problems with exit 2 and one line', async () => {
    const cwd = project();
    expectOneLineError(await upload(['skills/notes', '--network', 'ipfs'], cwd), /unknown network: ipfs \(use public or private\)$/);
    expectOneLineError(await upload(['skills/notes', '--profile', 'v2'], cwd), /unknown profile: v2/);
    expectOneLineError(await upload([], cwd), /skill upload expects the skill's folder/);
    expectOneLineError(await upload(['skills/notes/SKILL.md'], cwd), /skills\/notes\/SKILL\.md is a file: skill upload sends a skill's folder/);
    fs.mkdirSync(path.join(cwd, 'skills/empty/sub'), { recursive: true });
    expectOneLineError(await upload(['skills/empty'], cwd), /skills\/empty holds no files, so there is nothing to upload$/);
    expectOneLineError(await runCli(['skill', 'download', 'x'], { cwd }), /unknown skill command: download \(use upload\)$/);
    expectOneLineError(await runCli(['skill'], { cwd }), /skill expects a command: upload/);
    expectOneLineError(
      await runCli(['skill', 'upload', 'skills/notes', '--upload-url', 'http://uploads.example.com'], { cwd, env: { PINATA_JWT: TOKEN } }),
      /--upload-url must use https: over http the token would travel in clear text/,
    );
    expectOneLineError(
      await runCli(['skill', 'upload', 'skills/notes', '--upload-url', 'not a url'], { cwd, env: { PINATA_JWT: TOKEN } }),
      /--upload-url expects an http\(s\) URL/,
    );
    expect(server.received).toEqual([]);
  });

  it('refuses a folder holding a symbolic link before sending anything', async () => {
    const cwd = project();
    fs.symlinkSync('/etc/hostname', path.join(cwd, 'skills/notes/host'));
    expectOneLineError(await upload(['skills/notes'], cwd), /^manifest-lint: skills\/notes\/host is a symbolic link: an upload never follows links/);
    expect(server.received).toEqual([]);
  });

  it("stops with the file's name when a file changes while it is sent", async () => {
    const cwd = project();
    const source = await readUploadSource(path.join(cwd, 'skills/notes'), 'skills/notes');
    fs.appendFileSync(path.join(cwd, 'skills/notes/SKILL.md'), 'more\n');
    const sent = uploadSource({ uploadUrl: server.url, token: TOKEN, fields: {}, source, stallTimeoutMs: 60_000 });
    await expect(sent).rejects.toThrow(UploadSourceError);
    await expect(sent).rejects.toThrow('skills/notes/SKILL.md changed while it was read (21 bytes before, more now)');
  });

  it('reports progress of hashing and sending on standard error for a large folder', async () => {
    const cwd = project();
    fs.truncateSync(writeFile(cwd, 'skills/big/data.bin', ''), 40 * 1024 * 1024);
    writeFile(cwd, 'skills/big/SKILL.md', '# Big\n');
    const result = await upload(['skills/big'], cwd);
    expect(result.code).toBe(0);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines.filter((line) => line.startsWith('manifest-lint: hashed '))).toHaveLength(4);
    expect(lines.filter((line) => line.startsWith('manifest-lint: sent '))).toHaveLength(4);
    expect(lines.at(-1)).toBe('manifest-lint: sent 40.0 MiB of 40.0 MiB (100%)');
    expect(server.received[0]!.contentLength).toBeGreaterThan(40 * 1024 * 1024);
    expectNoToken(result, TOKEN);
  });
});
