/**
 * The language server is transport and settings only: what a manifest holds, what its rules are
 * and what they know lives in the engine and its language service (language/), which the
 * library and a browser use too. So no string in the server's source names a rule, and none that
 * is code rather than a sentence names a key of the manifest or its sections, a model provider,
 * or a file a template repository is checked for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODEL_PROVIDERS } from '../../language/own-completions.js';
import { listRules, MANIFEST_FILE, README_FILE, SECRET_FILE_GLOBS, WORKSPACE_FOLDER } from '../../rules/index.js';
import schema from '../../schema/manifest.v1.json' with { type: 'json' };

const SERVER = new URL('../../server/', import.meta.url).pathname;

/** Every key the schema names, at any depth: the manifest's vocabulary. */
function schemaKeys(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) schemaKeys(item, into);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value !== null && typeof value === 'object') for (const name of Object.keys(value)) into.add(name);
      schemaKeys(value, into);
    }
  }
  return into;
}

/**
 * The string literals of a TypeScript source (comments removed first), template literals included;
 * not the modules it imports, whose paths name this project's folders (`workspace/`), not a manifest's.
 */
function stringLiterals(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/\bfrom\s+'[^'\n]*'|\bimport\(\s*'[^'\n]*'\s*\)/g, '');
  return [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

// Words too common to be manifest knowledge when a protocol message or a log line uses them.
const GENERAL = new Set(['name', 'path', 'kind', 'enabled', 'description', 'version', 'text', 'url', 'type', 'id', 'value', 'to', 'message']);

const ruleIds = new Set(listRules().map((rule) => rule.id));
/** Names a key, a file or a provider where code would use it: a literal that is not prose. */
const vocabulary = new Set([
  ...[...schemaKeys(schema)].filter((key) => !GENERAL.has(key)),
  ...MODEL_PROVIDERS.map((provider) => provider.id),
  MANIFEST_FILE,
  README_FILE,
  WORKSPACE_FOLDER,
  ...SECRET_FILE_GLOBS,
]);

describe('the language server', () => {
  const files = readdirSync(SERVER).filter((name) => name.endsWith('.ts'));

  it('is read whole by this test', () => {
    expect(files).toEqual(expect.arrayContaining(['server.ts', 'main.ts', 'protocol.ts', 'diagnostics.ts']));
    expect(ruleIds.has('route-port-reserved') && vocabulary.has('routes') && vocabulary.has('botToken') && vocabulary.has('anthropic')).toBe(true);
  });

  it('writes no string naming a rule, a manifest key, a provider or a repository file', () => {
    const found = files.flatMap((file) =>
      stringLiterals(readFileSync(path.join(SERVER, file), 'utf8')).flatMap((literal) =>
        literal
          .split(/[^A-Za-z0-9_.$*-]+/)
          // A rule id anywhere; the manifest's words where a literal is code, not a sentence.
          .filter((word) => ruleIds.has(word) || (!literal.includes(' ') && vocabulary.has(word)))
          .map((word) => `${file}: ${JSON.stringify(literal.slice(0, 60))} names ${word}`),
      ),
    );
    expect(found).toEqual([]);
  });
});
