/**
 * The library's language service: the server's features over plain text, in memory, with the
 * library's options (rules, config, clock) and the same masking.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load as loadSchema } from '../../language/lazy/manifest-schema.js';
import { createLanguageService } from '../../lib/index.js';

const NOW = '2026-11-24T09:00:00Z';
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const TEXT = `{
  "version": 1,
  "agent": { "name": "Digest" },
  "secrets": [{ "name": "OPENAI_API_KEY" }],
  "skills": [{ "name": "notes", "clawhub_slug": "acme/notes" }],
  "routes": [{ "port": 18789, "path": "/" }],
  "scripts": { "start": "node server.js --port 18789" },
  "channels": { "telegram": { "botToken": "${TOKEN}" } },
  "tasks": [{ "name": "digest", "schedule": { "kind": "cron", "expr": "0 8 * * 1" }, "payload": { "kind": "agentTurn", "text": "go" }, "delivery": { "mode": "announce", "channel": "telegram" } }]
}
`;
const at = (needle: string, offset = 1) => {
  const index = TEXT.indexOf(needle) + offset;
  const before = TEXT.slice(0, index).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
};

describe('createLanguageService', () => {
  const service = createLanguageService({ now: NOW });

  it('gives the findings as LSP diagnostics, masked', async () => {
    const diagnostics = await service.diagnostics(TEXT);
    expect(diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['route-port-reserved', 'channel-token-literal']));
    expect(diagnostics.find((d) => d.code === 'route-port-reserved')?.range.start).toEqual(at('18789', 0));
    expect(JSON.stringify(diagnostics)).not.toContain(TOKEN.slice(4, 20));
  });

  it('offers quick fixes and fix-all, with titles that show no secret', async () => {
    const range = { start: at(TOKEN, 0), end: at(TOKEN, 0) };
    const actions = await service.codeActions(TEXT, range);
    expect(actions.map((a) => a.title)).toContain('Move the token to the secret `TELEGRAM_BOT_TOKEN`');
    expect(actions.map((a) => a.title)).toContain('Fix all problems (agent-manifest)');
    for (const action of actions) expect(action.title).not.toContain(TOKEN.slice(4, 20));
    expect(await service.codeActions(TEXT, range, ['source.fixAll.agentManifest'])).toHaveLength(1);
  });

  it("hovers with the schema's documentation and the schedule's next runs", async () => {
    const hover = await service.hover(TEXT, at('0 8 * * 1'));
    const value = (hover?.contents as { value: string }).value;
    expect(value).toContain('Mon 30 Nov 08:00 (2026-11-30T08:00:00Z)');
    const token = await service.hover(TEXT, at(TOKEN, 3));
    expect(JSON.stringify(token)).not.toContain(TOKEN.slice(4, 20));
  });

  it('completes keys and values', async () => {
    const completion = await service.complete(TEXT, at('"kind": "agentTurn"', 9));
    expect(completion?.items.map((item) => item.label)).toEqual(expect.arrayContaining(['"agentTurn"', '"systemEvent"']));
  });

  it('leaves the bundled schema as written after the JSON service resolved its references', async () => {
    // Completion and hover make vscode-json-languageservice resolve the schema's `$ref`s.
    await service.complete(TEXT, at('"mode": "announce"', 9));
    await service.hover(TEXT, at('"telegram"', 2));
    const file = JSON.parse(readFileSync(new URL('../../schema/manifest.v1.json', import.meta.url), 'utf8')) as unknown;
    expect(loadSchema()).toEqual(file);
  });

  it('gives the outline, folding, formatting, inlay hints and definitions', () => {
    expect(service.symbols(TEXT).map((s) => s.name)).toEqual(['agent', 'secrets', 'skills', 'routes', 'scripts', 'channels', 'tasks']);
    expect(service.foldingRanges(TEXT).length).toBeGreaterThan(0);
    const minified = '{"version":1,"agent":{"name":"a"}}';
    const [edit] = service.format(minified, { tabSize: 4 });
    expect(edit).toBeDefined();
    expect(service.format(minified).length).toBeGreaterThan(1);
    expect(service.inlayHints(TEXT).map((hint) => hint.label)).toContain('next: Mon 30 Nov 08:00 UTC');
    const [definition] = service.definition(TEXT, at('"channel": "telegram"', 13));
    expect(definition?.range.start).toEqual(at('"telegram": {', 0));
  });

  it('renames a secret, and refuses anything else with a reason', () => {
    const position = at('OPENAI_API_KEY', 2);
    expect(service.prepareRename(TEXT, position)?.placeholder).toBe('OPENAI_API_KEY');
    const edit = service.rename(TEXT, position, 'OPENAI_KEY');
    expect(
      Object.values(edit?.changes ?? {})
        .flat()
        .map((change) => change.newText),
    ).toContain('OPENAI_KEY');
    expect(service.prepareRename(TEXT, at('"notes"', 2))).toBeNull();
    expect(() => service.rename(TEXT, at('"notes"', 2), 'x')).toThrow(/Only a secret can be renamed/);
  });

  it('follows its options: rule overrides, a config with ignores, the clock', async () => {
    const quiet = createLanguageService({ now: NOW, rules: { 'route-port-reserved': 'off' }, config: { ignore: [{ path: '/channels' }] } });
    const codes = (await quiet.diagnostics(TEXT)).map((d) => d.code);
    expect(codes).not.toContain('route-port-reserved');
    expect(codes).not.toContain('channel-token-literal');
    const later = createLanguageService({ now: '2026-12-01T09:00:00Z' });
    expect(later.inlayHints(TEXT).map((hint) => hint.label)).toContain('next: Mon 7 Dec 08:00 UTC');
    expect(() => createLanguageService({ config: '{ "rules": { "route-port-reserved": "loud" } }' })).toThrow(/config/);
    expect(() => createLanguageService({ now: 'soon' })).toThrow(/now is not a time/);
  });

  it('answers for the text it is given, each call', async () => {
    const fixed = TEXT.replace('18789, "path"', '18790, "path"');
    expect((await service.diagnostics(fixed)).map((d) => d.code)).not.toContain('route-port-reserved');
    expect((await service.diagnostics(TEXT)).map((d) => d.code)).toContain('route-port-reserved');
  });

  it('completes keys in a document too large for the JSON language service, from the schema', async () => {
    // About 1.2 MB of secrets' descriptions, then a route and a task being written.
    const secrets = Array.from({ length: 1200 }, (_, i) => `{ "name": "KEY_${i}", "description": "${'d'.repeat(1000)}" }`).join(', ');
    const big = `{ "version": 1, "agent": { "name": "Big" }, "secrets": [${secrets}],\n  "routes": [{ "port": 3000, "" }],\n  "tasks": [{ "name": "t", "" }] }\n`;
    expect(big.length).toBeGreaterThan(1_000_000);
    const keysAt = async (needle: string, index = 0) => {
      let offset = -1;
      for (let i = 0; i <= index; i++) offset = big.indexOf(needle, offset + 1);
      const before = big.slice(0, offset + 1).split('\n');
      const list = await service.complete(big, { line: before.length - 1, character: before.at(-1)!.length });
      return (list?.items ?? []).map((item) => item.label);
    };
    const route = await keysAt('""');
    expect(route).toEqual(expect.arrayContaining(['path', 'protected']));
    expect(route).not.toContain('port');
    const task = await keysAt('""', 1);
    expect(task).toEqual(expect.arrayContaining(['schedule', 'payload', 'delivery', 'prompt']));
    expect(task).not.toContain('name');
  });

  it('does not offer a route path that another route already uses', async () => {
    const text = '{ "version": 1, "agent": { "name": "Two" }, "routes": [{ "port": 3000, "path": "/app" }, { "port": 3001, "path": "" }] }\n';
    const offset = text.lastIndexOf('""') + 1;
    const list = await service.complete(text, { line: 0, character: offset });
    const labels = (list?.items ?? []).map((item) => item.label);
    expect(labels).toContain('"/api"');
    expect(labels).not.toContain('"/app"');
  });
});
