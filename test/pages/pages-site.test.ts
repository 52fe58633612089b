/**
 * The GitHub Pages site as editors and visitors meet it. It is built by the script the workflow
 * runs (build/pages-site.mjs) and served on 127.0.0.1 the way GitHub Pages serves it: the content
 * type by file extension (`.json` as `application/json`) and `Access-Control-Allow-Origin: *`.
 * The schema is then fetched from another origin, as a browser-based editor fetches it, and given
 * to the JSON language service VS Code uses, as an editor configured with the address loads it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsonls from 'vscode-json-languageservice';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../../build/ajv.mjs';
import { pagesBaseUrl, publishedSchemaUrl, SITE_SCHEMA_PATH } from '../../build/pages-url.mjs';
import { servePlayground } from '../../build/serve-playground.mjs';
import { snippet } from '../doc-snippets.js';

const ROOT = new URL('../..', import.meta.url).pathname;
/** Where build/pages-site.mjs writes the site, and the folder the workflow publishes. */
const SITE = 'dist/site';
/** An origin other than the site's: an editor running in a browser tab. */
const EDITOR_ORIGIN = 'https://vscode.dev';

describe('the Pages site, served as GitHub Pages serves it', () => {
  let site: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    // The command docs/schema-url.md gives for a look at the site before it is published.
    const command = snippet('pages-preview').code.trim();
    expect(command).toBe('npm run build:pages');
    execFileSync('sh', ['-c', command], { cwd: ROOT, stdio: 'pipe' });
    site = await servePlayground({ root: join(ROOT, SITE), crossOrigin: true });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  });

  const schemaUrl = () => new URL(SITE_SCHEMA_PATH, site.url).href;

  it("serves the schema at schemas/manifest.v1.json as JSON that another origin may read, byte for byte the repository's", async () => {
    const response = await fetch(schemaUrl(), { headers: { origin: EDITOR_ORIGIN, accept: 'application/schema+json, application/json' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = await response.text();
    expect(body).toBe(readFileSync(SCHEMA_PATH, 'utf8'));
    expect(JSON.parse(body)).toEqual(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')));
  });

  it('gives an editor configured with the address the manifest schema: its checks and its completion', async () => {
    const { getLanguageService, TextDocument } = jsonls;
    const requested: string[] = [];
    const service = getLanguageService({
      schemaRequestService: async (uri) => {
        requested.push(uri);
        const response = await fetch(uri, { headers: { origin: EDITOR_ORIGIN } });
        if (!response.ok) throw new Error(`${uri}: ${response.status}`);
        return response.text();
      },
    });
    // The way editors map a file to a schema without `$schema` in it (json.schemas in VS Code).
    service.configure({ validate: true, schemas: [{ uri: schemaUrl(), fileMatch: ['manifest.json'] }] });
    const text = '{\n  "version": 1,\n  "agent": { "name": "Scout" },\n  "routes": [{ "port": 18789, "path": "/" }],\n  "routez": []\n}\n';
    const document = TextDocument.create('file:///agent/manifest.json', 'json', 1, text);
    const json = service.parseJSONDocument(document);
    const problems = await service.doValidation(document, json, { schemaValidation: 'error' });
    expect(requested).toEqual([schemaUrl()]);
    // The schema's own words, each on the line of its mistake: the reserved port, the unknown key.
    expect(problems.map(({ range, message }) => [range.start.line, message])).toEqual([
      [3, expect.stringMatching(/^Port 18789 is reserved for the platform's gateway/)],
      [4, 'Property routez is not allowed.'],
    ]);
    // Keys offered inside `agent`, just after its `{`.
    const completion = await service.doComplete(document, document.positionAt(text.indexOf('{ "name"') + 1), json);
    expect(completion?.items.map((item) => item.label)).toEqual(expect.arrayContaining(['description', 'emoji']));
  });

  it('serves the playground at its root: the page and every file the page names', async () => {
    const page = await fetch(site.url, { headers: { origin: EDITOR_ORIGIN } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html\b/);
    const html = await page.text();
    expect(html).toContain('<title>');
    const named = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!).filter((address) => !/^[a-z]+:/.test(address));
    expect(named).toEqual(expect.arrayContaining(['playground.css', 'playground.js', 'rules/index.html']));
    for (const address of named) expect((await fetch(new URL(address, site.url))).status, address).toBe(200);
  });
});

describe('the Pages address', () => {
  it('is derived from the repository package.json names', () => {
    const { repository } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { repository: { url: string } };
    expect(repository.url).toBe('git+https://github.com/agent-manifest/agent-manifest.git');
    expect(publishedSchemaUrl()).toBe('https://agent-manifest.github.io/agent-manifest/schemas/manifest.v1.json');
    expect(pagesBaseUrl('https://github.com/Octo-Org/Tools')).toBe('https://octo-org.github.io/Tools/');
    expect(pagesBaseUrl('git+ssh://git@github.com/octo/octo.github.io.git')).toBe('https://octo.github.io/');
    expect(() => pagesBaseUrl('https://gitlab.com/octo/tools')).toThrow(/not a GitHub repository/);
  });
});

describe('the Pages workflow', () => {
  type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
  type Job = { permissions: Record<string, string>; steps: Step[]; needs?: string };
  const text = readFileSync(join(ROOT, '.github/workflows/pages.yml'), 'utf8');
  const workflow = parse(text) as { on: Record<string, unknown>; permissions: unknown; concurrency: { group: string }; jobs: Record<string, Job> };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

  it('runs on pushes to main and by hand, one deployment at a time', () => {
    expect(workflow.on).toEqual({ push: { branches: ['main'] }, workflow_dispatch: null });
    expect(workflow.concurrency.group).toBeTruthy();
  });

  it('publishes what build/pages-site.mjs writes, through the npm script, with no logic of its own', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(steps.flatMap((step) => (step.run ? [step.run] : []))).toEqual(['npm ci', 'npm run build:pages']);
    expect(scripts['build:pages']).toBe('node build/build.mjs && node build/pages-site.mjs');
    // The folder the tests above serve, which build/pages-site.mjs wrote.
    expect(steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact@'))?.with).toEqual({ path: SITE });
  });

  it("uses only GitHub's own actions, each pinned by a full commit SHA with its version beside it", () => {
    const official = ['actions/checkout', 'actions/setup-node', 'actions/configure-pages', 'actions/upload-pages-artifact', 'actions/deploy-pages'];
    const used = [...text.matchAll(/uses: (\S+)@(\S+)(.*)/g)].map(([, action, ref, comment]) => ({ action, ref, comment }));
    expect(used.map(({ action }) => action).sort()).toEqual([...official].sort());
    for (const { action, ref, comment } of used) {
      expect(ref, action).toMatch(/^[0-9a-f]{40}$/);
      expect(comment, action).toMatch(/^ # v\d+\.\d+\.\d+$/);
    }
    // One pin for setup-node in the repository: the action's own (action.yml) is the same.
    const setupNode = used.find(({ action }) => action === 'actions/setup-node')!;
    expect(readFileSync(join(ROOT, 'action.yml'), 'utf8')).toContain(`actions/setup-node@${setupNode.ref}${setupNode.comment}`);
  });

  it('gives each job only what it needs: the build reads, the deployment alone writes to Pages', () => {
    expect(workflow.permissions).toEqual({});
    expect(workflow.jobs.build!.permissions).toEqual({ contents: 'read' });
    expect(workflow.jobs.deploy!.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(workflow.jobs.deploy!.needs).toBe('build');
  });
});
