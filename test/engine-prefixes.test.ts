/**
 * A document being typed, or cut short, is every prefix of a finished one. Its findings must be
 * about what is written: `json-syntax` for the cut, and otherwise only findings the finished
 * file has too (same rule, same place) — nothing about keys not typed yet, values cut in half or
 * sections that come later. A clean file's prefixes give `json-syntax` alone. And a prefix with
 * syntax errors settles after one `--fix`: a fix is placed only where its place is certain, so
 * fixing the fixed text changes nothing. Both are checked on one lint of each prefix.
 *
 * Messages are not compared: one that counts or suggests (the lowest free port, a secret's name
 * not yet taken) may say something else once more of the file is written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixText, lint, type EngineLintOptions, type EngineLintResult } from '../rules/index.js';
import { fixLinted } from './fix-linted.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const EXAMPLES = new URL('../examples/', import.meta.url).pathname;
const corpus = (folder: string) => new URL(`./fixtures/corpus/${folder}/`, import.meta.url).pathname;
const jsonFiles = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => `${folder}${name}`);
/** Where `--fix` must settle: every prefix of the examples, every 7th of the corpus files. */
const FILES = [
  ...readdirSync(EXAMPLES).map((name) => ({ file: `${EXAMPLES}${name}/manifest.json`, settleEvery: 1 })),
  ...[...jsonFiles(corpus('real')), ...jsonFiles(corpus('real3'))].map((file) => ({ file, settleEvery: 7 })),
];

const key = (d: { ruleId: string; path: (string | number)[] }) => `${d.ruleId} ${JSON.stringify(d.path)}`;

/** The findings of a prefix that the finished file lacks (`known`: its keys), besides the cut's `json-syntax`. */
function strayFindings(linted: EngineLintResult, known: ReadonlySet<string>): string[] {
  return linted.diagnostics.filter((d) => d.ruleId !== 'json-syntax' && !known.has(key(d))).map((d) => `${key(d)} ${d.message}`);
}

/** Whether `--fix` settles after one run on `text`, whose lint the caller has already. */
function settles(text: string, linted: EngineLintResult): boolean {
  const once = fixLinted(text, linted, { now: NOW }).output;
  // Nothing applied: fixing again is the same call on the same text.
  if (once === text) return true;
  return fixText(once, { now: NOW }).output === once;
}

describe('every prefix of a finished manifest', () => {
  for (const { file, settleEvery } of FILES) {
    const name = file.split('/').slice(-2).join('/');
    it(name, () => {
      const text = readFileSync(file, 'utf8');
      const finished = lint(text, { now: NOW });
      expect(finished.diagnostics.filter((d) => d.ruleId === 'json-syntax')).toEqual([]);
      const known = new Set(finished.diagnostics.map(key));
      const strays: string[] = [];
      const unsettled: number[] = [];
      for (let length = 0; length <= text.length; length++) {
        const prefix = text.slice(0, length);
        const linted = length === text.length ? finished : lint(prefix, { now: NOW });
        for (const stray of strayFindings(linted, known)) strays.push(`${length}: ${stray}`);
        if (length > 0 && (length - 1) % settleEvery === 0 && !settles(prefix, linted)) unsettled.push(length);
      }
      expect(strays).toEqual([]);
      expect(unsettled).toEqual([]);
    });
  }
});

const manifestText = (manifest: object) => `${JSON.stringify(manifest, null, 2)}\n`;

const CHANNELS_BEFORE_SECRETS = {
  version: 1,
  agent: { name: 'Helper' },
  channels: { telegram: { botToken: 'env:TELEGRAM_BOT_TOKEN' } },
  secrets: [{ name: 'TELEGRAM_BOT_TOKEN', description: 'The bot token from @BotFather' }],
};

const TASKS_BEFORE_CHANNELS = {
  version: 1,
  agent: { name: 'Helper' },
  tasks: [
    {
      name: 'digest',
      schedule: { kind: 'cron', expr: '0 9 * * *' },
      payload: { kind: 'agentTurn', text: 'Summarise the feeds.' },
      delivery: { mode: 'announce', channel: 'telegram', to: '12345' },
    },
  ],
  channels: { discord: { botToken: 'env:DISCORD_BOT_TOKEN' }, telegram: { botToken: 'env:TELEGRAM_BOT_TOKEN' } },
  secrets: [
    { name: 'DISCORD_BOT_TOKEN', description: 'The Discord bot token' },
    { name: 'TELEGRAM_BOT_TOKEN', description: 'The Telegram bot token' },
  ],
};

/**
 * Manifests whose verdicts turn on text that comes later: a reference before what it refers to,
 * a key before the sibling that changes its verdict. The finished files report nothing, or (the
 * last three) one finding somewhere else than their prefixes would without waiting.
 */
const WRITTEN_LATER: { name: string; manifest: object; options?: EngineLintOptions }[] = [
  { name: 'a channel token read from a secret declared after `channels`', manifest: CHANNELS_BEFORE_SECRETS },
  { name: 'a task announcing to a channel configured after `tasks`, behind another channel', manifest: TASKS_BEFORE_CHANNELS },
  {
    name: 'a route before the start script that serves it, behind another block',
    manifest: { version: 1, routes: [{ port: 3000, path: '/app' }], agent: { name: 'Helper' }, scripts: { start: 'PORT=3000 node server.js' } },
  },
  {
    name: 'an open DM policy and an empty token on a channel switched off after them',
    manifest: { version: 1, agent: { name: 'Helper' }, channels: { discord: { dmPolicy: 'open', botToken: '', enabled: false } } },
  },
  {
    name: 'a payload text field and a session target before the payload kind',
    manifest: {
      version: 1,
      agent: { name: 'Helper' },
      tasks: [{ name: 'ping', sessionTarget: 'main', schedule: { kind: 'every', everyMs: 600000 }, payload: { message: 'Ping.', kind: 'systemEvent' } }],
    },
  },
  {
    name: 'a stagger before the interval it is measured against',
    manifest: {
      version: 1,
      agent: { name: 'Helper' },
      tasks: [{ name: 'poll', schedule: { kind: 'every', staggerMs: 60000, everyMs: 900000 }, payload: { kind: 'agentTurn', text: 'Poll.' } }],
    },
  },
  {
    name: 'a skill source repeated under the same name, written before the name',
    manifest: {
      version: 1,
      agent: { name: 'Helper' },
      skills: [
        { name: 'notes', cid: 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue' },
        { cid: 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue', name: 'notes' },
      ],
    },
  },
  {
    name: 'a template partner field before the `partnerName` that covers it',
    options: { template: true },
    manifest: {
      version: 1,
      agent: { name: 'Helper' },
      template: { slug: 'helper', category: 'general', partnerUrl: 'https://example.com', partnerName: 'Example' },
    },
  },
  {
    name: 'a template task with its payload object before its schedule object',
    options: { template: true },
    manifest: {
      version: 1,
      agent: { name: 'Helper' },
      template: { slug: 'helper', category: 'general', authorName: 'Example' },
      tasks: [{ payload: { kind: 'agentTurn', text: 'Report.' }, schedule: { kind: 'cron', expr: '0 9 * * *' }, name: 'report' }],
    },
  },
];

describe('every prefix of a manifest whose verdicts turn on what comes later', () => {
  for (const { name, manifest, options } of WRITTEN_LATER) {
    it(name, () => {
      const text = manifestText(manifest);
      const known = new Set(lint(text, { now: NOW, ...options }).diagnostics.map(key));
      const strays: string[] = [];
      for (let length = 0; length < text.length; length++) {
        for (const stray of strayFindings(lint(text.slice(0, length), { now: NOW, ...options }), known)) strays.push(`${length}: ${stray}`);
      }
      expect(strays).toEqual([]);
    });
  }
});

describe('a finding that refers to another section waits for the root object', () => {
  const ruleIds = (text: string) => lint(text, { now: NOW }).diagnostics.map((d) => d.ruleId);
  /** `text` up to the end of the block that closes right before `key`: the root is left open. */
  const upToBlockBefore = (text: string, key: string) => text.slice(0, text.lastIndexOf('}', text.indexOf(`"${key}":`)) + 1);

  it('a channel token read from a secret declared later', () => {
    const channelsBlock = upToBlockBefore(manifestText(CHANNELS_BEFORE_SECRETS), 'secrets');
    expect(channelsBlock.endsWith('"env:TELEGRAM_BOT_TOKEN"\n    }\n  }')).toBe(true);
    expect(ruleIds(channelsBlock)).toEqual(['json-syntax']);
    // Closed there, the manifest does lack the secret.
    expect(ruleIds(`${channelsBlock}\n}`)).toContain('channel-token-env-undeclared');
  });

  it('a task announcing to a channel configured later', () => {
    const discordBlock = upToBlockBefore(manifestText(TASKS_BEFORE_CHANNELS), 'telegram');
    expect(discordBlock.endsWith('"env:DISCORD_BOT_TOKEN"\n    }')).toBe(true);
    expect(ruleIds(discordBlock)).toEqual(['json-syntax']);
    expect(ruleIds(`${discordBlock}\n  }\n}`)).toContain('task-delivery-channel-unconfigured');
  });
});

describe('every prefix of a manifest with skill folders', () => {
  it('reports a stale pin only where the finished file does', () => {
    const golden = new URL('./golden/skill-cid-stale/', import.meta.url).pathname;
    const text = readFileSync(`${golden}stale.json`, 'utf8');
    const skillSources = JSON.parse(readFileSync(`${golden}stale.skill-sources.json`, 'utf8'));
    const options = { now: NOW, skillSources, rules: { 'skill-cid-stale': 'warning' as const } };
    const finished = lint(text, options).diagnostics.filter((d) => d.ruleId === 'skill-cid-stale');
    expect(finished).toHaveLength(3);
    const known = new Set(finished.map(key));
    const strays: string[] = [];
    for (let length = 0; length < text.length; length++) {
      for (const d of lint(text.slice(0, length), options).diagnostics) {
        if (d.ruleId === 'skill-cid-stale' && !known.has(key(d))) strays.push(`${length}: ${key(d)}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
