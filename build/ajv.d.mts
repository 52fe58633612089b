import type { default as AjvDraft07, Options } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020.js';

/** Location of the bundled manifest schema (`schema/manifest.v1.json`). */
export declare const SCHEMA_PATH: URL;

/** The schema's `$id`, also the official URL manifests use in `$schema`. */
export declare const SCHEMA_ID: 'https://agents.pinata.cloud/schemas/manifest.v1.json';

/** Annotation keywords registered as a vocabulary (editor metadata, no validation). */
export declare const EDITOR_KEYWORDS: readonly string[];

/**
 * Creates the Ajv 2020-12 instance the manifest schema is compiled with: strict mode, all
 * errors, ajv-formats, the editor keywords registered as a vocabulary, union types allowed and
 * every `$ref` inlined (so each error's `schemaPath` is an absolute pointer into the schema file).
 * `overrides` is merged into the options (for example `{ code: { source: true, esm: true } }`
 * for standalone code).
 */
export declare function createAjv(overrides?: Options): Ajv2020.default;

/**
 * Creates an Ajv draft-07 instance for the SchemaStore copy of the schema: strict mode, all
 * errors, the same formats and editor keywords as `createAjv`, no union types.
 */
export declare function createDraft07Ajv(overrides?: Options): AjvDraft07;
