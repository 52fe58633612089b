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
import { CronExpressionParser } from 'cron-parser';
import { seededRandom } from './seeded-random.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const fixturesDir = join(benchDir, 'fixtures');
const generatedDir = join(fixturesDir, 'generated');

const SCHEMA_URL = 'https://agents.pinata.cloud/schemas/manifest.v1.json';
const SEED = 0x5eed2026;
const GENERATED_COUNT = 200;
const LARGE_MIN_BYTES = 1_000_000;
/** Stop adding secrets to large.json once it is this big (a margin above the 1 MB floor). */
const LARGE_TARGET_BYTES = 1_048_576;
/** Fixed instant used to check that every cron expression has a next run. */
const REFERENCE_TIME = new Date('2026-11-23T09:00:00Z');

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

// Canonical IANA zone names, one per generated manifest. Every name is checked against
// Intl.DateTimeFormat at generation time, so a typo fails loudly instead of writing a bad fixture.
const TIME_ZONES = [
  'Africa/Abidjan',
  'Africa/Addis_Ababa',
  'Africa/Asmara',
  'Africa/Bangui',
  'Africa/Bissau',
  'Africa/Brazzaville',
  'Africa/Cairo',
  'Africa/Ceuta',
  'Africa/Dakar',
  'Africa/Djibouti',
  'Africa/El_Aaiun',
  'Africa/Gaborone',
  'Africa/Juba',
  'Africa/Khartoum',
  'Africa/Kinshasa',
  'Africa/Libreville',
  'Africa/Luanda',
  'Africa/Lusaka',
  'Africa/Maputo',
  'Africa/Mbabane',
  'Africa/Monrovia',
  'Africa/Ndjamena',
  'Africa/Nouakchott',
  'Africa/Sao_Tome',
  'Africa/Tunis',
  'America/Adak',
  'America/Anguilla',
  'America/Araguaina',
  'America/Argentina/Rio_Gallegos',
  'America/Argentina/San_Juan',
  'America/Argentina/Tucuman',
  'America/Aruba',
  'America/Bahia',
  'America/Barbados',
  'America/Blanc-Sablon',
  'America/Bogota',
  'America/Argentina/Buenos_Aires',
  'America/Campo_Grande',
  'America/Caracas',
  'America/Cayenne',
  'America/Chicago',
  'America/Ciudad_Juarez',
  'America/Argentina/Cordoba',
  'America/Punta_Arenas',
  'America/Cuiaba',
  'America/Dawson',
  'America/Denver',
  'America/Dominica',
  'America/Eirunepe',
  'America/Fort_Nelson',
  'America/Glace_Bay',
  'America/Goose_Bay',
  'America/Grenada',
  'America/Guatemala',
  'America/Guyana',
  'America/Havana',
  'America/Indiana/Marengo',
  'America/Indiana/Tell_City',
  'America/Indiana/Vincennes',
  'America/Indiana/Indianapolis',
  'America/Iqaluit',
  'America/Argentina/Jujuy',
  'America/Kentucky/Monticello',
  'America/La_Paz',
  'America/Los_Angeles',
  'America/Lower_Princes',
  'America/Managua',
  'America/Martinique',
  'America/Mazatlan',
  'America/Menominee',
  'America/Metlakatla',
  'America/Miquelon',
  'America/Monterrey',
  'America/Montserrat',
  'America/New_York',
  'America/Noronha',
  'America/North_Dakota/Center',
  'America/Ojinaga',
  'America/Phoenix',
  'America/Port_of_Spain',
  'America/Puerto_Rico',
  'America/Rankin_Inlet',
  'America/Regina',
  'America/Rio_Branco',
  'America/Santiago',
  'America/Sao_Paulo',
  'America/Sitka',
  'America/St_Johns',
  'America/St_Lucia',
  'America/Swift_Current',
  'America/Thule',
  'America/Toronto',
  'America/Vancouver',
  'America/Winnipeg',
  'Antarctica/Casey',
  'Antarctica/DumontDUrville',
  'Antarctica/Mawson',
  'Antarctica/Palmer',
  'Antarctica/Syowa',
  'Antarctica/Vostok',
  'Asia/Almaty',
  'Asia/Anadyr',
  'Asia/Aqtobe',
  'Asia/Atyrau',
  'Asia/Bahrain',
  'Asia/Bangkok',
  'Asia/Beirut',
  'Asia/Brunei',
  'Asia/Chita',
  'Asia/Damascus',
  'Asia/Dili',
  'Asia/Dushanbe',
  'Asia/Hebron',
  'Asia/Hovd',
  'Asia/Jakarta',
  'Asia/Jerusalem',
  'Asia/Kamchatka',
  'Asia/Kathmandu',
  'Asia/Krasnoyarsk',
  'Asia/Kuching',
  'Asia/Macau',
  'Asia/Makassar',
  'Asia/Muscat',
  'Asia/Novosibirsk',
  'Asia/Oral',
  'Asia/Pontianak',
  'Asia/Qatar',
  'Asia/Qyzylorda',
  'Asia/Riyadh',
  'Asia/Sakhalin',
  'Asia/Seoul',
  'Asia/Singapore',
  'Asia/Taipei',
  'Asia/Tbilisi',
  'Asia/Tokyo',
  'Asia/Ulaanbaatar',
  'Asia/Ust-Nera',
  'Asia/Vladivostok',
  'Asia/Yekaterinburg',
  'Atlantic/Azores',
  'Atlantic/Canary',
  'Atlantic/Faroe',
  'Atlantic/Reykjavik',
  'Atlantic/St_Helena',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Hobart',
  'Australia/Lord_Howe',
  'Australia/Perth',
  'Europe/Amsterdam',
  'Europe/Astrakhan',
  'Europe/Belgrade',
  'Europe/Bratislava',
  'Europe/Bucharest',
  'Europe/Busingen',
  'Europe/Copenhagen',
  'Europe/Guernsey',
  'Europe/Isle_of_Man',
  'Europe/Jersey',
  'Europe/Kyiv',
  'Europe/Lisbon',
  'Europe/London',
  'Europe/Madrid',
  'Europe/Mariehamn',
  'Europe/Monaco',
  'Europe/Oslo',
  'Europe/Podgorica',
  'Europe/Rome',
  'Europe/San_Marino',
  'Europe/Saratov',
  'Europe/Skopje',
  'Europe/Stockholm',
  'Europe/Tirane',
  'Europe/Vaduz',
  'Europe/Vienna',
  'Europe/Volgograd',
  'Europe/Zagreb',
  'Indian/Antananarivo',
  'Indian/Cocos',
  'Indian/Kerguelen',
  'Indian/Maldives',
  'Indian/Mayotte',
  'Pacific/Apia',
  'Pacific/Bougainville',
  'Pacific/Easter',
  'Pacific/Kanton',
  'Pacific/Fiji',
  'Pacific/Galapagos',
  'Pacific/Guadalcanal',
  'Pacific/Kiritimati',
  'Pacific/Kwajalein',
  'Pacific/Marquesas',
  'Pacific/Nauru',
  'Pacific/Norfolk',
  'Pacific/Pago_Pago',
  'Pacific/Pitcairn',
  'Pacific/Port_Moresby',
  'Pacific/Saipan',
  'Pacific/Tarawa',
  'Pacific/Chuuk',
];

const WORDS = [
  'agent',
  'archive',
  'audit',
  'balance',
  'batch',
  'briefing',
  'budget',
  'calendar',
  'channel',
  'checklist',
  'client',
  'cluster',
  'commit',
  'community',
  'contract',
  'dashboard',
  'dataset',
  'deadline',
  'deploy',
  'digest',
  'document',
  'draft',
  'feedback',
  'forecast',
  'gateway',
  'governance',
  'incident',
  'inbox',
  'invoice',
  'ledger',
  'market',
  'meeting',
  'memory',
  'metric',
  'milestone',
  'monitor',
  'newsletter',
  'notebook',
  'order',
  'outline',
  'pipeline',
  'portfolio',
  'position',
  'priority',
  'project',
  'proposal',
  'quest',
  'queue',
  'release',
  'report',
  'research',
  'review',
  'roadmap',
  'schedule',
  'signal',
  'snapshot',
  'source',
  'sprint',
  'summary',
  'support',
  'survey',
  'thread',
  'ticket',
  'timeline',
  'treasury',
  'trend',
  'update',
  'vault',
  'wallet',
  'workflow',
  'workspace',
];
const VERBS = [
  'collect',
  'compare',
  'summarise',
  'check',
  'draft',
  'review',
  'rank',
  'tag',
  'archive',
  'reconcile',
  'flag',
  'update',
  'scan',
  'prepare',
  'verify',
  'group',
  'list',
  'track',
];
const ADJECTIVES = [
  'open',
  'recent',
  'pending',
  'weekly',
  'daily',
  'overdue',
  'new',
  'unread',
  'important',
  'stale',
  'shared',
  'private',
  'public',
  'upcoming',
  'failed',
  'active',
];
const EMOJIS = ['🧠', '📈', '🛰️', '🦉', '📬', '🧭', '🌱', '🛠️', '📚', '🎯', '🐈‍⬛', '⚡'];
const MODELS = [
  'anthropic/claude-sonnet-4-6',
  'anthropic/claude-opus-4-1',
  'openai/gpt-5',
  'openai/gpt-5-mini',
  'openrouter/google/gemini-2.5-pro',
  'openrouter/meta-llama/llama-4-maverick',
];
/** A real CIDv1 (dag-pb, sha2-256) taken from the typical fixture's skill. */
const KNOWN_CID = 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue';

const random = seededRandom(SEED);
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;
const capitalise = (s) => s[0].toUpperCase() + s.slice(1);

function sentence() {
  const parts = [capitalise(pick(VERBS)), 'the', pick(ADJECTIVES), pick(WORDS)];
  const extra = int(0, 3);
  for (let i = 0; i < extra; i += 1) parts.push(pick(['and', 'for the', 'in the', 'from the']), pick(WORDS));
  return `${parts.join(' ')}.`;
}

/** ASCII prose of exactly `length` characters (so code points and UTF-16 units agree). */
function prose(length) {
  let text = '';
  while (text.length < length) text += (text ? ' ' : '') + sentence();
  text = text.slice(0, length);
  // Never end on a space: a trailing space is legal but looks like a generator bug.
  return text.endsWith(' ') ? `${text.slice(0, -1)}.` : text;
}

function shortProse(minSentences, maxSentences) {
  const count = int(minSentences, maxSentences);
  return Array.from({ length: count }, sentence).join(' ');
}

function checkTimeZone(tz) {
  // Throws RangeError for a zone the runtime does not know.
  new Intl.DateTimeFormat('en-US', { timeZone: tz });
}

/** A five-field cron expression (so the interval is never below one minute). */
function cronExpression() {
  const m = int(0, 59);
  const h = int(0, 23);
  switch (int(0, 8)) {
    case 0:
      return `${m} ${h} * * *`;
    case 1:
      return `${m} ${h} * * ${int(0, 6)}`;
    case 2:
      return `${m} ${h} * * 1-5`;
    case 3:
      return `${m} ${h} ${int(1, 28)} * *`;
    case 4:
      return `${m} */${pick([2, 3, 4, 6, 8, 12])} * * *`;
    case 5: {
      const h2 = (h + int(3, 12)) % 24;
      return `${m} ${Math.min(h, h2)},${Math.max(h, h2)} * * *`;
    }
    case 6: {
      const from = int(6, 11);
      return `*/${pick([5, 10, 15, 20, 30])} ${from}-${from + int(4, 9)} * * 1-5`;
    }
    case 7:
      return `${m} ${h} ${int(1, 28)} ${int(1, 12)} *`;
    default:
      return `${m} ${h} * * ${pick(['0,6', '1,3,5', '2,4', '6'])}`;
  }
}

function checkCron(expr, tz) {
  const next = CronExpressionParser.parse(expr, { tz, currentDate: REFERENCE_TIME }).next();
  if (!next) throw new Error(`cron expression ${expr} (${tz}) has no next run`);
}

function secretName(index, used) {
  for (;;) {
    const name = `${pick(WORDS)}_${pick(WORDS)}_${pick(['API_KEY', 'TOKEN', 'SECRET', 'PASSWORD', 'URL'])}`.toUpperCase();
    const unique = used.has(name) ? `${name}_${index}` : name;
    if (!used.has(unique)) {
      used.add(unique);
      return unique;
    }
  }
}

function skillSlug(used) {
  for (;;) {
    const slug = chance(0.5) ? `${pick(WORDS)}-${pick(WORDS)}` : `${pick(WORDS)}s/${pick(WORDS)}-${pick(VERBS)}`;
    if (!used.has(slug)) {
      used.add(slug);
      return slug;
    }
  }
}

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

function generatedManifest(index, expr, tz) {
  const usedSecrets = new Set();
  const manifest = {
    $schema: SCHEMA_URL,
    version: 1,
  };
  if (chance(0.3)) manifest.engine = pick(['openclaw', 'hermes']);
  manifest.agent = {
    name: `${capitalise(pick(WORDS))} ${capitalise(pick(WORDS))} ${index}`,
    description: shortProse(1, 3),
  };
  if (chance(0.6)) manifest.agent.vibe = `${pick(ADJECTIVES)}, ${pick(ADJECTIVES)}, ${pick(VERBS)}s ${pick(WORDS)}s`;
  if (chance(0.5)) manifest.agent.emoji = pick(EMOJIS);
  if (chance(0.7)) manifest.model = pick(MODELS);

  const secrets = [];
  manifest.secrets = secrets; // keeps the documented key order; removed below when empty
  for (let i = int(0, 3); i > 0; i -= 1) {
    const secret = { name: secretName(i, usedSecrets), description: sentence() };
    if (chance(0.4)) secret.required = chance(0.5);
    secrets.push(secret);
  }

  const skillCount = int(0, 2);
  if (skillCount > 0) {
    const usedSlugs = new Set();
    manifest.skills = Array.from({ length: skillCount }, (_, i) => ({
      name: `${pick(WORDS)}-${pick(VERBS)}-${i}`,
      clawhub_slug: skillSlug(usedSlugs),
    }));
  }

  const task = {
    name: `${pick(VERBS)}-${pick(WORDS)}s`,
    schedule: { kind: 'cron', expr, tz },
    payload: { kind: 'agentTurn', text: shortProse(1, 3) },
  };
  if (chance(0.3)) task.sessionTarget = 'isolated';
  manifest.tasks = [task];
  if (chance(0.25)) {
    manifest.tasks.push({
      name: `${pick(VERBS)}-${pick(WORDS)}s-interval`,
      schedule: { kind: 'every', everyMs: pick([5, 15, 30, 60, 240]) * 60_000 },
      payload: { kind: 'agentTurn', text: sentence() },
    });
  }

  if (chance(0.3)) {
    const port = int(3000, 9000);
    manifest.scripts = {
      build: 'cd ./workspace/app && npm ci',
      start: `cd ./workspace/app && npx vite --host 0.0.0.0 --port ${port}`,
    };
    manifest.routes = [{ port, path: `/${pick(WORDS)}`, protected: chance(0.5) }];
  }

  if (chance(0.25)) {
    const name = usedSecrets.has('TELEGRAM_BOT_TOKEN') ? null : 'TELEGRAM_BOT_TOKEN';
    if (name) {
      usedSecrets.add(name);
      secrets.push({ name, description: 'Bot token from BotFather.' });
      manifest.channels = {
        telegram: { botToken: `env:${name}`, dmPolicy: 'pairing', allowFrom: [int(10000000, 99999999)] },
      };
    }
  }
  if (secrets.length === 0) delete manifest.secrets;
  return manifest;
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
