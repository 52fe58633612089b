type Schema = Record<string, unknown>;

export declare const DRAFT_07: 'http://json-schema.org/draft-07/schema#';

/**
 * The draft-07 translation of a draft 2020-12 schema, with this `$id` and, first at the root,
 * this `$comment`. Throws, naming the keyword and its place, when a keyword has no draft-07
 * equivalent or is unknown.
 */
export declare function toDraft07(schema: Schema, options: { id: string; comment?: string }): Schema;

/** Every subschema of a draft-07 schema with its JSON pointer, the root first. */
export declare function subschemas(node: unknown, pointer?: string): Generator<[string, Schema]>;
