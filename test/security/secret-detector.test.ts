import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSecrets, lint, maskFor, parseDocument, SecretMask } from '../../rules/index.js';
import { forbiddenRuns, leakIn } from './leaks.js';
import { secretShapes } from './secret-cases.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const SHAPES = secretShapes();

function found(text: string): string[] {
  return findSecrets(text).map((span) => text.slice(span.start, span.end));
}

describe('secret detector', () => {
  it('finds every shape alone, in JSON, in a command line and in a comment', () => {
    for (const shape of SHAPES) {
      const contexts = [
        shape.text,
        JSON.stringify({ note: shape.text }),
        `run --flag x ${shape.text} && echo done`,
        `/* ${shape.text} */`,
        JSON.stringify({ [shape.text]: 1 }),
      ];
      for (const text of contexts) {
        const secrets = found(text).join('\n');
        for (const part of shape.parts) {
          // JSON writes the PEM's line breaks as `\n`: compare the letters and digits only.
          expect(leakIn(secrets, forbiddenRuns(part)), `${shape.name} in ${text.slice(0, 40)}`).toBeDefined();
        }
      }
    }
  });

  it('keeps the readable parts readable: a PEM header, a URL user name, an assignment name', () => {
    const pem = SHAPES.find((shape) => shape.name === 'pem-private-key')!.text;
    expect(found(pem).join('')).not.toContain('BEGIN');
    expect(found('https://deploy:s3cretPassw0rd@example.com/')).toEqual(['s3cretPassw0rd']);
    expect(found('API_KEY=Zk93hQ2mXw8pLr5t node server.js')).toEqual(['Zk93hQ2mXw8pLr5t']);
    expect(found('curl -H "Authorization: Bearer abC9dEf8ghI7jkL6"')).toEqual(['abC9dEf8ghI7jkL6']);
    expect(found('deploy --api-token 9f8e7d6c5b4a3f2e1d0c')).toEqual(['9f8e7d6c5b4a3f2e1d0c']);
  });

  it('leaves names, references, placeholders and plain URLs alone', () => {
    const plain = [
      '"botToken": "env:TELEGRAM_BOT_TOKEN"',
      '"appToken": "YOUR_APP_TOKEN_HERE"',
      'API_KEY=$OPENAI_API_KEY node server.js',
      'token: ${{ secrets.BOT_TOKEN }}',
      '"secrets": [{ "name": "OPENAI_API_KEY", "description": "Your OpenAI API key: create one in the dashboard" }]',
      'https://platform.openai.com/api-keys',
      'password: changeme',
      '"model": "anthropic/claude-sonnet-4"',
    ];
    for (const text of plain) expect(found(text), text).toEqual([]);
  });

  it('finds no secret in the corpus and the examples but the one the needs-work example pastes on purpose', () => {
    const files = [
      ...fs.readdirSync(path.join(ROOT, 'test/fixtures/corpus/real')).map((name) => path.join(ROOT, 'test/fixtures/corpus/real', name)),
      ...['daily-digest', 'needs-work', 'web-app'].map((name) => path.join(ROOT, 'examples', name, 'manifest.json')),
    ];
    const secrets = files.flatMap((file) =>
      found(fs.readFileSync(file, 'utf8')).map((secret) => `${path.basename(path.dirname(file))}: ${secret.slice(0, 4)}`),
    );
    expect(secrets).toEqual(['needs-work: 1234']);
  });

  it('takes linear time on long runs that could make a pattern backtrack', () => {
    const inputs = [
      'a'.repeat(5e6),
      '-'.repeat(5e6),
      'token'.repeat(1e6),
      '--a-b-c-d '.repeat(5e5),
      '1234567890'.repeat(5e5),
      'MNO'.repeat(2e6),
      // Places a pattern could refuse over and over, each time across the rest of the text.
      'token:'.repeat(1e6),
      '://a:'.repeat(1e6),
      'https://a:b/'.repeat(5e5),
    ];
    // Linear scans of these take tens of milliseconds, a backtracking one minutes: such a one
    // ends the test at its timeout. No time is asserted here (the bench measures time); what is
    // asserted is the answer: none of them holds a secret.
    for (const input of inputs) expect(findSecrets(input), input.slice(0, 12)).toEqual([]);
  });
});

describe('secret mask', () => {
  const token = SHAPES.find((shape) => shape.name === 'slack-bot')!.text;
  const mask = new SecretMask().learn(`{"botToken": "${token}"}`);

  it('shows at most the first 4 characters, then an ellipsis', () => {
    expect(mask.mask(`token ${token} here`)).toBe('token xoxb… here');
  });

  it('hides the secret rebuilt in another form: upper-cased into a name, lower-cased, split by separators', () => {
    const rebuilt = [token.toUpperCase().replace(/-/g, '_'), token.toLowerCase(), token.split('').join(' '), encodeURIComponent(`${token}/x`)];
    for (const form of rebuilt) expect(leakIn(mask.mask(`use ${form} now`), forbiddenRuns(token)), form).toBeUndefined();
  });

  it('is idempotent and keeps text without secrets as it is', () => {
    const once = mask.mask(`a ${token} b`);
    expect(mask.mask(once)).toBe(once);
    expect(mask.mask('nothing to hide: 18789, /app, OPENAI_API_KEY')).toBe('nothing to hide: 18789, /app, OPENAI_API_KEY');
  });

  it('masks keys and values of JSON values', () => {
    const masked = mask.maskDeep({ [token]: [token, 1, null, { nested: token }] });
    expect(JSON.stringify(masked)).not.toContain(token.slice(8));
  });

  it('hides any generated secret placed anywhere in any text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHAPES), fc.string(), fc.string(), (shape, before, after) => {
        const source = `${before} ${shape.text} ${after}`;
        const masked = new SecretMask().learn(source).mask(source);
        for (const part of shape.parts) expect(leakIn(masked, forbiddenRuns(part))).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('learns the decoded form of a secret written with JSON escapes, and opaque channel tokens of no known shape', () => {
    const opaqueToken = 'Qz8rT2vX9mK4pL7wN1bH6cJ3';
    const text = JSON.stringify({ version: 1, agent: { name: 'a' }, channels: { telegram: { botToken: opaqueToken } }, note: token.replace('-', '\u002d') });
    const docMask = maskFor(parseDocument(text));
    expect(docMask.mask(`x ${opaqueToken} y`)).not.toContain(opaqueToken.slice(4, 12));
    const messages = lint(text)
      .diagnostics.map((d) => d.message)
      .join('\n');
    expect(leakIn(messages, forbiddenRuns(opaqueToken))).toBeUndefined();
  });
});
