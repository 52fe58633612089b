// Translates a JSON Schema from draft 2020-12 to draft-07 (the draft SchemaStore asks for),
// keeping what it means: a validator of either draft gives the same verdict on every document
// (test/schemastore.test.ts checks this with Ajv). Generic over keywords, not tied to the
// manifest schema's shape: each keyword is kept (draft-07 has it, or it is an annotation editors
// read), translated, or the translation throws an error naming it and where it is, so a keyword
// the source starts using never slips into the copy with a meaning draft-07 lacks.
import { EDITOR_KEYWORDS } from './ajv.mjs';
import { ISO_DATE_TIME_PATTERN } from './iso-date-time-pattern.mjs';
import { pointerKeys, pointerTo } from './json-pointer.mjs';

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = new Set(['additionalProperties', 'propertyNames', 'items', 'contains', 'not', 'if', 'then', 'else']);
/** Keywords whose value is an array of schemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names (not keywords) to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** Annotations: no effect on validation, kept as they are (`deprecated` is 2019-09's; draft-07 validators ignore it, editors read it). */
const ANNOTATIONS = new Set(['$comment', 'title', 'description', 'default', 'examples', 'readOnly', 'writeOnly', 'deprecated', ...EDITOR_KEYWORDS]);
/** Keywords draft-07 has with the same meaning, whose values are no schemas. */
const SAME_IN_DRAFT_07 = new Set([
  '$ref',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'contentMediaType',
  'contentEncoding',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
]);
/** 2019-09 and 2020-12 keywords draft-07 cannot say, with why. */
const UNTRANSLATABLE = {
  unevaluatedProperties: 'draft-07 cannot see which properties other subschemas evaluated',
  unevaluatedItems: 'draft-07 cannot see which items other subschemas evaluated',
  minContains: 'draft-07 counts no matches of contains',
  maxContains: 'draft-07 counts no matches of contains',
  $anchor: 'refer to the subschema by its JSON pointer instead',
  $dynamicRef: 'draft-07 has no dynamic references',
  $dynamicAnchor: 'draft-07 has no dynamic references',
  $recursiveRef: 'draft-07 has no recursive references',
  $recursiveAnchor: 'draft-07 has no recursive references',
  $vocabulary: 'draft-07 has no vocabularies',
  contentSchema: 'draft-07 has no contentSchema',
  definitions: 'the source is 2020-12: write $defs',
  dependencies: 'the source is 2020-12: write dependentRequired or dependentSchemas',
};

/** The formats draft-07 defines; others are replaced by a pattern or refused. */
const DRAFT_07_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);
const FORMAT_PATTERNS = { 'iso-date-time': ISO_DATE_TIME_PATTERN };

/** Keywords that constrain values of one type only (an `anyOf` branch for the type takes them). */
const NUMBER_KEYWORDS = ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'];
const KEYWORDS_OF_TYPE = {
  string: ['maxLength', 'minLength', 'pattern', 'patternErrorMessage', 'format', 'contentMediaType', 'contentEncoding'],
  number: NUMBER_KEYWORDS,
  integer: NUMBER_KEYWORDS,
  array: ['items', 'additionalItems', 'maxItems', 'minItems', 'uniqueItems', 'contains'],
  object: ['properties', 'patternProperties', 'additionalProperties', 'required', 'maxProperties', 'minProperties', 'dependencies', 'propertyNames'],
};
const TYPE_SPECIFIC = new Set(Object.values(KEYWORDS_OF_TYPE).flat());

class TranslationError extends Error {
  constructor(pointer, message) {
    super(`Cannot translate the schema to draft-07 at #${pointer}: ${message}`);
  }
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const mapValues = (object, map) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value, key)]));

/**
 * The draft-07 translation of a 2020-12 schema, with this `$id` and, first at the root, this
 * `$comment` (a note for whoever reads the copy).
 *
 * @param {Record<string, unknown>} schema
 * @param {{ id: string, comment?: string }} options
 */
export function toDraft07(schema, { id, comment }) {
  const { $schema, $id, ...rest } = schema;
  if ($schema !== 'https://json-schema.org/draft/2020-12/schema') throw new TranslationError('', `$schema is ${JSON.stringify($schema)}, not draft 2020-12`);
  const { $comment: sourceComment, ...body } = translate(rest, '', { sourceId: $id });
  const note = [comment, sourceComment].filter(Boolean).join('\n\n');
  const result = { $schema: DRAFT_07, $id: id, ...(note ? { $comment: note } : {}), ...body };
  assertReferencesResolve(result);
  return result;
}

/** One subschema, translated after its own subschemas. */
function translate(node, pointer, context) {
  if (typeof node === 'boolean') return node;
  if (!isObject(node)) throw new TranslationError(pointer, 'a schema must be an object or a boolean');
  let result = {};
  for (const [key, value] of Object.entries(node)) {
    const at = pointerTo(pointer, key);
    if (key in UNTRANSLATABLE) throw new TranslationError(at, `${key} has no draft-07 equivalent (${UNTRANSLATABLE[key]})`);
    if (key === '$id' || key === '$schema') throw new TranslationError(at, `${key} is supported at the root only`);
    if (SCHEMA_KEYWORDS.has(key)) result[key] = translate(value, at, context);
    else if (SCHEMA_LIST_KEYWORDS.has(key)) result[key] = value.map((item, i) => translate(item, pointerTo(at, i), context));
    else if (SCHEMA_MAP_KEYWORDS.has(key)) result[key] = mapValues(value, (item, name) => translate(item, pointerTo(at, name), context));
    else if (key === '$ref') result[key] = draft07Reference(value, at, context);
    else if (ANNOTATIONS.has(key) || SAME_IN_DRAFT_07.has(key) || key === 'dependentRequired') result[key] = value;
    else throw new TranslationError(at, `${key} is no keyword this translation knows`);
  }
  result = replaceKey(result, '$defs', 'definitions');
  result = tupleItems(result);
  result = dependencies(result);
  result = formatAsPattern(result, pointer);
  result = unionTypeAsAnyOf(result, pointer);
  result = referenceWithoutSiblings(result);
  return result;
}

/** `#/$defs/…` becomes `#/definitions/…`; a reference by the source's own `$id` becomes local. */
function draft07Reference(reference, pointer, { sourceId }) {
  const local = sourceId && reference.startsWith(`${sourceId}#`) ? reference.slice(sourceId.length) : reference;
  if (!local.startsWith('#') || (local !== '#' && !local.startsWith('#/'))) {
    throw new TranslationError(pointer, `${reference} is not a JSON pointer into this schema`);
  }
  return local
    .split('/')
    .map((segment) => (segment === '$defs' ? 'definitions' : segment))
    .join('/');
}

/** The object with the key `from` replaced by `to` (with `value`, by default the same), in the same place among its keys. */
function replaceKey(node, from, to, value = node[from]) {
  if (!(from in node)) return node;
  return Object.fromEntries(Object.entries(node).map((entry) => (entry[0] === from ? [to, value] : entry)));
}

/** 2020-12's `prefixItems` and `items` are draft-07's `items` (as an array) and `additionalItems`. */
function tupleItems(node) {
  if (!('prefixItems' in node)) return node;
  const withAdditional = replaceKey(node, 'items', 'additionalItems');
  return replaceKey(withAdditional, 'prefixItems', 'items');
}

/** `dependentSchemas` and `dependentRequired` both become draft-07's `dependencies`. */
function dependencies(node) {
  const { dependentSchemas, dependentRequired, ...rest } = node;
  let result = rest;
  if (dependentSchemas) result = withConjunct(result, { dependencies: dependentSchemas });
  if (dependentRequired) result = withConjunct(result, { dependencies: dependentRequired });
  return result;
}

/** A format draft-07 lacks becomes the pattern that checks the same; any other is refused. */
function formatAsPattern(node, pointer) {
  if (typeof node.format !== 'string' || DRAFT_07_FORMATS.has(node.format)) return node;
  const pattern = FORMAT_PATTERNS[node.format];
  if (!pattern) throw new TranslationError(pointerTo(pointer, 'format'), `the format ${node.format} is not draft-07's and has no pattern here`);
  if (!('pattern' in node)) return replaceKey(node, 'format', 'pattern', pattern);
  const { format: _format, ...rest } = node;
  return withConjunct(rest, { pattern });
}

/**
 * `"type": ["string", "integer"]` becomes an `anyOf` with one branch per type; each branch takes
 * the keywords that constrain its type (`minLength` goes with `string`), the rest stay beside.
 */
function unionTypeAsAnyOf(node, pointer) {
  if (!Array.isArray(node.type)) return node;
  if (node.type.length === 1) return replaceKey(node, 'type', 'type', node.type[0]);
  const branches = node.type.map((type) => ({ type }));
  const rest = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    const owners = branches.filter(({ type }) => KEYWORDS_OF_TYPE[type]?.includes(key));
    if (owners.length > 0) for (const branch of owners) branch[key] = value;
    else if (TYPE_SPECIFIC.has(key)) throw new TranslationError(pointerTo(pointer, key), `${key} constrains none of the types ${node.type.join(', ')}`);
    else rest[key] = value;
  }
  return withConjunct(rest, { anyOf: branches });
}

/**
 * Draft-07 ignores the keywords beside a `$ref`; 2020-12 applies them. So a `$ref` with
 * validation keywords beside it moves into an `allOf`. Annotations may stay beside it: editors
 * read them there.
 */
function referenceWithoutSiblings(node) {
  if (!('$ref' in node) || Object.keys(node).every((key) => key === '$ref' || ANNOTATIONS.has(key))) return node;
  const { $ref, allOf = [], ...rest } = node;
  return { ...rest, allOf: [{ $ref }, ...allOf] };
}

/** The node with `schema`'s keywords added; into `allOf` when the node already has one of them. */
function withConjunct(node, schema) {
  if (Object.keys(schema).every((key) => !(key in node))) return { ...node, ...schema };
  return { ...node, allOf: [...(node.allOf ?? []), schema] };
}

/** Every local `$ref` of the translation points at a schema (a pointer through renamed keywords would not). */
function assertReferencesResolve(root) {
  const resolve = (reference) =>
    pointerKeys(reference).reduce((node, segment) => (node !== null && typeof node === 'object' ? node[segment] : undefined), root);
  for (const [pointer, node] of subschemas(root)) {
    if (typeof node.$ref === 'string' && resolve(node.$ref) === undefined) {
      throw new TranslationError(pointer, `$ref ${node.$ref} points at nothing in the draft-07 copy`);
    }
  }
}

/**
 * Every subschema of a draft-07 schema with its JSON pointer, the root first.
 *
 * @param {unknown} node
 * @returns {Generator<[string, Record<string, unknown>]>}
 */
export function* subschemas(node, pointer = '') {
  if (!isObject(node)) return;
  yield [pointer, node];
  for (const [key, value] of Object.entries(node)) {
    const at = pointerTo(pointer, key);
    if (key === 'items' && Array.isArray(value)) for (const [i, item] of value.entries()) yield* subschemas(item, pointerTo(at, i));
    else if (SCHEMA_KEYWORDS.has(key) || key === 'additionalItems') yield* subschemas(value, at);
    else if (SCHEMA_LIST_KEYWORDS.has(key)) for (const [i, item] of value.entries()) yield* subschemas(item, pointerTo(at, i));
    else if (key === 'properties' || key === 'patternProperties' || key === 'definitions' || key === 'dependencies') {
      for (const [name, item] of Object.entries(value)) yield* subschemas(item, pointerTo(at, name));
    }
  }
}
