/**
 * The server takes its features from the language service's table (language/features.ts): it
 * announces what each one declares for the client, answers each one's request, and knows no
 * request of a document the table does not name.
 */
import { describe, expect, it } from 'vitest';
import { announcedCapabilities, FEATURE_NAMES, FEATURES, type AnyFeature } from '../../language/features.js';
import { WEB_APP } from '../ci-manifests.js';
import { EDITOR_CAPABILITIES, fileUri, TestClient, workspace } from './client.js';
import { CLEAN } from './fixtures.js';

const METHOD_NOT_FOUND = -32601;
const requests = FEATURE_NAMES.map((name) => (FEATURES[name] as AnyFeature).request.method);

/** Params that every request of the table accepts: each reads the part it needs. */
const paramsFor = (uri: string) => ({
  textDocument: { uri },
  position: { line: 1, character: 3 },
  range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
  context: { diagnostics: [] },
  options: { tabSize: 2, insertSpaces: true },
  newName: 'RENAMED',
});

/** The answer to a request, or the code of the error it was refused with. */
const answerOrCode = (client: TestClient, method: string, params: unknown) =>
  client.request<unknown>(method, params).catch((error: { code: number }) => ({ refused: error.code }));

describe('the feature table in the server', () => {
  it('is what the server announces, for a capable client and for one that advertises nothing', async () => {
    const capable = await TestClient.start();
    expect(capable.result.capabilities).toEqual({
      textDocumentSync: { openClose: true, change: 2 },
      ...announcedCapabilities(EDITOR_CAPABILITIES),
    });
    const bare = await TestClient.start({ capabilities: {} });
    expect(bare.result.capabilities).toEqual({ textDocumentSync: { openClose: true, change: 2 }, ...announcedCapabilities({}) });
  });

  it('answers every request of the table for a manifest, and nothing for a web app manifest', async () => {
    const client = await TestClient.start();
    const manifest = fileUri(workspace(), 'manifest.json');
    const webApp = fileUri(workspace(), 'manifest.json');
    await client.open(manifest, CLEAN);
    await client.open(webApp, WEB_APP);
    for (const method of requests) {
      const answer = await answerOrCode(client, method, paramsFor(manifest));
      expect(answer, method).not.toEqual({ refused: METHOD_NOT_FOUND });
      expect(await answerOrCode(client, method, paramsFor(webApp)), method).toBeNull();
    }
    // Some answer with something: the requests reached the service.
    const answered = await Promise.all(requests.map((method) => answerOrCode(client, method, paramsFor(manifest))));
    expect(answered.filter((answer) => Array.isArray(answer) && answer.length > 0).length).toBeGreaterThan(2);
  });

  it('knows no other request about a document', async () => {
    const client = await TestClient.start();
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, CLEAN);
    expect(await answerOrCode(client, 'textDocument/references', { ...paramsFor(uri), context: { includeDeclaration: true } })).toEqual({
      refused: METHOD_NOT_FOUND,
    });
  });
});
