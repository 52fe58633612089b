import { describe, expect, it } from 'vitest';
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  MarkupContent,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { CLEAN, PROBLEMS } from './fixtures.js';
import { applyEdits, fileUri, positionOf, rangeOf, TestClient, workspace } from './client.js';

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);

/** A document of its own, in the file's shared server. */
async function openManifest(text: string, name = 'manifest.json'): Promise<{ client: TestClient; uri: string }> {
  const client = await TestClient.shared();
  const uri = fileUri(workspace(), name);
  await client.open(uri, text);
  await client.diagnosticsFor(uri, 1);
  return { client, uri };
}

describe('completion', () => {
  /** Completion at the `|` of `text` (the bar is removed). */
  async function complete(text: string): Promise<CompletionItem[]> {
    const offset = text.indexOf('|');
    const source = text.slice(0, offset) + text.slice(offset + 1);
    const { client, uri } = await openManifest(source);
    const position = positionOf(source, source.slice(0, offset), offset);
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
    return list.items;
  }
  const labels = (items: CompletionItem[]) => items.map((item) => item.label);

  it('proposes the keys not yet present, documented, as snippets', async () => {
    const items = await complete(CLEAN.replace('"version": 1,', '"version": 1,\n  |'));
    expect(labels(items)).toEqual(expect.arrayContaining(['engine', 'template']));
    expect(labels(items)).not.toContain('version');
    expect(labels(items)).not.toContain('agent');
    const engine = items.find((item) => item.label === 'engine')!;
    expect(engine.insertTextFormat).toBe(2);
    expect((engine.textEdit as TextEdit).newText).toMatch(/^"engine": /);
    expect(JSON.stringify(engine.documentation)).toMatch(/openclaw/);
  });

  it('proposes enum values with their descriptions', async () => {
    const items = await complete('{ "version": 1, "agent": { "name": "x" }, "engine": | }');
    expect(labels(items)).toEqual(['"openclaw"', '"hermes"']);
    const kinds = await complete('{ "version": 1, "tasks": [ { "schedule": { "kind": | } } ] }');
    expect(labels(kinds)).toEqual(expect.arrayContaining(['"at"', '"every"', '"cron"']));
  });

  it('offers whole-entry snippets from the schema', async () => {
    const items = await complete('{ "version": 1, "tasks": [ | ] }');
    const cron = items.find((item) => item.label === 'Task on a cron schedule');
    expect(cron).toBeDefined();
    expect((cron!.textEdit as TextEdit).newText).toContain('"kind": "cron"');
    const routes = await complete('{ "version": 1, "routes": [ | ] }');
    expect(labels(routes)).toContain('Route');
  });

  it('offers env: names of declared secrets in channel tokens', async () => {
    const items = await complete(CLEAN.replace('"botToken": "env:TELEGRAM_BOT_TOKEN"', '"botToken": "|"'));
    expect(labels(items)).toEqual(expect.arrayContaining(['"env:TELEGRAM_BOT_TOKEN"', '"env:NOTES_API_KEY"']));
    const item = items.find((i) => i.label === '"env:TELEGRAM_BOT_TOKEN"')!;
    expect((item.textEdit as TextEdit).newText).toBe('"env:TELEGRAM_BOT_TOKEN"');
    expect((item.documentation as MarkupContent).value).toContain('Bot token from BotFather');
  });

  it('offers configured channels for a delivery, time zones in tz and providers for models, in half-typed JSON', async () => {
    const channels = await complete(CLEAN.replace('"channel": "telegram"', '"channel": "|"'));
    expect(channels.find((item) => item.label === '"telegram"')?.detail).toBe('channel configured under channels');

    // Cut short inside the time zone string: not JSON at all any more.
    const cut = CLEAN.slice(0, CLEAN.indexOf('"Europe/Lisbon"')) + '"Eu|';
    const zones = await complete(cut);
    expect(labels(zones)).toEqual(expect.arrayContaining(['"Europe/Lisbon"', '"America/New_York"', '"UTC"']));

    const models = await complete(CLEAN.replace('"model": "anthropic/claude-sonnet-4-5"', '"model": |'));
    expect(labels(models)).toEqual(expect.arrayContaining(['"anthropic/"', '"openai/"', '"openrouter/"', '"deepseek/"']));
    const anthropic = models.find((item) => item.label === '"anthropic/"')!;
    expect((anthropic.textEdit as TextEdit).newText).toBe('"anthropic/$1"');
    expect(anthropic.insertTextFormat).toBe(2);
  });
});

describe('hover', () => {
  async function hover(text: string, needle: string, delta = 1, nth = 0): Promise<string> {
    const { client, uri } = await openManifest(text);
    const result = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, needle, delta, nth) });
    return result ? (result.contents as MarkupContent).value : '';
  }

  it('reads a cron expression in plain English with its next three runs in its time zone', async () => {
    const text = await hover(CLEAN, '"0 9 * * 1-5"', 3);
    expect(text).toContain('Cron expression'); // the schema's documentation comes first
    expect(text).toContain('at 09:00, Monday through Friday');
    expect(text).toContain('Europe/Lisbon');
    expect(text).toContain('- Tue 24 Nov 09:00 (2026-11-24T09:00:00Z)\n- Wed 25 Nov 09:00 (2026-11-25T09:00:00Z)\n- Thu 26 Nov 09:00 (2026-11-26T09:00:00Z)');

    const legacy = CLEAN.replace('"schedule": { "kind": "cron", "expr": "0 9 * * 1-5", "tz": "Europe/Lisbon" }', '"schedule": "30 18 * * *"');
    const shorthand = await hover(legacy, '"30 18 * * *"', 2);
    expect(shorthand).toContain('at 18:30');
    expect(shorthand).toContain('- Mon 23 Nov 18:30 (2026-11-23T18:30:00Z)');
  });

  it('gives everyMs in words, CID facts, and what a route does', async () => {
    expect(await hover(CLEAN, '900000')).toContain('`900000` ms = **15 minutes**');
    const cid = await hover(CLEAN, '"bafybei', 5);
    expect(cid).toContain('**CIDv1**');
    expect(cid).toContain('`dag-pb`');
    expect(cid).toContain('`sha2-256`');
    const route = await hover(CLEAN, '"/app"', 2);
    expect(route).toContain('Path prefix'); // schema title
    expect(route).toContain('`https://<agent host>/app/…` forwards to port 3000 inside the container');
    expect(route).toContain('The `/app` prefix is stripped');
    expect(route).toContain('**Protected:**');
    // Without `protected`, the hover says the sources disagree on its default.
    const unset = await hover(CLEAN.replace(/,\s*"protected": true/, ''), '"/app"', 2);
    expect(unset).toContain('**`protected` is not set**');
    expect(unset).toMatch(/docs say a route is public by default, Pinata's starter template says it requires a gateway token/);
  });

  it('tells where an env: token comes from', async () => {
    const declared = await hover(CLEAN, 'env:TELEGRAM_BOT_TOKEN', 6);
    expect(declared).toContain('Bot token'); // the schema's title of botToken
    expect(declared).toContain('environment variable `TELEGRAM_BOT_TOKEN`, declared in `secrets[0]`');
    expect(declared).toContain('Bot token from BotFather');
    const undeclared = await hover(CLEAN.replace('"env:TELEGRAM_BOT_TOKEN"', '"env:TG_TOKEN"'), 'env:TG_TOKEN', 6);
    expect(undeclared).toContain('**not declared**');
  });

  it('documents fields and their limits from the schema', async () => {
    const text = await hover(PROBLEMS, '"port"', 2);
    expect(text).toContain('Container port');
    expect(text).toContain('1025-65535');
  });
});

describe('code actions', () => {
  it('rewrites the model and a task between the forms the sources each accept, as refactorings', async () => {
    const text = `{
  "version": 1,
  "agent": { "name": "Forms" },
  "model": { "primary": "anthropic/claude-sonnet-4-6" },
  "tasks": [{ "name": "poll", "prompt": "Check the feed", "schedule": "600000ms", "enabled": true }]
}
`;
    const { client, uri } = await openManifest(text);
    const rewrites = async (source: string, at: string) =>
      client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: rangeOf(source, at),
        context: { diagnostics: [], only: ['refactor'] },
      });
    const model = await rewrites(text, 'claude-sonnet');
    expect(model.map((action) => [action.kind, action.title])).toEqual([['refactor.rewrite', "Write the model as the docs' string"]]);
    const task = await rewrites(text, 'Check the feed');
    expect(task.map((action) => action.title)).toEqual(["Write the task as the docs' `schedule` and `payload` objects"]);
    const objects = applyEdits(text, model[0]!.edit!.changes![uri]!);
    const rewritten = applyEdits(text, [...model[0]!.edit!.changes![uri]!, ...task[0]!.edit!.changes![uri]!]);
    expect(JSON.parse(objects).model).toBe('anthropic/claude-sonnet-4-6');
    expect(JSON.parse(rewritten).tasks[0]).toEqual({
      name: 'poll',
      schedule: { kind: 'every', everyMs: 600000 },
      payload: { kind: 'agentTurn', text: 'Check the feed' },
      enabled: true,
    });
    // And back: the object forms offer the other rewrite.
    await client.applyEdits(uri, 2, [{ range: rangeOf(text, text.trim()), newText: rewritten.trim() }]);
    expect((await rewrites(rewritten, '"anthropic/claude-sonnet-4-6"')).map((action) => action.title)).toEqual([
      'Write the model as the published schema\'s `{ "primary": … }`',
    ]);
    expect((await rewrites(rewritten, 'Check the feed')).map((action) => action.title)).toEqual([
      "Write the task as the shorthand `prompt` and `schedule` string (the template validator's form)",
    ]);
  });

  it('offers another port for route-port-reserved as a suggestion, not preferred; applying it makes the diagnostic go', async () => {
    const { client, uri } = await openManifest(PROBLEMS);
    const published = (await client.diagnosticsFor(uri, 1)).diagnostics;
    const reserved = published.find((d) => d.code === 'route-port-reserved')!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: reserved.range,
      context: { diagnostics: [reserved], only: ['quickfix'] },
    });
    const fix = actions.find((action) => action.title === 'Use port 18790 (then start your server on it)')!;
    expect(fix.kind).toBe('quickfix');
    expect(fix.isPreferred).toBe(false);
    expect(fix.diagnostics?.[0]?.code).toBe('route-port-reserved');
    const edits = fix.edit!.changes![uri]!;
    expect(edits).toEqual([{ range: rangeOf(PROBLEMS, '18789'), newText: '18790' }]);

    await client.applyEdits(uri, 2, edits);
    const after = await client.diagnosticsFor(uri, 2);
    expect(codes(after.diagnostics)).not.toContain('route-port-reserved');
    expect(codes(after.diagnostics)).toContain('unknown-property');
  });

  it('offers every alternative, none preferred', async () => {
    const text = `{
  "version": 1,
  "agent": { "name": "Two Sources" },
  "skills": [{ "name": "notes", "clawhub_slug": "acme/notes", "cid": "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi" }]
}
`;
    const { client, uri } = await openManifest(text);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: rangeOf(text, '{ "name": "notes"'),
      context: { diagnostics: [] },
    });
    const quickFixes = actions.filter((action) => action.kind === 'quickfix' && action.diagnostics?.[0]?.code === 'skill-source-exclusive');
    expect(quickFixes.length).toBe(2);
    expect(quickFixes.every((action) => action.isPreferred === false)).toBe(true);
  });

  it('fixes all problems at once as a source action, applying the certain fixes and no suggestion', async () => {
    const text = PROBLEMS.replace('"path": "/app"', '"path": "/app/"').replace(
      '"agent": { "name": "Port Clash" },',
      '"agent": { "name": "Port Clash" },\n  "model": " anthropic/claude-sonnet-4-5",',
    );
    const { client, uri } = await openManifest(text);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    expect(actions.map((action) => [action.kind, action.title])).toEqual([['source.fixAll.agentManifest', 'Fix all problems (agent-manifest)']]);
    const edits = actions[0]!.edit!.changes![uri]!;
    const fixed = applyEdits(text, edits);
    expect(fixed).toContain('"path": "/app"');
    expect(fixed).toContain('"model": "anthropic/claude-sonnet-4-5"');
    // The port and the typo take a choice: they stay.
    expect(fixed).toContain('"port": 18789');
    expect(fixed).toContain('"protcted": true');
    await client.applyEdits(uri, 2, edits);
    expect(client.text(uri)).toBe(fixed);
    const after = await client.diagnosticsFor(uri, 2);
    expect(codes(after.diagnostics)).not.toContain('route-path-trailing-slash');
    expect(codes(after.diagnostics)).not.toContain('model-format');
    expect(codes(after.diagnostics)).toEqual(expect.arrayContaining(['route-port-reserved', 'unknown-property']));
  });
});

describe('navigation and editing', () => {
  it('outlines the manifest', async () => {
    const { client, uri } = await openManifest(CLEAN);
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols.map((s) => s.name)).toEqual(['agent', 'model', 'secrets', 'skills', 'tasks', 'scripts', 'routes', 'channels']);
    const byName = (name: string) => symbols.find((s) => s.name === name)!;
    expect(byName('agent').detail).toBe('Field Notes');
    expect(byName('secrets').children!.map((s) => s.name)).toEqual(['TELEGRAM_BOT_TOKEN', 'NOTES_API_KEY']);
    expect(byName('skills').children!.map((s) => s.name)).toEqual(['notes']);
    expect(byName('tasks').children!.map((s) => [s.name, s.detail])).toEqual([
      ['morning-digest', 'cron 0 9 * * 1-5'],
      ['heartbeat', 'every 15 minutes'],
    ]);
    expect(byName('routes').children!.map((s) => [s.name, s.detail])).toEqual([['/app', 'port 3000, protected']]);
    expect(byName('channels').children!.map((s) => s.name)).toEqual(['telegram']);
    expect(byName('scripts').children!.map((s) => s.name)).toEqual(['build', 'start']);
    expect(byName('tasks').selectionRange).toEqual(rangeOf(CLEAN, '"tasks"'));
    expect(byName('tasks').children![0]!.selectionRange).toEqual(rangeOf(CLEAN, '"morning-digest"'));
  });

  it('formats the document and a range, honouring tab size and spaces', async () => {
    const compact = '{"version":1,"agent":{"name":"Compact","emoji":"🧠"},"routes":[{"port":3000,"path":"/app"}]}';
    const { client, uri } = await openManifest(compact);
    const spaces = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true } });
    expect(applyEdits(compact, spaces)).toBe(JSON.stringify(JSON.parse(compact), null, 4));
    const tabs = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 4, insertSpaces: false } });
    expect(applyEdits(compact, tabs)).toBe(JSON.stringify(JSON.parse(compact), null, '\t'));
    const range = rangeOf(compact, '{"name":"Compact","emoji":"🧠"}');
    const partial = await client.request<TextEdit[]>('textDocument/rangeFormatting', {
      textDocument: { uri },
      range,
      options: { tabSize: 2, insertSpaces: true },
    });
    const formatted = applyEdits(compact, partial);
    // Only the agent object is laid out; the rest stays as it was.
    expect(formatted.startsWith('{"version":1,"agent":{\n')).toBe(true);
    expect(formatted).toMatch(/\n +"name": "Compact",\n +"emoji": "🧠"\n +\},"routes":\[\{"port":3000,"path":"\/app"\}\]\}$/);
  });

  it('folds objects and arrays', async () => {
    const { client, uri } = await openManifest(CLEAN);
    const ranges = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    const line = (needle: string) => positionOf(CLEAN, needle).line;
    expect(ranges).toContainEqual(expect.objectContaining({ startLine: line('"secrets"'), endLine: line('"NOTES_API_KEY"') }));
    expect(ranges).toContainEqual(expect.objectContaining({ startLine: line('"tasks"'), endLine: line('"Check the inbox"') + 1 }));
    expect(ranges).toContainEqual(expect.objectContaining({ startLine: 0 }));
  });

  it('goes from env:VAR to its secret and from delivery.channel to the channel', async () => {
    const { client, uri } = await openManifest(CLEAN);
    const secret = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri },
      position: positionOf(CLEAN, 'env:TELEGRAM_BOT_TOKEN', 8),
    });
    expect(secret).toEqual([{ uri, range: rangeOf(CLEAN, '"TELEGRAM_BOT_TOKEN"') }]);
    const channel = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri },
      position: positionOf(CLEAN, '"channel": "telegram"', 14),
    });
    expect(channel).toEqual([{ uri, range: rangeOf(CLEAN, '"telegram"', 1) }]);
    expect(await client.request('textDocument/definition', { textDocument: { uri }, position: positionOf(CLEAN, '"Field Notes"', 2) })).toBeNull();
  });

  it('renames a secret with every env: reference, and refuses names that are not variable names', async () => {
    const { client, uri } = await openManifest(CLEAN);
    const onReference = positionOf(CLEAN, 'env:TELEGRAM_BOT_TOKEN', 6);
    const prepared = await client.request('textDocument/prepareRename', { textDocument: { uri }, position: onReference });
    expect(prepared).toEqual({
      range: { start: positionOf(CLEAN, 'env:TELEGRAM_BOT_TOKEN', 4), end: positionOf(CLEAN, 'env:TELEGRAM_BOT_TOKEN', 22) },
      placeholder: 'TELEGRAM_BOT_TOKEN',
    });
    expect(await client.request('textDocument/prepareRename', { textDocument: { uri }, position: positionOf(CLEAN, '"Field Notes"', 2) })).toBeNull();

    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri },
      position: positionOf(CLEAN, '"TELEGRAM_BOT_TOKEN"', 3),
      newName: 'TG_BOT_TOKEN',
    });
    const edits = edit.changes![uri]!;
    expect(edits.length).toBe(2);
    await client.applyEdits(uri, 2, edits);
    expect(client.text(uri)).toBe(
      CLEAN.replace('"name": "TELEGRAM_BOT_TOKEN"', '"name": "TG_BOT_TOKEN"').replace('"env:TELEGRAM_BOT_TOKEN"', '"env:TG_BOT_TOKEN"'),
    );
    expect((await client.diagnosticsFor(uri, 2)).diagnostics).toEqual([]);

    for (const newName of ['1BAD', 'has space', 'env:X', 'NOTES_API_KEY']) {
      await expect(
        client.request('textDocument/rename', { textDocument: { uri }, position: positionOf(client.text(uri), 'env:TG_BOT_TOKEN', 6), newName }),
      ).rejects.toMatchObject({ code: -32803 });
    }
  });

  it('shows the next run after cron expressions and durations after everyMs', async () => {
    const { client, uri } = await openManifest(CLEAN);
    const hints = await client.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: positionOf(CLEAN, '"scripts"') },
    });
    expect(hints.map((hint) => [hint.position, hint.label])).toEqual([
      [positionOf(CLEAN, '"0 9 * * 1-5"', 13), 'next: Tue 24 Nov 09:00 Europe/Lisbon'],
      [positionOf(CLEAN, '900000', 6), '= 15 minutes'],
    ]);
    const outside = await client.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: positionOf(CLEAN, '"scripts"'), end: positionOf(CLEAN, '"channels"') },
    });
    expect(outside).toEqual([]);
  });
});
