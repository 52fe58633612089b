import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { CLEAN } from './fixtures.js';
import { fileUri, NOW, ROOT, SERVER, TestClient, workspace } from './client.js';

interface Status {
  heapUsed: number;
  rss: number;
  documents: number;
  lastLint: { uri: string; version: number; millis: number } | null;
  collected: boolean;
}

// Shape and bookkeeping only: how long the work takes is for `npm run bench`, never asserted here.
describe('agentManifest/status', () => {
  it('reports memory, open documents and the work of the latest diagnostics run', async () => {
    const client = await TestClient.start();
    const before = await client.request<Status>('agentManifest/status', {});
    expect(before.documents).toBe(0);
    expect(before.lastLint).toBeNull();
    expect(before.heapUsed).toBeGreaterThan(0);
    expect(before.rss).toBeGreaterThanOrEqual(before.heapUsed);

    const dir = workspace();
    const uri = fileUri(dir, 'manifest.json');
    await client.open(uri, CLEAN);
    await client.diagnosticsFor(uri, 1);
    await client.replace(uri, 2, '"Field Notes"', '"Field Notes 2"');
    await client.diagnosticsFor(uri, 2);
    const other = fileUri(dir, 'other.json');
    await client.open(other, '{ "unrelated": true }');

    const status = await client.request<Status>('agentManifest/status', null);
    expect(status.documents).toBe(2);
    // The plain JSON file is not served, so the manifest's run stays the latest.
    expect(status.lastLint).toMatchObject({ uri, version: 2 });
    expect(Number.isFinite(status.lastLint!.millis)).toBe(true);
    expect(status.lastLint!.millis).toBeGreaterThanOrEqual(0);
    // Without --expose-gc, asking for a collection is harmless and says it did not happen.
    expect((await client.request<Status>('agentManifest/status', { gc: true })).collected).toBe(false);

    await client.close(uri);
    expect((await client.request<Status>('agentManifest/status', undefined)).documents).toBe(1);
    expect(await client.stop()).toBe(0);
  });

  it('collects garbage first when asked and the server runs with --expose-gc', async () => {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, ['--expose-gc', SERVER, '--stdio'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    connection.listen();
    try {
      await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { now: NOW } });
      await connection.sendNotification('initialized', {});
      const status = await connection.sendRequest<Status>('agentManifest/status', { gc: true });
      expect(status.collected).toBe(true);
      expect(status.heapUsed).toBeGreaterThan(0);
      expect((await connection.sendRequest<Status>('agentManifest/status', {})).collected).toBe(false);
    } finally {
      connection.dispose();
      child.kill();
    }
  });
});
