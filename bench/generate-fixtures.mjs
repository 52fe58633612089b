#!/usr/bin/env node
// Writes the benchmark fixtures derived from data rather than copied:
//   bench/fixtures/no-tasks.json     typical.json without its `tasks` property (formatting kept)
//   bench/fixtures/large.json        a valid manifest of at least 1,000,000 bytes
//   bench/fixtures/generated/*.json  200 small valid manifests, each with its own cron expression
//                                    and its own IANA time zone (throughput inputs)
// Output is deterministic: every choice comes from a seeded generator, never Math.random, so
// running the script again rewrites byte-identical files.
//
//   node bench/generate-fixtures.mjs

import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEdits, modify, parse as parseJsonc } from './jsonc-parser.mjs';
import { checkCron, checkTimeZone, manifestGenerator, SCHEMA_URL, TIME_ZONES, VERBS, WORDS } from './manifest-generator.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const fixturesDir = join(benchDir, 'fixtures');
const generatedDir = join(fixturesDir, 'generated');

const SEED = 0x5eed2026;
const GENERATED_COUNT = 200;
const LARGE_MIN_BYTES = 1_000_000;
/** Stop adding secrets to large.json once it is this big (a margin above the 1 MB floor). */
const LARGE_TARGET_BYTES = 1_048_576;

// SPEC section 2 limits the large manifest must respect.
const LIMITS = {
  description: 10000,
  vibe: 200,
  skills: 10,
  tasks: 20,
  routes: 10,
};
/** Lengths of the long texts in large.json (kept well inside any per-field limit). */
const SECRET_DESCRIPTION_LENGTH = 900;
const TASK_PROMPT_LENGTH = 3000;

/** A real CIDv1 (dag-pb, sha2-256) taken from the typical fixture's skill. */
const KNOWN_CID = 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue';

const { pick, prose, cronExpression, secretName, skillSlug, generatedManifest } = manifestGenerator(SEED);

function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------

function writeNoTasks() {
  const typical = readFileSync(join(fixturesDir, 'typical.json'), 'utf8');
  const formatting = { insertSpaces: true, tabSize: 2, eol: '\n' };
  const text = applyEdits(typical, modify(typical, ['tasks'], undefined, { formattingOptions: formatting }));
  const value = parseJsonc(text);
  if ('tasks' in value) throw new Error('no-tasks.json still has tasks');
  writeFileSync(join(fixturesDir, 'no-tasks.json'), text);
  return text.length;
}

function writeGenerated() {
  if (TIME_ZONES.length < GENERATED_COUNT) throw new Error('not enough time zones');
  const zones = TIME_ZONES.slice(0, GENERATED_COUNT);
  if (new Set(zones).size !== zones.length) throw new Error('time zones are not distinct');
  zones.forEach(checkTimeZone);

  const expressions = new Set();
  while (expressions.size < GENERATED_COUNT) expressions.add(cronExpression());

  rmSync(generatedDir, { recursive: true, force: true });
  mkdirSync(generatedDir, { recursive: true });
  let bytes = 0;
  [...expressions].forEach((expr, i) => {
    const tz = zones[i];
    checkCron(expr, tz);
    const file = join(generatedDir, `manifest-${String(i + 1).padStart(3, '0')}.json`);
    writeJson(file, generatedManifest(i + 1, expr, tz));
    bytes += readFileSync(file).length;
  });
  return { count: readdirSync(generatedDir).length, bytes };
}

function largeManifest() {
  const usedSecrets = new Set(['TELEGRAM_BOT_TOKEN', 'SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN', 'DISCORD_BOT_TOKEN']);
  const manifest = {
    $schema: SCHEMA_URL,
    version: 1,
    engine: 'openclaw',
    agent: {
      name: 'Operations Librarian',
      description: prose(LIMITS.description),
      vibe: prose(LIMITS.vibe),
      emoji: '📚',
    },
    model: 'anthropic/claude-sonnet-4-6',
    secrets: [
      { name: 'TELEGRAM_BOT_TOKEN', description: 'Bot token from BotFather.' },
      { name: 'SLACK_BOT_TOKEN', description: 'Slack bot token (xoxb-).' },
      { name: 'SLACK_APP_TOKEN', description: 'Slack app-level token for Socket Mode (xapp-).' },
      { name: 'DISCORD_BOT_TOKEN', description: 'Discord bot token.' },
    ],
    skills: [],
    tasks: [],
    scripts: {
      build: 'cd ./workspace/projects/console && npm ci && npm run build',
      start: 'cd ./workspace/projects/console && PORT=3000 node server.js --host 0.0.0.0',
    },
    routes: [],
    channels: {
      telegram: { botToken: 'env:TELEGRAM_BOT_TOKEN', dmPolicy: 'pairing', allowFrom: [12345678] },
      slack: { botToken: 'env:SLACK_BOT_TOKEN', appToken: 'env:SLACK_APP_TOKEN' },
      discord: { botToken: 'env:DISCORD_BOT_TOKEN' },
    },
  };

  const usedSlugs = new Set();
  for (let i = 0; i < LIMITS.skills; i += 1) {
    manifest.skills.push(
      i === 0 ? { name: '@pinata/platform', cid: KNOWN_CID } : { name: `${pick(WORDS)}-${pick(VERBS)}-${i}`, clawhub_slug: skillSlug(usedSlugs) },
    );
  }

  const expressions = new Set();
  while (expressions.size < LIMITS.tasks) expressions.add(cronExpression());
  [...expressions].forEach((expr, i) => {
    const tz = TIME_ZONES[(i * 7) % TIME_ZONES.length];
    checkCron(expr, tz);
    manifest.tasks.push({
      name: `librarian-task-${String(i + 1).padStart(2, '0')}`,
      schedule: { kind: 'cron', expr, tz },
      payload: { kind: 'agentTurn', text: prose(TASK_PROMPT_LENGTH) },
      sessionTarget: 'isolated',
      delivery: { mode: 'announce', channel: 'telegram', to: '12345678' },
    });
  });

  for (let i = 0; i < LIMITS.routes; i += 1) {
    manifest.routes.push({ port: 3000 + i, path: `/console-${i}`, protected: i % 2 === 0 });
  }

  // The bulk: secrets have no count limit, so descriptive secrets fill the file to size.
  // (The text is ASCII apart from a few emoji, so string length tracks bytes closely; the size is
  // re-measured every 50 secrets rather than after each one.)
  let index = 0;
  while (Buffer.byteLength(JSON.stringify(manifest, null, 2)) + 1 < LARGE_TARGET_BYTES) {
    for (let batch = 0; batch < 50; batch += 1) {
      index += 1;
      const secret = { name: secretName(index, usedSecrets), description: prose(SECRET_DESCRIPTION_LENGTH) };
      if (index % 3 === 0) secret.required = false;
      manifest.secrets.push(secret);
    }
  }
  return manifest;
}

function writeLarge() {
  const file = join(fixturesDir, 'large.json');
  writeJson(file, largeManifest());
  const bytes = readFileSync(file).length;
  if (bytes < LARGE_MIN_BYTES) throw new Error(`large.json is only ${bytes} bytes`);
  return bytes;
}

const noTasksBytes = writeNoTasks();
const generated = writeGenerated();
const largeBytes = writeLarge();
console.log(`no-tasks.json   ${noTasksBytes} bytes`);
console.log(`large.json      ${largeBytes} bytes`);
console.log(`generated/      ${generated.count} manifests, ${generated.bytes} bytes`);
