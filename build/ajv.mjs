// The one Ajv configuration used for the manifest schema: by the build (standalone validator),
// by the tests and by anything else that compiles schema/manifest.v1.json; and its draft-07
// twin for the SchemaStore copy of the schema, with the same formats and editor keywords.
import AjvDraft07 from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';

/** Location of the bundled manifest schema. */
export const SCHEMA_PATH = new URL('../schema/manifest.v1.json', import.meta.url);

/** The schema's `$id`, also the official URL manifests use in `$schema`. */
export const SCHEMA_ID = 'https://agents.pinata.cloud/schemas/manifest.v1.json';

/**
 * Annotation keywords read by editors (VS Code, vscode-json-languageservice) and by the rule
 * engine. They carry documentation only and never affect validation; registering them as a
 * vocabulary keeps strict mode on for every other unknown keyword.
 */
export const EDITOR_KEYWORDS = Object.freeze(JSON.parse(readFileSync(new URL('./editor-keywords.json', import.meta.url), 'utf8')));

/**
 * Creates the Ajv 2020-12 instance the manifest schema is compiled with: strict mode (every strict
 * check on, none relaxed), all errors, ajv-formats, and the editor keywords registered as a
 * vocabulary. Two more settings the schema needs: union types are allowed (`allowFrom` items are
 * strings or integers), and every `$ref` is inlined so that each error's `schemaPath` is an
 * absolute pointer into the schema file (see `inlineAllRefs`).
 *
 * `overrides` is merged into these options; Ajv completes a partial `code` object with its own
 * defaults (the build passes `{ code: { source: true, esm: true } }`).
 *
 * @param {import('ajv').Options} [overrides]
 * @returns {import('ajv/dist/2020.js').default}
 */
export function createAjv(overrides = {}) {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    ...overrides,
  });
  addFormatsAndEditorKeywords(ajv);
  inlineAllRefs(ajv);
  return ajv;
}

/**
 * Creates an Ajv draft-07 instance for the SchemaStore copy of the schema: strict mode, all
 * errors, and the same formats and editor keywords as `createAjv`. Union types are not allowed:
 * SchemaStore's check does not allow them either.
 *
 * @param {import('ajv').Options} [overrides]
 * @returns {import('ajv').default}
 */
export function createDraft07Ajv(overrides = {}) {
  const ajv = new AjvDraft07({ strict: true, allErrors: true, ...overrides });
  addFormatsAndEditorKeywords(ajv);
  return ajv;
}

/** @param {import('ajv').default} ajv */
function addFormatsAndEditorKeywords(ajv) {
  addFormats(ajv);
  ajv.addVocabulary([...EDITOR_KEYWORDS]);
}

const META_SCHEMA_ID = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Makes Ajv inline every `$ref` of the schemas compiled from now on.
 *
 * By default Ajv compiles a definition that itself contains a `$ref` (`task`, `channels`,
 * `template`, …) into a separate function, and the errors of that function carry a `schemaPath`
 * relative to the definition (`#/required` instead of `#/$defs/task/required`). The rule engine
 * maps errors back to the schema by `schemaPath`, so every path has to be an absolute pointer
 * into the schema file. Inlined references keep it absolute.
 *
 * `inlineRefs: Infinity` inlines everything, which only terminates for schemas without recursive
 * references: true for the manifest schema, not for the 2020-12 meta-schema. So the meta-schema
 * (used to check the manifest schema when it is compiled) is compiled first, with Ajv's default,
 * and only then is the option raised.
 *
 * @param {import('ajv/dist/2020.js').default} ajv
 */
function inlineAllRefs(ajv) {
  if (ajv.opts.meta !== false && ajv.opts.inlineRefs === true) {
    ajv.getSchema(META_SCHEMA_ID);
    ajv.opts.inlineRefs = Infinity;
  }
}
