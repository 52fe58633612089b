type Schema = Record<string, unknown>;

export declare const SCHEMASTORE_NAME: 'pinata-agent-manifest';
export declare const SCHEMASTORE_ID: 'https://www.schemastore.org/pinata-agent-manifest.json';

/** The draft-07 copy of the manifest schema, as SchemaStore serves it. */
export declare function schemaStoreSchema(source: Schema): Schema;

/** The entry for SchemaStore's `src/api/json/catalog.json`. */
export declare function catalogEntry(): { name: string; description: string; fileMatch: string[]; url: string };

/** The entry of SchemaStore's `src/schema-validation.jsonc` `options`: the editor keywords it does not know. */
export declare function schemaValidationOptions(schema: Schema): Record<string, { unknownKeywords: string[] }>;

/**
 * The contribution's files, by path under dist/schemastore/. Throws when a negative test passes
 * or when the copy does not compile as SchemaStore compiles it.
 */
export declare function schemaStoreContribution(source: Schema): Map<string, string | Buffer>;
