/**
 * The generated masking property (SPEC section 11): random secrets — the provider shapes and
 * credentials of shapes no list names — placed by a random walk over a manifest (any value, a
 * key, inside a longer string, after `env:`, in a webhook URL, in a comment, written with dense
 * `\u` escapes), then one of the outputs the library gives for it: the findings, each output
 * format (code frames and fix texts included), `fix`'s report, or one of the language service's
 * answers at a token. No output may show more of a secret than its first characters. The named
 * matrix (masking-matrix.test.ts) runs the CLI and the server as processes, every output of every
 * cell; this property runs the same outputs in this process, so that it can try 10,000 texts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLanguageService, fix, formatters, lint, type FormatterName } from '../../lib/index.js';
import { maskFor, parseDocument, ReadingMask, readMarkupEscapes } from '../../rules/index.js';
import { forbiddenRuns, leakIn } from './leaks.js';
import { randomBody } from './random-body.js';
import { positionAt, runInProcess, tokenOffsets } from './outputs.js';
import { workspace, writeFile } from '../workspace.js';
import { secretShapes } from './secret-cases.js';

const NOW = '2026-11-23T09:00:00Z';
/**
 * The properties run from a fixed seed, so that a run is reproducible and CI decides the same way
 * each time; set `MASKING_SEED` to explore others (the detector's measured miss rates are in
 * secret-evidence.test.ts).
 */
const SEED = { seed: Number(process.env.MASKING_SEED ?? 20261127) };
const FORMATS: FormatterName[] = ['stylish', 'json', 'sarif', 'github', 'gitlab', 'junit', 'checkstyle'];
const service = createLanguageService({ now: NOW });

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A credential of a shape nobody listed: a random prefix and a generated body of 32 to 100 characters. */
const unlisted = fc
  .tuple(fc.constantFrom('', 'zk_', 'pk-prod-', 'acme_live_', 'T0K.'), fc.integer(), fc.integer({ min: 32, max: 100 }))
  .map(([prefix, seed, length]) => prefix + randomBody(seed, ALPHABET + (seed % 2 ? '-_' : ''), length))
  .filter((secret) => /[0-9]/.test(secret) && /[a-z]/.test(secret) && /[A-Z]/.test(secret) && !/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(secret));
/** A secret and the parts no output may show. */
const secret = fc.oneof(
  fc
    .constantFrom(...secretShapes().filter((shape) => shape.parts.length === 1 && shape.parts[0] === shape.text && !shape.text.includes('\n')))
    .map((shape) => shape.text),
  unlisted,
);

/** The manifest the random walk places secrets in: every kind of place a value can stand. */
const BASE = {
  $schema: 'https://agents.pinata.cloud/schemas/manifest.v1.json',
  version: 1,
  engine: 'openclaw',
  agent: { name: 'Courier', description: 'Posts the digest', vibe: 'brisk', emoji: '📮' },
  model: 'anthropic/claude-sonnet-4-6',
  secrets: [{ name: 'TELEGRAM_BOT_TOKEN', description: 'Bot token from BotFather' }],
  skills: [{ name: 'notes', clawhub_slug: '@pinata/notes' }],
  tasks: [
    {
      name: 'digest',
      schedule: { kind: 'cron', expr: '0 9 * * 1-5', tz: 'Europe/Lisbon' },
      payload: { kind: 'agentTurn', text: 'Post the digest' },
      delivery: { mode: 'webhook', to: 'https://hooks.example.com/notify' },
    },
    { name: 'poll', prompt: 'Check the queue', schedule: '600000ms', enabled: true },
  ],
  scripts: { build: 'npm ci', start: 'node server.js --port 3000' },
  routes: [{ port: 3000, path: '/app', protected: false }],
  channels: { telegram: { botToken: 'env:TELEGRAM_BOT_TOKEN', dmPolicy: 'pairing' }, slack: { botToken: 'env:SLACK_BOT_TOKEN' } },
  template: { slug: 'courier', category: 'general', authorName: 'Pinata', authorUrl: 'https://pinata.cloud' },
};

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every place of the manifest a value stands, as a path. */
function valuePaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => valuePaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => valuePaths(item, [...path, key]));
  return [path];
}
const PATHS = valuePaths(BASE as unknown as Json);

/** How the secret stands where the walk put it. */
const FORMS = ['whole value', 'inside the text', 'after env:', 'in a webhook URL', 'as the key', 'in a comment', 'with \\u escapes', 'in the README'] as const;
type Form = (typeof FORMS)[number];

const README = '# Courier\n\nPosts the digest every weekday.\n';

/** A template repository's files: the manifest and its README. */
interface Repository {
  manifest: string;
  readme: string;
}

/** The README holding the secret, written plainly, with HTML character references or with Markdown escapes. */
function readmeWith(secretText: string, way: number): string {
  const written = [
    secretText,
    [...secretText].map((c, i) => (i % 3 === 1 ? `&#${c.charCodeAt(0)};` : c)).join(''),
    secretText.replace(/[_-]/g, (c) => `\\${c}`),
  ][way % 3];
  return `${README}\nUse the key \`${written}\` to post.\n`;
}

function place(secretText: string, path: (string | number)[], form: Form, way: number): Repository {
  if (form === 'in the README') return { manifest: JSON.stringify(BASE, null, 2), readme: readmeWith(secretText, way) };
  return { manifest: placeInManifest(secretText, path, form), readme: README };
}

function placeInManifest(secretText: string, path: (string | number)[], form: Form): string {
  const manifest = structuredClone(BASE) as unknown as Json;
  let parent = manifest as { [key: string]: Json } | Json[];
  for (const segment of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[segment] as { [key: string]: Json };
  const last = path.at(-1)!;
  const set = (value: Json) => ((parent as Record<string | number, Json>)[last] = value);
  switch (form) {
    case 'whole value':
      set(secretText);
      break;
    case 'inside the text':
      set(`use ${secretText} to post`);
      break;
    case 'after env:':
      set(`env:${secretText}`);
      break;
    case 'in a webhook URL':
      set(`https://hooks.example.com/services/${secretText}`);
      break;
    case 'as the key':
      if (!Array.isArray(parent)) {
        const value = parent[last as string]!;
        delete parent[last as string];
        parent[secretText] = value;
      }
      break;
    case 'in a comment':
      return JSON.stringify(manifest, null, 2).replace('\n', `\n  /* old: ${secretText} */\n`);
    case 'with \\u escapes':
      set(secretText);
      return JSON.stringify(manifest, null, 2).replace(
        JSON.stringify(secretText),
        `"${[...secretText].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`,
      );
  }
  return JSON.stringify(manifest, null, 2);
}

/** A position the language service is asked about: the `n`th token of the text (wrapping round). */
function tokenPosition(text: string, n: number) {
  const offsets = tokenOffsets(text);
  return positionAt(text, offsets[n % offsets.length]!);
}

/**
 * Every output of the library, each a function of the text (and a token to ask about): the
 * findings (fix edits keep the file's own text, so only their titles count), every output format,
 * `fix`'s report, and each answer of the language service.
 */
/** One folder for the cases that go through the CLI, rewritten at each: the CLI reads files. */
const FOLDER = workspace({ 'workspace/AGENTS.md': 'Keep the digest short.\n' });

async function throughCli(repository: Repository, argv: string[]): Promise<string> {
  writeFile(FOLDER, 'manifest.json', repository.manifest);
  writeFile(FOLDER, 'README.md', repository.readme);
  return runInProcess(argv, FOLDER);
}

const OUTPUTS: Record<string, (text: string, token: number, repository: Repository) => unknown> = {
  findings: (text) =>
    lint(text, { now: NOW }).diagnostics.map((d) => ({ ...d, fixes: d.fixes?.map((f) => f.title), suggestions: d.suggestions?.map((f) => f.title) })),
  ...Object.fromEntries(FORMATS.map((name) => [`format ${name}`, (text: string) => formatters[name]([lint(text, { fileName: 'manifest.json', now: NOW })])])),
  'fix report': (text) => fix(text, { now: NOW }).afterwards,
  'server diagnostics': (text) => service.diagnostics(text),
  hover: (text, token) => service.hover(text, tokenPosition(text, token)),
  completion: (text, token) => service.complete(text, tokenPosition(text, token)),
  definition: (text, token) => service.definition(text, tokenPosition(text, token)),
  prepareRename: (text, token) => {
    try {
      return service.prepareRename(text, tokenPosition(text, token));
    } catch (error) {
      return (error as Error).message;
    }
  },
  'code action titles': async (text) =>
    (await service.codeActions(text, { start: { line: 0, character: 0 }, end: positionAt(text, text.length) })).map((action) => action.title),
  symbols: (text) => service.symbols(text),
  'inlay hints': (text) => service.inlayHints(text),
  // The CLI's own paths: its run mask, code frames, diffs, the template response with its README.
  'cli stylish': (_text, _token, repository) => throughCli(repository, ['manifest.json']),
  'cli --fix-dry-run': (_text, _token, repository) => throughCli(repository, ['manifest.json', '--fix-dry-run']),
  'template api': (_text, _token, repository) => throughCli(repository, ['template', FOLDER, '--format', 'api']),
  'template stylish': (_text, _token, repository) => throughCli(repository, ['template', FOLDER]),
};

describe('generated: no output shows a secret', () => {
  it('over secrets of every shape, placed by a random walk over the manifest, through every output', async () => {
    let cases = 0;
    await fc.assert(
      // Each case goes through one output, so that every output sees its share of the cases.
      fc.asyncProperty(
        secret,
        fc.constantFrom(...PATHS),
        fc.constantFrom(...FORMS),
        fc.constantFrom(...Object.keys(OUTPUTS)),
        fc.nat(),
        async (secretText, path, form, output, token) => {
          cases++;
          const repository = place(secretText, path, form, token);
          const shown = JSON.stringify(await OUTPUTS[output]!(repository.manifest, token, repository));
          const leak = leakIn(shown, forbiddenRuns(secretText));
          expect(leak, `${form} at /${path.join('/')} in ${output}: ${leak}`).toBeUndefined();
        },
      ),
      { numRuns: Number(process.env.MASKING_CASES ?? 10_000), ...SEED },
    );
    expect(cases).toBeGreaterThanOrEqual(Number(process.env.MASKING_CASES ?? 10_000));
  }, 600_000);
});

/** Values that look random, or could be taken for credentials, and are not secrets. */
const NOT_SECRETS = [
  'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue',
  'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n',
  '3df41000223c6fc7ef4c7b950b33b9c327535c10',
  '123e4567-e89b-12d3-a456-426614174000',
  'sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==',
  'openrouter/anthropic/claude-sonnet-4.5',
  'xoxb-your-bot-token',
  'YOUR_TOKEN_HERE',
  'env:SLACK_BOT_TOKEN',
  'https://cdn.example.com/assets/logo-2024-dark.svg',
  'DailyReport2024Q4Summary',
  'useful-assistant-v2',
  '/workspace/projects/app-2024/dist',
  'node_modules/.bin/manifest-lint',
];

describe('generated: masking hides nothing else', () => {
  it('for a manifest without secrets, every output is what it would be unmasked: nothing in it reads as a secret', async () => {
    let cases = 0;
    // Not in a webhook URL's path, where whatever looks opaque is the credential by design.
    const forms = FORMS.filter((form) => form !== 'in a webhook URL');
    // Nor a commit id or a UUID in a credential's place (after `env:`, as a channel token), where a
    // value of a credential's shape is one.
    const credentialShaped = (value: string) => /^(?:[0-9a-f]{40}|[0-9a-f-]{36})$/.test(value);
    const inCredentialPlace = (path: (string | number)[], form: string) => form === 'after env:' || /Token$/.test(String(path.at(-1)));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...NOT_SECRETS),
        fc.constantFrom(...PATHS),
        fc.constantFrom(...forms),
        fc.constantFrom(...Object.keys(OUTPUTS)),
        fc.nat(),
        async (value, path, form, output, token) => {
          if (credentialShaped(value) && inCredentialPlace(path, form)) return;
          cases++;
          const repository = place(value, path, form, token);
          // The masks the product builds: the manifest's, and the README's read through its escapes.
          const mask = new ReadingMask(readMarkupEscapes).merge(maskFor(parseDocument(repository.manifest))).learn(repository.readme);
          expect(mask.empty, `${value} (${form} at /${path.join('/')}) was taken for a secret`).toBe(true);
          // What the output is, and what the product's masking (learned from the files) makes of it.
          const shown = JSON.stringify(await OUTPUTS[output]!(repository.manifest, token, repository));
          expect(mask.mask(shown), `${output} for ${value}`).toBe(shown);
        },
      ),
      { numRuns: Number(process.env.MASKING_IDENTITY_CASES ?? 2000), ...SEED },
    );
    expect(cases).toBeGreaterThan(0);
  }, 600_000);
});
