/**
 * The masking matrix (SPEC section 11): every generated secret shape × every placement × every
 * output, asserting that no output shows more of a secret than its first characters. The CLI
 * runs in-process through `run(argv, io)`; the language server runs as the built binary over
 * stdio. The number of cells is printed, and every leaking cell is named.
 */
import { Writable } from 'node:stream';
import { createScanner } from 'jsonc-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../cli/run.js';
import { fileUri, NOW, TestClient } from '../server/client.js';
import { workspace, writeFile } from '../workspace.js';
import { forbiddenRuns, leakIn } from './leaks.js';
import { PLACEMENTS, secretShapes, type Placement, type SecretShape } from './secret-cases.js';

interface Case {
  shape: SecretShape;
  placement: Placement;
  text: string;
  /** Forbidden runs of every part of the secret the text holds. */
  runs: string[];
  dir: string;
}

const CASES: Case[] = secretShapes().flatMap((shape) =>
  PLACEMENTS.map((placement) => {
    const text = placement.manifest(shape.text);
    const parts = shape.parts.map((part) => placement.present?.(part, shape.text) ?? part);
    return { shape, placement, text, runs: parts.flatMap(forbiddenRuns), dir: '' };
  }),
);

interface Cell {
  output: string;
  shown: string;
}

/** Every output a case is shown through, by name. */
const CLI_OUTPUTS: Record<string, (dir: string) => string[]> = {
  stylish: () => ['manifest.json', '--format', 'stylish'],
  json: () => ['manifest.json', '--format', 'json'],
  sarif: () => ['manifest.json', '--format', 'sarif'],
  github: () => ['manifest.json', '--format', 'github'],
  compact: () => ['manifest.json', '--format', 'compact'],
  gitlab: () => ['manifest.json', '--format', 'gitlab'],
  junit: () => ['manifest.json', '--format', 'junit'],
  checkstyle: () => ['manifest.json', '--format', 'checkstyle'],
  '--fix-dry-run': () => ['manifest.json', '--fix-dry-run'],
  'template api': (dir) => ['template', dir, '--format', 'api'],
  'template stylish': (dir) => ['template', dir],
};

async function runInProcess(argv: string[], cwd: string): Promise<string> {
  let out = '';
  const sink = () =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
  await run([...argv, '--now', NOW], { stdout: sink(), stderr: sink(), env: {}, cwd });
  return out;
}

/** Offsets of every token of the text, where a hover can be asked for. */
function tokenOffsets(text: string): number[] {
  const scanner = createScanner(text, false);
  const offsets: number[] = [];
  for (let kind: number = scanner.scan(); kind !== 17 /* EOF */; kind = scanner.scan()) {
    // Trivia (15) and line breaks (14) are not tokens to hover.
    if (kind === 14 || kind === 15) continue;
    offsets.push(scanner.getTokenOffset() + Math.min(1, scanner.getTokenLength() - 1));
  }
  return offsets;
}

function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

/** Drops the edits of code actions: a fix may move a secret within the user's own file. */
function withoutEdits(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item) => (key === 'edit' ? undefined : item)));
}

describe('secret masking matrix', () => {
  const cells = new Map<string, Cell[]>();
  const record = (item: Case, output: string, shown: string) => {
    const key = `${item.shape.name} | ${item.placement.name}`;
    cells.set(key, [...(cells.get(key) ?? []), { output, shown }]);
  };

  beforeAll(() => {
    for (const item of CASES) {
      item.dir = workspace({ 'manifest.json': item.text, 'README.md': '# Courier\n\nPosts a digest.\n' });
      writeFile(item.dir, 'workspace/notes.md', 'notes\n');
    }
  });

  it('covers at least 10 shapes, and its leak check sees every secret in the unmasked manifest', () => {
    expect(new Set(CASES.map((item) => item.shape.name)).size).toBeGreaterThanOrEqual(10);
    for (const item of CASES) {
      expect(item.runs.length, `${item.shape.name} | ${item.placement.name}`).toBeGreaterThan(0);
      expect(leakIn(item.text, item.runs), `${item.shape.name} | ${item.placement.name}`).toBeDefined();
    }
  });

  it('shows no secret in any CLI output', async () => {
    for (const item of CASES) {
      for (const [output, argv] of Object.entries(CLI_OUTPUTS)) {
        record(item, output, await runInProcess(argv(item.dir), item.dir));
      }
    }
  }, 120_000);

  it('shows no secret in the language server', async () => {
    const client = await TestClient.start({ initializationOptions: { now: NOW, debounceMs: 0 } });
    // Each case in a document of its own, a dozen at a time: the server answers them side by side.
    const check = async (item: (typeof CASES)[number]) => {
      const uri = fileUri(item.dir, 'manifest.json');
      await client.open(uri, item.text);
      const published = await client.diagnosticsFor(uri, 1);
      record(item, 'server diagnostics', JSON.stringify(published));
      const hovers = await Promise.all(
        tokenOffsets(item.text).map((offset) =>
          client.request('textDocument/hover', { textDocument: { uri }, position: positionAt(item.text, offset) }),
        ),
      );
      record(item, 'hover', JSON.stringify(hovers));
      const whole = { start: { line: 0, character: 0 }, end: positionAt(item.text, item.text.length) };
      const actions = await client.request('textDocument/codeAction', {
        textDocument: { uri },
        range: whole,
        context: { diagnostics: published.diagnostics },
      });
      record(item, 'code action titles', JSON.stringify(withoutEdits(actions)));
      record(item, 'symbols', JSON.stringify(await client.request('textDocument/documentSymbol', { textDocument: { uri } })));
      await client.close(uri);
    };
    for (let at = 0; at < CASES.length; at += 12) await Promise.all(CASES.slice(at, at + 12).map(check));
  }, 120_000);

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
