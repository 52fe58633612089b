// The contribution to SchemaStore (https://www.schemastore.org), generated from the project's
// own files so that nothing is kept by hand twice: the draft-07 copy of the schema, positive tests
// (the real manifests of the corpus the schema accepts), negative tests (the mistakes the card
// rules are about), the catalog entry and the `unknownKeywords` entry SchemaStore's check needs.
// The build writes it to dist/schemastore/, laid out as in SchemaStore's repository;
// docs/schemastore.md says where each file goes.
import { readdirSync, readFileSync } from 'node:fs';
import { createDraft07Ajv, EDITOR_KEYWORDS } from './ajv.mjs';
import { subschemas, toDraft07 } from './draft-07-schema.mjs';
import { readPackageFacts } from './package-facts.mjs';
import { publishedSchemaUrl } from './pages-url.mjs';

export const SCHEMASTORE_NAME = 'pinata-agent-manifest';
export const SCHEMASTORE_ID = `https://www.schemastore.org/${SCHEMASTORE_NAME}.json`;

const root = new URL('..', import.meta.url);
const CORPUS = new URL('test/fixtures/corpus/real/', root);
const INVALID_FIXTURES = new URL('test/fixtures/schema/invalid/', root);

/** Negative test file → the invalid fixture it is: one mistake each, the ones the card rules exist for. */
const NEGATIVE_TESTS = {
  'route-port-18789.json': 'port-18789.json',
  'skill-both-sources.json': 'skill-both-sources.json',
  'task-every-ms-below-60000.json': 'every-ms-10000.json',
  'task-cron-seconds-field.json': 'cron-seconds-field.json',
  'channel-token-env-malformed.json': 'token-env-malformed.json',
  // The published schema closes the manifest: an unknown key is a mistake.
  'unknown-top-level-key.json': 'unknown-top-level-key.json',
};

/** Editor keywords SchemaStore's check registers for every schema; the others need an `unknownKeywords` entry. */
const REGISTERED_BY_SCHEMASTORE = new Set(['defaultSnippets', 'markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions']);

/** The draft-07 copy of the manifest schema, as SchemaStore serves it. */
export function schemaStoreSchema(source) {
  const { homepage } = readPackageFacts();
  const project = homepage.replace(/#.*$/, '');
  // The $id is the platform's address, which serves the platform's own schema: the note also
  // names where the project publishes the source, so a reader finds the schema this copy is of.
  const comment = `Generated from ${source.$id} (the $id of agent-manifest's draft 2020-12 schema, published at ${publishedSchemaUrl()}) by the build of agent-manifest (${project}): change that schema, not this copy.`;
  return toDraft07(source, { id: SCHEMASTORE_ID, comment });
}

export function catalogEntry() {
  return {
    name: 'Pinata Agent manifest',
    description:
      'Manifest (manifest.json) of an AI agent hosted on Pinata: the agent, its model, secrets, skills, scheduled tasks, routes, chat channels and template listing',
    // A bare `manifest.json` is far too common a name to claim; `$schema` in the file selects it.
    fileMatch: [],
    url: SCHEMASTORE_ID,
  };
}

/** The entry of SchemaStore's `src/schema-validation.jsonc` `options`: the editor keywords it does not know. */
export function schemaValidationOptions(schema) {
  const used = new Set([...subschemas(schema)].flatMap(([, node]) => Object.keys(node)));
  const unknownKeywords = EDITOR_KEYWORDS.filter((keyword) => used.has(keyword) && !REGISTERED_BY_SCHEMASTORE.has(keyword));
  return { [`${SCHEMASTORE_NAME}.json`]: { unknownKeywords } };
}

/**
 * The contribution's files, by path under dist/schemastore/: the schema beside a tree laid out
 * as SchemaStore's repository (`src/schemas/json/`, `src/test/<name>/`, `src/negative_test/<name>/`),
 * with the catalog and validation entries to merge by hand. Test files are copied byte for byte.
 * Throws when a negative test passes or when the copy does not compile as SchemaStore compiles it.
 *
 * @param {Record<string, unknown>} source the 2020-12 schema
 * @returns {Map<string, string | Buffer>}
 */
export function schemaStoreContribution(source) {
  const schema = schemaStoreSchema(source);
  const validate = createDraft07Ajv().compile(schema);
  const schemaText = `${JSON.stringify(schema, null, 2)}\n`;
  const files = new Map([
    [`${SCHEMASTORE_NAME}.json`, schemaText],
    [`src/schemas/json/${SCHEMASTORE_NAME}.json`, schemaText],
    ['catalog-entry.json', `${JSON.stringify(catalogEntry(), null, 2)}\n`],
    ['schema-validation-options.json', `${JSON.stringify(schemaValidationOptions(schema), null, 2)}\n`],
  ]);
  for (const name of readdirSync(CORPUS)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const bytes = readFileSync(new URL(name, CORPUS));
    // The corpus keeps manifests the platform accepted but the schema does not (a `_docs` block).
    if (validate(JSON.parse(bytes.toString('utf8')))) files.set(`src/test/${SCHEMASTORE_NAME}/${name}`, bytes);
  }
  if (![...files.keys()].some((file) => file.startsWith('src/test/')))
    throw new Error('SchemaStore contribution: the schema accepts no manifest of the corpus');
  for (const [name, fixture] of Object.entries(NEGATIVE_TESTS)) {
    const bytes = readFileSync(new URL(fixture, INVALID_FIXTURES));
    if (validate(JSON.parse(bytes.toString('utf8')))) throw new Error(`SchemaStore negative test ${name} (${fixture}) is valid against the schema`);
    files.set(`src/negative_test/${SCHEMASTORE_NAME}/${name}`, bytes);
  }
  return files;
}
