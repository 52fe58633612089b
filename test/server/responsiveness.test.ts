/**
 * A large manifest is linted in slices: requests are answered while it runs, and a run whose
 * document changed is given up instead of finishing for a version nobody sees.
 */
import { describe, expect, it } from 'vitest';
import { fileUri, TestClient, workspace } from './client.js';

interface Status {
  lastLint: { uri: string; version: number; millis: number } | null;
  staleRuns: number;
}

const head = '"version": 1, "agent": { "name": "Busy" }';
// 50,000 tasks (3.6 MB): about 360 ms to parse and twice that for the rules, each task broken
// in several ways, so most rules have work to do.
const TASKS = `{${head}, "tasks": [${Array.from({ length: 50_000 }, (_, i) => `{"name":"t${i}","schedule":{"kind":"every","everyMs":10},"prompt":"x"}`).join(',')}]}`;

const COMPLETION = (uri: string) => ({ textDocument: { uri }, position: { line: 0, character: 2 } });

describe('a large manifest', () => {
  it('answers requests between the slices of its lint', async () => {
    const client = await TestClient.start();
    const uri = fileUri(workspace(), 'manifest.json');
    await client.open(uri, TASKS);
    // A request every 20 ms until the diagnostics arrive; each notes when it was sent and whether
    // its answer came before the diagnostics (messages arrive, and are handled, in order).
    const requests: { sent: number; answered?: number; duringLint?: boolean }[] = [];
    let published = false;
    const diagnostics = client.diagnosticsFor(uri, 1).then(() => (published = true));
    while (!published) {
      const request: (typeof requests)[number] = { sent: performance.now() };
      requests.push(request);
      void client.request('textDocument/completion', COMPLETION(uri)).then(() => {
        request.answered = performance.now();
        request.duringLint = client.publishedFor(uri).length === 0;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await diagnostics;
    await client.until(() => (requests.every((r) => r.answered !== undefined) ? true : undefined), 'every answer');
    // The first answer waits for the parse (which the lint then shares). A lint holding the server
    // to its end would answer every request sent after it only once the diagnostics are out; in
    // slices, they are answered while it runs. Told by the order of the messages, not by times,
    // which a busy machine stretches.
    const firstAnswer = Math.min(...requests.map((r) => r.answered!));
    const later = requests.filter((r) => r.sent > firstAnswer);
    const status = await client.request<Status>('agentManifest/status', {});
    expect(status.lastLint).toMatchObject({ uri, version: 1 });
    expect(later.length).toBeGreaterThanOrEqual(10);
    expect(later.filter((r) => r.duringLint).length).toBeGreaterThanOrEqual(later.length / 2);
  }, 30_000);

  it('gives up runs for versions that changed, and publishes the latest', async () => {
    const client = await TestClient.start();
    const uri = fileUri(workspace(), 'manifest.json');
    // Each version starts a run (20 ms of quiet is the tests' debounce) that the next edit
    // overtakes, the opened one included.
    await client.open(uri, TASKS);
    for (let version = 2; version <= 6; version++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await client.change(uri, version, [{ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, text: ' ' }]);
    }
    const latest = await client.diagnosticsFor(uri, 6);
    expect(latest.version).toBe(6);
    expect(client.publishedFor(uri).map((p) => p.version)).toEqual([6]);
    const status = await client.request<Status>('agentManifest/status', {});
    // A run that starts late takes the newest version; one overtaken while it runs is dropped.
    expect(status.staleRuns).toBeGreaterThanOrEqual(1);
    expect(status.lastLint).toMatchObject({ uri, version: 6 });
  }, 30_000);
});
