/**
 * A language feature is declared once, in the table of language/features.ts, and the library
 * takes it from there: it offers the features the table marks, over plain text, with the
 * table's own arguments; a text the service does not serve gets nothing from any of them.
 */
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, FEATURES, type AnyFeature } from '../../language/features.js';
import { createLanguageService } from '../../lib/index.js';
import { WEB_APP } from '../ci-manifests.js';

/** Params that every request of the table accepts: each reads the part it needs. */
const PARAMS = {
  textDocument: { uri: 'untitled:/manifest.json' },
  position: { line: 0, character: 1 },
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
  context: { diagnostics: [] },
  options: { tabSize: 2, insertSpaces: true },
  newName: 'RENAMED',
};

const table = FEATURE_NAMES.map((name) => ({ name, feature: FEATURES[name] as AnyFeature }));

describe('the library language service', () => {
  const service = createLanguageService({ now: '2026-11-24T09:00:00Z' });

  it('has the published methods, and no other', () => {
    expect(Object.keys(service).sort()).toEqual([
      'codeActions',
      'complete',
      'definition',
      'diagnostics',
      'foldingRanges',
      'format',
      'hover',
      'inlayHints',
      'prepareRename',
      'rename',
      'symbols',
    ]);
  });

  it.each(table.filter(({ feature }) => feature.library !== undefined))(
    'offers $name from the table: nothing for a web app manifest, as a promise when the feature awaits',
    async ({ name, feature }) => {
      const method = service[name as keyof typeof service] as (text: string, ...args: unknown[]) => unknown;
      const answer = method(WEB_APP, ...feature.args(PARAMS));
      expect(answer instanceof Promise).toBe(feature.awaits === true);
      expect(await answer).toEqual(feature.library === 'list' ? [] : null);
    },
  );

  it('answers from the service for a manifest it serves', async () => {
    const text = '{\n  "version": 1,\n  "agent": { "name": "Digest" },\n  "secrets": [{ "name": "API_KEY" }]\n}\n';
    // On the secret's name, which can be renamed.
    const position = { line: 3, character: 25 };
    expect(await service.hover(text, position)).not.toBeNull();
    expect((await service.complete(text, { line: 1, character: 2 }))?.items.length).toBeGreaterThan(0);
    expect(service.foldingRanges(text).length).toBeGreaterThan(0);
    expect(service.prepareRename(text, position)?.placeholder).toBe('API_KEY');
    expect(Object.values(service.rename(text, position, 'RENAMED')?.changes ?? {}).flat()).toHaveLength(1);
  });
});
