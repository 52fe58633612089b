/**
 * The masking matrix (SPEC section 11): every generated secret shape × every placement × every
 * output, asserting that no output shows more of a secret than its first characters. The CLI
 * runs in-process through `run(argv, io)`; the language server runs as the built binary over
 * stdio. The number of cells is printed, and every leaking cell is named.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileUri, NOW, TestClient } from '../server/client.js';
import { workspace, writeFile } from '../workspace.js';
import { forbiddenRuns, leakIn } from './leaks.js';
import { cliOutputs, serverOutputs } from './outputs.js';
import { PLACEMENTS, secretShapes, type Placement, type SecretShape } from './secret-cases.js';

interface Case {
  shape: SecretShape;
  placement: Placement;
  /** The manifest's text, and the README's and the config file's when they hold the secret. */
  text: string;
  readme?: string;
  config?: string;
  /** Forbidden runs of every part of the secret the text holds. */
  runs: string[];
  dir: string;
}

const CASES: Case[] = secretShapes().flatMap((shape) =>
  PLACEMENTS.map((placement) => {
    const text = placement.manifest(shape.text);
    const parts = shape.parts.map((part) => placement.present?.(part, shape.text) ?? part);
    const readme = placement.readme?.(shape.text);
    const config = placement.config?.(shape.text);
    return { shape, placement, text, ...(readme ? { readme } : {}), ...(config ? { config } : {}), runs: parts.flatMap(forbiddenRuns), dir: '' };
  }),
);

interface Cell {
  output: string;
  shown: string;
}

describe('secret masking matrix', () => {
  const cells = new Map<string, Cell[]>();
  const record = (item: Case, output: string, shown: string) => {
    const key = `${item.shape.name} | ${item.placement.name}`;
    cells.set(key, [...(cells.get(key) ?? []), { output, shown }]);
  };

  beforeAll(() => {
    for (const item of CASES) {
      item.dir = workspace({
        'manifest.json': item.text,
        'README.md': item.readme ?? '# Courier\n\nPosts a digest.\n',
        ...(item.config ? { '.manifestlintrc.json': item.config } : {}),
      });
      writeFile(item.dir, 'workspace/notes.md', 'notes\n');
    }
  });

  it('covers at least 10 shapes, and its leak check sees every secret in the unmasked files', () => {
    expect(new Set(CASES.map((item) => item.shape.name)).size).toBeGreaterThanOrEqual(10);
    for (const item of CASES) {
      expect(item.runs.length, `${item.shape.name} | ${item.placement.name}`).toBeGreaterThan(0);
      expect(leakIn(item.text + (item.readme ?? '') + (item.config ?? ''), item.runs), `${item.shape.name} | ${item.placement.name}`).toBeDefined();
    }
  });

  it('shows no secret in any CLI output', async () => {
    for (const item of CASES) {
      for (const [output, shown] of await cliOutputs(item.dir, { fix: true })) record(item, output, shown);
    }
  }, 240_000);

  it('shows no secret in the language server', async () => {
    const client = await TestClient.start({ initializationOptions: { now: NOW, debounceMs: 0 } });
    // Each case in a document of its own, a dozen at a time: the server answers them side by side.
    const check = async (item: (typeof CASES)[number]) => {
      const uri = fileUri(item.dir, 'manifest.json');
      await client.open(uri, item.text);
      await client.diagnosticsFor(uri, 1);
      for (const [output, shown] of await serverOutputs(client, uri, item.text)) record(item, output, shown);
      // What it logged and showed about the folder's files (a config file with a problem).
      record(item, 'log and pop-up messages', JSON.stringify(client.messages.filter((message) => message.message.includes(item.dir))));
      await client.close(uri);
    };
    for (let at = 0; at < CASES.length; at += 12) await Promise.all(CASES.slice(at, at + 12).map(check));
  }, 240_000);

  it('counts 0 leaks over every cell', () => {
    let total = 0;
    const leaks: string[] = [];
    const byItem = new Map(CASES.map((item) => [`${item.shape.name} | ${item.placement.name}`, item]));
    for (const [key, list] of cells) {
      const item = byItem.get(key)!;
      for (const cell of list) {
        total++;
        const run = leakIn(cell.shown, item.runs);
        if (run !== undefined) leaks.push(`${key} | ${cell.output}: shows "${run}"`);
      }
    }
    const outputs = new Set([...cells.values()].flatMap((list) => list.map((cell) => cell.output)));
    console.log(
      `masking matrix: ${secretShapes().length} shapes × ${PLACEMENTS.length} placements × ${outputs.size} outputs = ${total} cells, ${leaks.length} leaks`,
    );
    expect(leaks).toEqual([]);
    expect(total).toBe(CASES.length * outputs.size);
  });
});
