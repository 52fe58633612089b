/** `agentManifest/holdsSecret`'s answer: what the playground asks before it puts a text in a link. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpenDocument } from '../../language/documents.js';
import { holdsSecret } from '../../language/secrets.js';

const opened = (text: string) => OpenDocument.of('file:///pasted/manifest.json', 1, text);

const CLEAN = '{ "version": 1, "agent": { "name": "A" }, "channels": { "telegram": { "botToken": "env:TELEGRAM_BOT_TOKEN" } } }';
const PASTED = '{ "version": 1, "agent": { "name": "A" }, "channels": { "telegram": { "botToken": "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw" } } }';

describe('holdsSecret', () => {
  it('says whether an open manifest holds a secret the engine masks', () => {
    expect(holdsSecret(opened(CLEAN))).toEqual({ holdsSecret: false });
    expect(holdsSecret(opened(PASTED))).toEqual({ holdsSecret: true });
  });

  it('counts a document it does not have as holding one: what was not checked is not shared', () => {
    expect(holdsSecret(undefined)).toEqual({ holdsSecret: true });
  });

  it('finds credentials of shapes no list names, placed where users paste them, and leaves public values alone', () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const credential = fc
      .array(fc.constantFrom(...ALPHABET), { minLength: 32, maxLength: 64 })
      .map((chars) => chars.join(''))
      .filter((body) => /[0-9]/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body));
    const placed = [
      (c: string) => `"tasks": [{ "delivery": { "mode": "webhook", "to": "https://hooks.slack.com/services/T04ABCD12/B05EFGH34/${c}" } }]`,
      (c: string) => `"agent": { "name": "A", "description": "key ${c}" }`,
      (c: string) => `"secrets": [{ "name": "${c}" }]`,
      (c: string) => `"channels": { "slack": { "botToken": "env:${c}" } }`,
    ];
    fc.assert(
      fc.property(credential, fc.constantFrom(...placed), (c, place) => {
        expect(holdsSecret(opened(`{ "version": 1, ${place(c)} }`))).toEqual({ holdsSecret: true });
      }),
      { numRuns: 500 },
    );
    // Values that look random but are public, and placeholders, can be shared; a CID and a
    // placeholder even in a token's place.
    for (const value of ['QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n', 'xoxb-your-bot-token', 'YOUR_TOKEN_HERE']) {
      const text = `{ "version": 1, "skills": [{ "cid": "${value}" }], "channels": { "slack": { "botToken": "${value}" } } }`;
      expect(holdsSecret(opened(text)), value).toEqual({ holdsSecret: false });
    }
    // A commit id or a UUID is public where it stands for one, and a credential in a token's place
    // (a 40-digit hex token, a UUID API key).
    for (const value of ['3df41000223c6fc7ef4c7b950b33b9c327535c10', '123e4567-e89b-12d3-a456-426614174000']) {
      const publicText = `{ "version": 1, "agent": { "name": "Notes", "description": "Built from ${value}" } }`;
      expect(holdsSecret(opened(publicText)), value).toEqual({ holdsSecret: false });
      const tokenText = `{ "version": 1, "channels": { "slack": { "botToken": "${value}" } } }`;
      expect(holdsSecret(opened(tokenText)), value).toEqual({ holdsSecret: true });
    }
  });
});
