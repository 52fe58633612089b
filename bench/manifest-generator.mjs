// The generator of the benchmark's small manifests: valid, each with its own cron expression and
// time zone, its prose, secrets, skills, tasks, scripts and channels drawn from a seeded generator,
// never Math.random, so the same seed gives byte-identical manifests. `generate-fixtures.mjs` writes
// the 200 in `fixtures/generated` with it; `folder.mjs` makes as many distinct ones as a folder holds.
import { CronExpressionParser } from 'cron-parser';
import { seededRandom } from './seeded-random.mjs';

export const SCHEMA_URL = 'https://agents.pinata.cloud/schemas/manifest.v1.json';
/** Fixed instant used to check that every cron expression has a next run. */
const REFERENCE_TIME = new Date('2026-11-23T09:00:00Z');

// Canonical IANA zone names, one per generated manifest. Every name is checked against
// Intl.DateTimeFormat at generation time, so a typo fails loudly instead of writing a bad fixture.
export const TIME_ZONES = [
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

export const WORDS = [
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
export const VERBS = [
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

export function checkTimeZone(tz) {
  // Throws RangeError for a zone the runtime does not know.
  new Intl.DateTimeFormat('en-US', { timeZone: tz });
}

export function checkCron(expr, tz) {
  const next = CronExpressionParser.parse(expr, { tz, currentDate: REFERENCE_TIME }).next();
  if (!next) throw new Error(`cron expression ${expr} (${tz}) has no next run`);
}

/** The manifests and their parts, every choice drawn from `seededRandom(seed)`. */
export function manifestGenerator(seed) {
  const random = seededRandom(seed);
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

  return { pick, prose, cronExpression, secretName, skillSlug, generatedManifest };
}
