/**
 * Every output a secret could reach, gathered for leak checks (see leaks.ts): the CLI's, for a
 * repository folder, and the language server's, for an open document. Each output is named, so
 * a leak names where it happened.
 */
import { Writable } from 'node:stream';
import { createScanner } from 'jsonc-parser';
import { run } from '../../cli/run.js';
import { NOW, type TestClient } from '../server/client.js';

/** The CLI's outputs for a folder holding `manifest.json` (and a README), by name: the arguments. */
export const CLI_OUTPUTS: Readonly<Record<string, (dir: string) => string[]>> = {
  stylish: () => ['manifest.json', '--format', 'stylish'],
  json: () => ['manifest.json', '--format', 'json'],
  sarif: () => ['manifest.json', '--format', 'sarif'],
  github: () => ['manifest.json', '--format', 'github'],
  compact: () => ['manifest.json', '--format', 'compact'],
  gitlab: () => ['manifest.json', '--format', 'gitlab'],
  junit: () => ['manifest.json', '--format', 'junit'],
  checkstyle: () => ['manifest.json', '--format', 'checkstyle'],
  '--fix-dry-run': () => ['manifest.json', '--fix-dry-run'],
  '--print-config': () => ['manifest.json', '--print-config'],
  'template api': (dir) => ['template', dir, '--format', 'api'],
  'template stylish': (dir) => ['template', dir],
  'template --fix-dry-run': (dir) => ['template', dir, '--fix-dry-run'],
};

/** Runs the CLI in this process; what it wrote to standard output and standard error, together. */
export async function runInProcess(argv: string[], cwd: string): Promise<string> {
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

/**
 * Every CLI output for the folder, by name; with `fix`, last, `--fix`'s report (the findings left
 * and what the fixes leave to do), which rewrites the folder's manifest.
 */
export async function cliOutputs(dir: string, options: { fix?: boolean } = {}): Promise<Map<string, string>> {
  const outputs = new Map<string, string>();
  for (const [name, argv] of Object.entries(CLI_OUTPUTS)) outputs.set(name, await runInProcess(argv(dir), dir));
  if (options.fix) outputs.set('--fix', await runInProcess(['manifest.json', '--fix'], dir));
  return outputs;
}

/** Offsets of every token of the text, where a feature can be asked about a position. */
export function tokenOffsets(text: string): number[] {
  const scanner = createScanner(text, false);
  const offsets: number[] = [];
  for (let kind: number = scanner.scan(); kind !== 17 /* EOF */; kind = scanner.scan()) {
    // Trivia (15) and line breaks (14) are not tokens.
    if (kind === 14 || kind === 15) continue;
    offsets.push(scanner.getTokenOffset() + Math.min(1, scanner.getTokenLength() - 1));
  }
  return offsets;
}

export function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

/** Drops the edits of code actions: a fix may move a secret within the user's own file. */
function withoutEdits(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item) => (key === 'edit' ? undefined : item)));
}

/** A request's answer, or its error's message (a refused rename says why). */
async function answerOf(client: TestClient, method: string, params: unknown): Promise<unknown> {
  return client.request(method, params).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
}

/**
 * Every language server output for a document the client has open with diagnostics published,
 * by name: the diagnostics, and at every token the answers of hover, completion, definition and
 * prepareRename (and rename to the token's own text, so that refusals quote it); then code
 * actions (their titles: edits may move a secret within the file), symbols, folding ranges and
 * inlay hints.
 */
export async function serverOutputs(client: TestClient, uri: string, text: string): Promise<Map<string, string>> {
  const outputs = new Map<string, string>();
  const published = client.publishedFor(uri).at(-1);
  outputs.set('server diagnostics', JSON.stringify(published));
  const textDocument = { uri };
  const positions = tokenOffsets(text).map((offset) => positionAt(text, offset));
  const atEveryToken = async (method: string, extra: (position: { line: number; character: number }) => object = () => ({})) =>
    JSON.stringify(await Promise.all(positions.map((position) => answerOf(client, method, { textDocument, position, ...extra(position) }))));
  outputs.set('hover', await atEveryToken('textDocument/hover'));
  outputs.set('completion', await atEveryToken('textDocument/completion'));
  outputs.set('definition', await atEveryToken('textDocument/definition'));
  outputs.set('prepareRename', await atEveryToken('textDocument/prepareRename'));
  outputs.set('rename refusals', await atEveryToken('textDocument/rename', () => ({ newName: 'not a name' })));
  const whole = { start: { line: 0, character: 0 }, end: positionAt(text, text.length) };
  const actions = await answerOf(client, 'textDocument/codeAction', { textDocument, range: whole, context: { diagnostics: published?.diagnostics ?? [] } });
  outputs.set('code action titles', JSON.stringify(withoutEdits(actions)));
  outputs.set('symbols', JSON.stringify(await answerOf(client, 'textDocument/documentSymbol', { textDocument })));
  outputs.set('folding ranges', JSON.stringify(await answerOf(client, 'textDocument/foldingRange', { textDocument })));
  outputs.set('inlay hints', JSON.stringify(await answerOf(client, 'textDocument/inlayHint', { textDocument, range: whole })));
  return outputs;
}
