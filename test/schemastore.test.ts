/**
 * The SchemaStore copy of the schema (build/schemastore-contribution.mjs, docs/schemastore.md) is
 * draft-07 and means what the 2020-12 source means: Ajv compiles the source as the project does
 * and the copy as draft-07, with the same formats, and the two give the same verdict on every
 * JSON document of the fixtures, the goldens' inputs and the examples, and on mutations of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAjv, createDraft07Ajv, EDITOR_KEYWORDS, SCHEMA_PATH } from '../build/ajv.mjs';
import { DRAFT_07, subschemas, toDraft07 } from '../build/draft-07-schema.mjs';
import { ISO_DATE_TIME_PATTERN } from '../build/iso-date-time-pattern.mjs';
import {
  catalogEntry,
  SCHEMASTORE_ID,
  SCHEMASTORE_NAME,
  schemaStoreContribution,
  schemaStoreSchema,
  schemaValidationOptions,
} from '../build/schemastore-contribution.mjs';
import { goldenCases } from './golden-cases.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

const ROOT = new URL('..', import.meta.url).pathname;
const SOURCE = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as Schema;
const COPY = schemaStoreSchema(SOURCE);
// Verdicts only: stopping at the first error (allErrors off) changes no verdict and saves time.
const validateSource = createAjv({ allErrors: false }).compile(SOURCE);
const validateCopy = createDraft07Ajv({ allErrors: false }).compile(COPY);

function jsonFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => join(folder, file));
}

/** The documents, by file; files that are not JSON (syntax and encoding cases) are left out. */
function documents(): [string, Json][] {
  const files = [
    ...jsonFilesUnder(join(ROOT, 'test/fixtures')),
    ...goldenCases().map(({ input }) => input),
    ...readdirSync(join(ROOT, 'examples')).map((example) => join(ROOT, 'examples', example, 'manifest.json')),
  ];
  return files.flatMap((file): [string, Json][] => {
    try {
      return [[file.slice(ROOT.length), JSON.parse(readFileSync(file, 'utf8')) as Json]];
    } catch {
      return [];
    }
  });
}

/** Replacements for a value, aimed at what the schema checks: types, limits, patterns, dates, unknown keys. */
function replacementsFor(value: Json): Json[] {
  if (typeof value === 'string') return ['', 1, 'env:BAD-NAME', '0 */5 * * * *', '2026-02-29T09:00:00Z'];
  if (typeof value === 'number') return [value + 1, 1.5, 59999, 18789, String(value)];
  if (typeof value === 'boolean') return ['true'];
  if (Array.isArray(value)) return [[], {}];
  if (value !== null) return [[], { ...value, x_unknown: true }];
  return [0];
}

/**
 * Calls `check` on the document as it is and after each mutation: every value replaced in turn
 * (see `replacementsFor`) and every key removed. Mutates in place and restores, and describes
 * the change only when asked, for speed.
 */
function forEachMutation(document: Json, check: (mutated: Json, change: () => string) => void): void {
  check(document, () => 'as it is');
  const visit = (node: Json, path: string): void => {
    if (node === null || typeof node !== 'object') return;
    const container = node as Record<string, Json>;
    // In a list, the first and the last item stand for the others (limits lists are long).
    const keys = Array.isArray(node) ? [...new Set([0, node.length - 1])].filter((i) => i >= 0).map(String) : Object.keys(node);
    for (const key of keys) {
      const original = container[key] as Json;
      for (const replacement of replacementsFor(original)) {
        container[key] = replacement;
        check(document, () => `${path}/${key} = ${JSON.stringify(replacement)}`);
      }
      if (!Array.isArray(node)) {
        delete container[key];
        check(document, () => `${path}/${key} removed`);
      }
      container[key] = original;
      visit(original, `${path}/${key}`);
    }
  };
  visit(document, '');
}

describe('the SchemaStore copy of the schema', () => {
  it('gives the same verdict as the source on every fixture, golden input and example, and on mutations of them', () => {
    const docs = documents();
    expect(docs.length).toBeGreaterThan(250);
    const differences: string[] = [];
    let checked = 0;
    let invalid = 0;
    for (const [file, document] of docs) {
      forEachMutation(document, (mutated, change) => {
        checked += 1;
        const verdict = validateSource(mutated);
        if (!verdict) invalid += 1;
        if (validateCopy(mutated) !== verdict) differences.push(`${file}: ${change()}: the source says ${verdict ? 'valid' : 'invalid'}`);
      });
    }
    expect(differences.slice(0, 20)).toEqual([]);
    // Both verdicts are well represented, or the comparison would prove little.
    expect(checked).toBeGreaterThan(10_000);
    expect(invalid / checked).toBeGreaterThan(0.3);
    expect(invalid / checked).toBeLessThan(0.95);
  });

  it('keeps the promises SchemaStore asks for: draft-07, its $id, no $defs, no union types, no iso-date-time', () => {
    expect(COPY.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(COPY.$id).toBe(`https://www.schemastore.org/${SCHEMASTORE_NAME}.json`);
    // A reader of the copy learns where to make changes.
    expect(COPY.$comment).toMatch(/^Generated from https:\/\/agents\.pinata\.cloud\/schemas\/manifest\.v1\.json .*change that schema, not this copy/);
    // The $id serves the platform's own schema; the project's copy of the source is on its Pages site.
    expect(COPY.$comment).toContain(' published at https://agent-manifest.github.io/agent-manifest/schemas/manifest.v1.json)');
    const nodes = [...subschemas(COPY)].map(([, node]) => node);
    expect(nodes.length).toBeGreaterThan(100);
    expect(JSON.stringify(COPY)).not.toContain('"$defs"');
    expect(nodes.filter((node) => '$defs' in node)).toEqual([]);
    expect(nodes.filter((node) => Array.isArray(node.type))).toEqual([]);
    expect(nodes.filter((node) => node.format === 'iso-date-time')).toEqual([]);
    expect(nodes.flatMap((node) => (typeof node.$ref === 'string' ? [node.$ref] : [])).every((ref) => ref.startsWith('#/definitions/'))).toBe(true);
  });

  it('keeps every annotation editors read, as many times as the source has it', () => {
    const count = (schema: Schema, keyword: string) => JSON.stringify(schema).split(`"${keyword}":`).length - 1;
    for (const keyword of [...EDITOR_KEYWORDS, 'title', 'description', 'examples', 'default', 'deprecated']) {
      expect(count(COPY, keyword), keyword).toBe(count(SOURCE, keyword));
    }
    expect(count(COPY, 'patternErrorMessage')).toBeGreaterThan(0);
  });

  it('is what the build wrote to dist/schemastore/', () => {
    const built = readFileSync(join(ROOT, `dist/schemastore/${SCHEMASTORE_NAME}.json`), 'utf8');
    expect(JSON.parse(built)).toEqual(COPY);
  });
});

describe('the translation to draft-07', () => {
  const [ajv2020, ajvDraft07] = [createAjv(), createDraft07Ajv()];
  let copies = 0;

  /** Both drafts' verdicts on each document: the translation's meaning is the source's. */
  function expectSameVerdicts(schema: Schema, documents: unknown[]): Schema {
    const source = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...schema };
    copies += 1;
    const copy = toDraft07(source, { id: `https://example.com/copy-${copies}.json` });
    const [before, after] = [ajv2020.compile(source), ajvDraft07.compile(copy)];
    for (const document of documents) expect(after(document), JSON.stringify(document)).toBe(before(document));
    return copy;
  }

  it('renames $defs to definitions and rewrites every $ref, by pointer or by the source $id', () => {
    const copy = expectSameVerdicts(
      {
        $id: 'https://example.com/source.json',
        $comment: 'from the source',
        type: 'object',
        properties: { a: { $ref: '#/$defs/name' }, b: { $ref: 'https://example.com/source.json#/$defs/name' } },
        $defs: { name: { type: 'string', minLength: 2 } },
      },
      [{}, { a: 'ok' }, { a: 'x' }, { b: 'x' }, { b: 1 }],
    );
    expect(copy.$comment).toBe('from the source');
    expect(copy.definitions).toEqual({ name: { type: 'string', minLength: 2 } });
    expect(copy.properties).toEqual({ a: { $ref: '#/definitions/name' }, b: { $ref: '#/definitions/name' } });
  });

  it('turns a union type into an anyOf whose branches take the keywords of their type', () => {
    const copy = expectSameVerdicts(
      { type: ['string', 'integer', 'array'], minLength: 2, minimum: 10, maxItems: 1, items: { type: 'string', pattern: '^a' }, not: { const: 'zz' } },
      ['ab', 'a', 'zz', 10, 9, 10.5, [], ['a'], ['b'], ['a', 'a'], null, {}],
    );
    expect(copy).toMatchObject({
      not: { const: 'zz' },
      anyOf: [
        { type: 'string', minLength: 2 },
        { type: 'integer', minimum: 10 },
        { type: 'array', maxItems: 1, items: { type: 'string', pattern: '^a' } },
      ],
    });
  });

  it('moves a $ref with validation keywords beside it into an allOf, and leaves annotations beside it', () => {
    const copy = expectSameVerdicts(
      {
        type: 'object',
        properties: { port: { $ref: '#/$defs/port', description: 'kept beside', not: { const: 18789 }, errorMessage: 'reserved' } },
        $defs: { port: { type: 'integer', minimum: 1025 } },
      },
      [{ port: 3000 }, { port: 18789 }, { port: 80 }],
    );
    expect((copy.properties as Schema).port).toEqual({
      description: 'kept beside',
      not: { const: 18789 },
      errorMessage: 'reserved',
      allOf: [{ $ref: '#/definitions/port' }],
    });
  });

  it('translates prefixItems, dependentRequired and dependentSchemas', () => {
    const copy = expectSameVerdicts(
      {
        type: 'object',
        properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false, minItems: 2 } },
        dependentRequired: { a: ['b'] },
        dependentSchemas: { c: { properties: { d: true }, required: ['d'] } },
      },
      [{ pair: ['x', 1] }, { pair: ['x', 1, 2] }, { pair: [1] }, { a: 1 }, { a: 1, b: 2 }, { c: 1 }, { c: 1, d: 2 }],
    );
    expect((copy.properties as Schema).pair).toEqual({ type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false, minItems: 2 });
    expect(copy.dependencies).toEqual({ c: { properties: { d: true }, required: ['d'] } });
    expect(copy.allOf).toEqual([{ dependencies: { a: ['b'] } }]);
  });

  it('replaces the iso-date-time format with a pattern, beside a pattern the node already has', () => {
    const copy = expectSameVerdicts({ type: 'string', format: 'iso-date-time', pattern: 'Z$' }, [
      '2026-03-01T09:00:00Z',
      '2026-03-01T09:00:00+01:00',
      '2026-02-30T09:00:00Z',
      'soon',
    ]);
    expect(copy).toEqual({ $schema: DRAFT_07, $id: expect.any(String), type: 'string', pattern: 'Z$', allOf: [{ pattern: ISO_DATE_TIME_PATTERN }] });
  });

  it('fails loudly, naming the keyword and its place, on what draft-07 cannot say', () => {
    const translate = (schema: Schema) => () => toDraft07({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...schema }, { id: 'x' });
    expect(translate({ properties: { a: { unevaluatedProperties: false } } })).toThrow(
      /#\/properties\/a\/unevaluatedProperties: unevaluatedProperties has no draft-07 equivalent/,
    );
    expect(translate({ $anchor: 'here' })).toThrow(/#\/\$anchor/);
    expect(translate({ properties: { a: { minLengthh: 1 } } })).toThrow(/#\/properties\/a\/minLengthh: minLengthh is no keyword/);
    expect(translate({ type: 'string', format: 'duration' })).toThrow(/#\/format: the format duration/);
    expect(translate({ type: ['string', 'null'], minimum: 1 })).toThrow(/#\/minimum: minimum constrains none of the types string, null/);
    expect(translate({ $ref: 'other.json#/a' })).toThrow(/#\/\$ref: other\.json#\/a is not a JSON pointer into this schema/);
    expect(translate({ $ref: '#/$defs/missing' })).toThrow(/points at nothing/);
    expect(() => toDraft07({ $schema: 'http://json-schema.org/draft-07/schema#' }, { id: 'x' })).toThrow(/not draft 2020-12/);
  });
});

describe('the iso-date-time pattern', () => {
  const isoDateTime = fullFormats['iso-date-time'] as { validate: (value: string) => boolean };
  const pattern = new RegExp(ISO_DATE_TIME_PATTERN, 'u');
  const digits = (count: number) => fc.stringMatching(new RegExp(`^\\d{${count}}$`));
  const pick = <T>(...values: T[]) => fc.constantFrom(...values);

  it('accepts exactly what ajv-formats accepts, on strings built near every boundary', () => {
    const year = fc.oneof(digits(4), pick('2000', '1900', '2024', '2023', '2100', '0000', '2400'));
    const month = fc.oneof(digits(2), pick('00', '01', '02', '04', '12', '13'));
    const day = fc.oneof(digits(2), pick('00', '01', '28', '29', '30', '31', '32'));
    const separator = pick('T', 't', ' ', '\t', '\u00a0', '\u2028', '', 'TT', 'x', '_');
    const hour = fc.oneof(digits(2), pick('00', '22', '23', '24', '47', '48', '99'));
    const minute = fc.oneof(digits(2), pick('00', '01', '58', '59', '60', '99'));
    const second = fc.oneof(digits(2), pick('59', '60', '61', '5', '059'));
    const fraction = fc.oneof(
      pick(
        '',
        '.',
        '.5',
        '.999999999999999',
        '.9999999999999996',
        '.99999999999999644728632119949907064437866210937',
        '.999999999999996447286321199499070644378662109375',
      ),
      fc.stringMatching(/^\.\d{1,20}$/),
    );
    const offset = fc.oneof(
      pick('', 'Z', 'z', '+00', '-00:00', '+0100', '+01:00', '-23:59', '+24:00', '+00:60', '+1', '+01:', 'Z+01'),
      fc.tuple(pick('+', '-'), digits(2), pick('', ':'), fc.oneof(pick(''), digits(2))).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(fc.tuple(year, month, day, separator, hour, minute, second, fraction, offset), ([y, mo, d, sep, h, mi, s, f, o]) => {
        const text = `${y}-${mo}-${d}${sep}${h}:${mi}:${s}${f}${o}`;
        expect(pattern.test(text), text).toBe(isoDateTime.validate(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('accepts exactly what ajv-formats accepts for a leap second at every hour, minute and offset', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const mismatches: string[] = [];
    const check = (text: string) => {
      if (pattern.test(text) !== isoDateTime.validate(text)) mismatches.push(text);
    };
    for (let local = 0; local < 100; local += 1) {
      for (let offset = 0; offset < 60; offset += 1) {
        for (const sign of ['+', '-']) {
          if (offset < 24) check(`2026-06-30T${two(local)}:59:60${sign}${two(offset)}:00`);
          check(`2026-06-30T23:${two(local)}:60${sign}00:${two(offset)}`);
          check(`2026-06-30T00:${two(local)}:60${sign}01${two(offset)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the SchemaStore contribution', () => {
  const files = schemaStoreContribution(SOURCE);
  const documentsUnder = (folder: string) =>
    [...files].filter(([file]) => file.startsWith(folder)).map(([file, bytes]) => [file, JSON.parse(bytes.toString())] as const);

  it('has positive tests the copy accepts and negative tests the copy rejects, for each card rule', () => {
    const positive = documentsUnder(`src/test/${SCHEMASTORE_NAME}/`);
    const negative = documentsUnder(`src/negative_test/${SCHEMASTORE_NAME}/`);
    expect(positive.length).toBeGreaterThanOrEqual(15);
    for (const [file, document] of positive) expect(validateCopy(document), file).toBe(true);
    // Each negative test fails for the mistake it is named after, at its place, not for another.
    const expected: Record<string, string> = {
      'channel-token-env-malformed.json': '/channels/telegram/botToken pattern',
      'route-port-18789.json': '/routes/0/port not',
      'skill-both-sources.json': '/skills/0 not',
      'task-cron-seconds-field.json': '/tasks/0/schedule/expr pattern',
      'task-every-ms-below-60000.json': '/tasks/0/schedule/everyMs minimum',
      'unknown-top-level-key.json': ' additionalProperties',
    };
    expect(negative.map(([file]) => file.split('/').at(-1)).sort()).toEqual(Object.keys(expected).sort());
    const validateAll = createDraft07Ajv({ allErrors: true }).compile(COPY);
    for (const [file, document] of negative) {
      expect(validateAll(document), file).toBe(false);
      expect(
        validateAll.errors!.map((error: { instancePath: string; keyword: string }) => `${error.instancePath} ${error.keyword}`),
        file,
      ).toContain(expected[file.split('/').at(-1)!]);
    }
    // The schema file SchemaStore serves is the draft-07 copy checked here.
    expect(JSON.parse(files.get(`src/schemas/json/${SCHEMASTORE_NAME}.json`)!.toString())).toEqual(COPY);
  });

  it("has a catalog entry that follows SchemaStore's rules, and registers the editor keywords SchemaStore does not know", () => {
    const entry = catalogEntry();
    expect(entry).toEqual({ name: 'Pinata Agent manifest', description: expect.any(String), fileMatch: [], url: SCHEMASTORE_ID });
    for (const text of [entry.name, entry.description]) {
      expect(text.toLowerCase()).not.toContain('schema');
      expect(text).not.toMatch(/[,. \t-]$|\n/);
    }
    expect(schemaValidationOptions(COPY)).toEqual({
      [`${SCHEMASTORE_NAME}.json`]: { unknownKeywords: ['errorMessage', 'patternErrorMessage', 'doNotSuggest'] },
    });
  });
});
