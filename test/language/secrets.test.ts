/** `agentManifest/holdsSecret`'s answer: what the playground asks before it puts a text in a link. */
import { describe, expect, it } from 'vitest';
import type { FeatureContext } from '../../language/context.js';
import { DocumentStore } from '../../language/documents.js';
import { holdsSecret } from '../../language/secrets.js';

function contextWith(texts: Record<string, string>): FeatureContext {
  const documents = new DocumentStore();
  for (const [uri, text] of Object.entries(texts)) documents.open({ textDocument: { uri, languageId: 'json', version: 1, text } });
  return { documents } as FeatureContext;
}

const CLEAN = '{ "version": 1, "agent": { "name": "A" }, "channels": { "telegram": { "botToken": "env:TELEGRAM_BOT_TOKEN" } } }';
const PASTED = '{ "version": 1, "agent": { "name": "A" }, "channels": { "telegram": { "botToken": "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw" } } }';

describe('holdsSecret', () => {
  it('says whether an open manifest holds a secret the engine masks', () => {
    const context = contextWith({ 'file:///clean/manifest.json': CLEAN, 'file:///pasted/manifest.json': PASTED });
    expect(holdsSecret(context, 'file:///clean/manifest.json')).toEqual({ holdsSecret: false });
    expect(holdsSecret(context, 'file:///pasted/manifest.json')).toEqual({ holdsSecret: true });
  });

  it('counts a document it does not have as holding one: what was not checked is not shared', () => {
    expect(holdsSecret(contextWith({}), 'file:///never/opened.json')).toEqual({ holdsSecret: true });
  });
});
