/**
 * Which texts are agent manifests: those that show it (the official `$schema`, an `agent`, two
 * sections), and those that hold nothing but agent manifest keys so far (an empty file, `{}`, a
 * file being typed). Everything else — other formats also called `manifest.json` — is left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_MANIFEST_KEYS, SCHEMA_URL, whyNotAgentManifest } from '../rules/index.js';
import { goldenCases, goldenText } from './golden-cases.js';
import { NON_AGENT } from './non-agent-manifests.js';

const CORPUS = new URL('./fixtures/corpus/real/', import.meta.url).pathname;
const EXAMPLES = new URL('../examples/', import.meta.url).pathname;
const SCHEMA = new URL('../schema/manifest.v1.json', import.meta.url).pathname;

const PRE_V1 = '{"ports":[{"port":3000,"pathPrefix":"/app","public":true}],"setup":"npm install","start":"npm start"}';
/** Every agent manifest the tests hold: the real ones, the examples, the golden cases' inputs. */
const AGENT_MANIFESTS: [string, string][] = [
  ...readdirSync(CORPUS).map((name): [string, string] => [`corpus ${name}`, readFileSync(`${CORPUS}${name}`, 'utf8')]),
  ...readdirSync(EXAMPLES).map((name): [string, string] => [`example ${name}`, readFileSync(`${EXAMPLES}${name}/manifest.json`, 'utf8')]),
  ...goldenCases().map(({ rule, name, input }): [string, string] => [`golden ${rule}/${name}`, goldenText(input)]),
];

describe('agent manifests are linted', () => {
  it('holds the real manifests, the examples and the golden inputs', () => {
    const count = (source: string) => AGENT_MANIFESTS.filter(([name]) => name.startsWith(`${source} `)).length;
    expect(count('corpus')).toBe(18);
    expect(count('example')).toBeGreaterThan(0);
    expect(count('golden')).toBeGreaterThan(200);
  });

  it.each(AGENT_MANIFESTS)('%s', (_name, text) => {
    expect(whyNotAgentManifest(text)).toBeUndefined();
  });

  it.each([
    ['an empty file', ''],
    ['a file of white space and comments', '  // a new agent\n'],
    ['an empty object', '{}'],
    ['a byte order mark before the object', '\uFEFF{"version": 1, "agent": {}}'],
    ['a stray character typed before the object', 'x{"version": 1, "agent": {}}'],
    ['merge conflict markers', '<<<<<<< HEAD\n{"version": 1, "agent": {"name": "a"}}\n=======\n{"version": 1, "agent": {"name": "b"}}\n>>>>>>> main\n'],
    ['the official $schema, and a key of another format', `{"$schema": "${SCHEMA_URL}", "display": "x"}`],
    ['an agent beside keys of another format', '{"version": 1, "agent": {"name": "a"}, "icons": []}'],
    ['one section and nothing else yet', '{"version": 1, "routes": []}'],
    ['two sections beside a key of no format', '{"version": 1, "name": "x", "secrets": [], "tasks": []}'],
    ['a key being typed', '{"version": 1, "sec'],
    ['a key being typed, closed by the editor', '{"version": 1, "ag"}'],
    ['a file cut short', '{ "version": 1, "ag'],
    ['nothing but agent manifest keys, a version string too', '{"version": "1.0.0"}'],
    ['the format before v1', PRE_V1],
    ['the format before v1 beside one section', '{"name": "x", "ports": [], "start": "npm start", "secrets": []}'],
  ])('%s', (_name, text) => {
    expect(whyNotAgentManifest(text)).toBeUndefined();
  });

  it('counts every prefix of a real manifest, as it is typed or cut short', () => {
    const real = AGENT_MANIFESTS.filter(([name]) => name.startsWith('corpus ') || name.startsWith('example '));
    for (const text of [...real.map(([, text]) => text), PRE_V1]) {
      const notLinted = [];
      for (let length = 0; length <= text.length; length++) {
        if (whyNotAgentManifest(text.slice(0, length)) !== undefined) notLinted.push(length);
      }
      expect(notLinted).toEqual([]);
    }
  });

  it('counts any object with the official $schema, wherever the key is', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), fc.boolean(), (object, at, pretty) => {
        const entries = Object.entries(object).filter(([key]) => key !== '$schema');
        entries.splice(at % (entries.length + 1), 0, ['$schema', SCHEMA_URL]);
        expect(whyNotAgentManifest(JSON.stringify(Object.fromEntries(entries), null, pretty ? 2 : 0))).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('judges a file past the read limit by its beginning, where the engine reports the length', () => {
    const huge = JSON.stringify({ version: 1, agent: { description: 'x'.repeat(5 * 1024 * 1024) } });
    expect(whyNotAgentManifest(huge)).toBeUndefined();
    expect(whyNotAgentManifest(JSON.stringify({ short_name: 'x', description: 'x'.repeat(5 * 1024 * 1024) }))).toBe('it looks like a web app manifest');
  });

  it('knows the schema’s root keys', () => {
    const schema = JSON.parse(readFileSync(SCHEMA, 'utf8')) as { properties: Record<string, unknown> };
    expect([...AGENT_MANIFEST_KEYS].sort()).toEqual(Object.keys(schema.properties).sort());
  });
});

describe('other files are left alone', () => {
  it.each(NON_AGENT.map(({ folder, text, reason }) => [folder, text, reason]))('%s', (_folder, text, reason) => {
    expect(whyNotAgentManifest(text)).toBe(reason);
  });

  it.each([
    ['a release file list as an object', '{"files": ["widgets-2.4.0.tar.gz", "SHA256SUMS"]}', 'it has no agent manifest keys'],
    ['a Unity package manifest', '{"dependencies": {"com.unity.ugui": "1.0.0"}, "scopedRegistries": []}', 'it has no agent manifest keys'],
    ['a build manifest keyed by file', '{"src/main.ts": {"file": "assets/main.js", "isEntry": true}}', 'it has no agent manifest keys'],
    ['name, description and version alone', '{"name": "x", "description": "y", "version": "1.0.0"}', 'it has no agent manifest keys'],
    [
      'one section beside keys of no agent manifest',
      '{"name": "x", "version": "1.0.0", "scripts": {"build": "tsc"}}',
      'it has no `agent`, and keys an agent manifest does not have: name',
    ],
    ['many such keys', '{"model": "m", "a1": 1, "b2": 2, "c3": 3, "d4": 4}', 'it has no `agent`, and keys an agent manifest does not have: a1, b2, c3, …'],
    [
      'the pre-v1 keys beside keys of another format',
      '{"name": "x", "setup": "make", "start": "make run"}',
      'it has no `agent`, and keys an agent manifest does not have: name',
    ],
    ['a web app manifest', '{"name": "Notes", "short_name": "Notes", "start_url": "/", "icons": []}', 'it looks like a web app manifest'],
    ['another format’s $schema', '{"$schema": "https://json.schemastore.org/web-manifest-combined.json", "name": "x"}', 'it has no agent manifest keys'],
    ['keys of an agent manifest only inside nested objects', '{"x": {"agent": {}, "version": 1}, "icons": []}', 'it looks like a web app manifest'],
    ['the official $schema in a nested object', `{"x": {"$schema": "${SCHEMA_URL}"}, "icons": []}`, 'it looks like a web app manifest'],
    ['an empty array', '[]', 'it is a JSON array'],
    ['an array after stray text', 'x [{"agent": {}}]', 'it is a JSON array'],
    ['a string', '"manifest"', 'it is not a JSON object'],
    ['not JSON at all', 'version https://git-lfs.github.com/spec/v1', 'it is not a JSON object'],
  ])('%s', (_name, text, reason) => {
    expect(whyNotAgentManifest(text)).toBe(reason);
  });

  it('including any array, which cannot hold a $schema', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), (array) => {
        expect(whyNotAgentManifest(JSON.stringify(array))).toBe('it is a JSON array');
      }),
      { numRuns: 100 },
    );
  });

  it('reads text of any depth without recursion', () => {
    const deep = `{"icons": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(whyNotAgentManifest(deep)).toBe('it looks like a web app manifest');
  });
});
