/**
 * Generated secrets and the places a manifest can hold them, for the masking matrix. Secrets are
 * made here from a seeded generator, in the shapes real providers issue, so no real credential is
 * committed and every run tests the same texts.
 */
import { shownLengthOf } from './leaks.js';

/** A deterministic generator (mulberry32), so a failing cell names the same secret every run. */
function generator(seed: number): (alphabet: string, length: number) => string {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (alphabet, length) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
}

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = DIGITS + UPPER + LOWER;
const B64URL = `${ALNUM}-_`;
const B64 = `${ALNUM}+/`;

export interface SecretShape {
  name: string;
  /** The text a user pastes. */
  text: string;
  /** The parts that must never show beyond their first characters (a key pair has two). */
  parts: string[];
}

export function secretShapes(): SecretShape[] {
  const random = generator(20261124);
  const shape = (name: string, text: string, parts: string[] = [text]): SecretShape => ({ name, text, parts });
  const awsId = `AKIA${random(UPPER + DIGITS, 16)}`;
  const awsSecret = random(B64, 40);
  const jwtPayload = Buffer.from(JSON.stringify({ sub: random(ALNUM, 12), iat: 1764000000 })).toString('base64url');
  const pemBody = Array.from({ length: 5 }, () => random(B64, 64)).join('\n');
  const password = random(ALNUM, 20);
  return [
    shape('slack-bot', `xoxb-${random(DIGITS, 12)}-${random(DIGITS, 13)}-${random(ALNUM, 24)}`),
    shape('slack-app', `xapp-1-A${random(UPPER + DIGITS, 10)}-${random(DIGITS, 13)}-${random('0123456789abcdef', 64)}`),
    shape('telegram', `${random(DIGITS, 10)}:AA${random(B64URL, 33)}`),
    shape('discord', `M${random(B64URL, 25)}.${random(B64URL, 6)}.${random(B64URL, 38)}`),
    shape('github-classic', `ghp_${random(ALNUM, 36)}`),
    shape('github-fine-grained', `github_pat_${random(ALNUM, 22)}_${random(ALNUM, 59)}`),
    shape('aws-key-pair', `aws_access_key_id=${awsId} aws_secret_access_key=${awsSecret}`, [awsId, awsSecret]),
    shape('openai', `sk-proj-${random(B64URL, 64)}`),
    shape('anthropic', `sk-ant-api03-${random(B64URL, 93)}AA`),
    shape('jwt', `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${jwtPayload}.${random(B64URL, 43)}`),
    shape('pem-private-key', `-----BEGIN RSA PRIVATE KEY-----\n${pemBody}\n-----END RSA PRIVATE KEY-----`, [pemBody]),
    shape('url-credentials', `https://deploy:${password}@hooks.example.com/notify`, [password]),
  ];
}

export interface Placement {
  name: string;
  /** The manifest text holding the secret. */
  manifest(secret: string): string;
  /** What of each part the text holds (a file cut short holds the start of a secret only). */
  present?(part: string, secret: string): string;
  /** The repository's README, when it holds the secret (otherwise a plain one). */
  readme?(secret: string): string;
  /** A `.manifestlintrc.json` beside the manifest, when it holds the secret. */
  config?(secret: string): string;
}

/** The secret as the body of a JSON string. */
const inString = (secret: string) => JSON.stringify(secret).slice(1, -1);

/** The secret as the body of a JSON string with every character escaped (`\u0078\u006f…`). */
const denseEscapes = (secret: string) => [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/**
 * The secret in Markdown prose, its characters written with HTML references (decimal, hex and
 * named) and Markdown backslash escapes, in turn: it renders as the secret.
 */
function markupEscaped(secret: string): string {
  return [...secret]
    .map((c, i) => {
      if (c === '_') return '&lowbar;';
      if (c === '.' || c === ':') return `&${c === '.' ? 'period' : 'colon'};`;
      if (/[-+=/]/.test(c)) return `\\${c}`;
      if (!/[A-Za-z0-9]/.test(c)) return c;
      return i % 3 === 0 ? `&#${c.charCodeAt(0)};` : i % 3 === 1 ? `&#x${c.charCodeAt(0).toString(16)};` : c;
    })
    .join('');
}

const PLAIN_MANIFEST = `{ "version": 1, "agent": { "name": "Courier" }, "model": "anthropic/claude-sonnet-4" }\n`;

const manifest = (fields: string) => `{
  "version": 1,
  "agent": { "name": "Courier" },
${fields}
}
`;

/** Where people paste credentials, and where our own outputs could rebuild them. */
export const PLACEMENTS: readonly Placement[] = [
  { name: 'value (model)', manifest: (s) => manifest(`  "model": "${inString(s)}"`) },
  { name: 'value (channel token)', manifest: (s) => manifest(`  "channels": { "telegram": { "botToken": "${inString(s)}" } }`) },
  {
    name: 'value (secret name)',
    manifest: (s) => manifest(`  "secrets": [{ "name": "${inString(s)}", "description": "the key" }]`),
  },
  { name: 'value (skill slug)', manifest: (s) => manifest(`  "skills": [{ "name": "helper", "clawhub_slug": "${inString(s)}" }]`) },
  {
    name: 'value (secret name), offered where an env: reference is typed',
    manifest: (s) => manifest(`  "secrets": [{ "name": "${inString(s)}" }],\n  "channels": { "slack": { "botToken": "env:" } }`),
  },
  { name: 'key (top level)', manifest: (s) => manifest(`  "${inString(s)}": true`) },
  {
    name: 'key (channel name)',
    manifest: (s) => manifest(`  "channels": { "${inString(s)}": { "botToken": "env:BOT_TOKEN" } }`),
  },
  {
    name: 'inside a command line',
    manifest: (s) =>
      manifest(`  "scripts": { "start": "API_KEY='${inString(s)}' node server.js --host localhost --port 18789" },
  "routes": [{ "port": 18789, "path": "/app/" }]`),
  },
  {
    name: 'inside a prompt',
    manifest: (s) =>
      manifest(`  "tasks": [{ "name": "digest", "schedule": { "kind": "every", "everyMs": 1000 },
    "payload": { "kind": "agentTurn", "text": "Post with ${inString(s)} every morning" } }]`),
  },
  {
    name: 'inside a webhook URL',
    manifest: (s) =>
      manifest(`  "tasks": [{ "schedule": { "kind": "cron", "expr": "0 9 * * *" }, "payload": { "text": "hi" },
    "delivery": { "mode": "webhook", "to": "http://hooks.example.com/x?token=${encodeURIComponent(s)}" } }]`),
  },
  { name: 'env: value', manifest: (s) => manifest(`  "channels": { "slack": { "botToken": "env:${inString(s)}", "appToken": "env:${inString(s)}" } }`) },
  { name: 'comment', manifest: (s) => manifest(`  /* old token: ${s} */\n  "model": "anthropic/claude-sonnet-4"`) },
  { name: 'truncated in a message', manifest: (s) => manifest(`  "engine": "openclaw ${inString(s)} and more words after it"`) },
  {
    name: 'fix text (legacy task)',
    manifest: (s) => manifest(`  "tasks": [{ "name": "digest", "prompt": "Use ${inString(s)} to post", "schedule": "0 9 * * *" }]`),
  },
  { name: 'fix text (legacy model)', manifest: (s) => manifest(`  "model": { "primary": "${inString(s)}" }`) },
  {
    name: 'broken JSON (single quotes)',
    manifest: (s) => manifest(`  "channels": { "slack": { "botToken": '${inString(s)}', } }`),
  },
  {
    name: 'broken JSON (file ends after it)',
    manifest: (s) => `{"version":1,"agent":{"name":"x"},"channels":{"discord":{"botToken":"${inString(s)}`,
  },
  {
    name: 'broken JSON (file ends inside it)',
    manifest: (s) => `{"version":1,"agent":{"name":"x"},"channels":{"discord":{"botToken":"${inString(cut(s))}`,
    present: (part, s) => commonPart(part, cut(s)),
  },
  { name: 'value written with \\u escapes', manifest: (s) => manifest(`  "model": "${denseEscapes(s)}"`) },
  {
    name: 'channel token written with \\u escapes (moved by --fix)',
    manifest: (s) => manifest(`  "channels": { "telegram": { "botToken": "${denseEscapes(s)}" } }`),
  },
  {
    name: 'README, written with HTML and Markdown escapes',
    manifest: () => PLAIN_MANIFEST,
    readme: (s) => `# Courier\n\nPosts a digest. Deploy with ${markupEscaped(s)} for now.\n`,
  },
  { name: 'config file (a rule id)', manifest: () => PLAIN_MANIFEST, config: (s) => `${JSON.stringify({ rules: { [s]: 'off' } })}\n` },
  {
    name: 'config file (near a syntax error)',
    manifest: () => PLAIN_MANIFEST,
    config: (s) => `{ "rules": { "model-missing": "off" } "deployKey": "${inString(s)}" }\n`,
  },
];

/** A secret cut two thirds of the way: what a truncated file holds. */
function cut(secret: string): string {
  return secret.slice(0, Math.ceil((secret.length * 2) / 3));
}

/** The part of `part` that `text` (a prefix of the secret) still holds. */
function commonPart(part: string, text: string): string {
  const at = text.indexOf(part.slice(0, Math.min(part.length, shownLengthOf(part) + 8)));
  if (at === -1) return '';
  return text.slice(at, at + part.length);
}
