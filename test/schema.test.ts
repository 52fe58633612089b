import { readdirSync, readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import jsonls from 'vscode-json-languageservice';
import type { CompletionItem, Diagnostic } from 'vscode-json-languageservice';
import { describe, expect, it } from 'vitest';
import { createAjv, SCHEMA_ID, SCHEMA_PATH } from '../build/ajv.mjs';
import { KNOWN_CATEGORIES } from '../rules/catalog/template-category-unknown.js';

const { getLanguageService, TextDocument, DiagnosticSeverity } = jsonls;

type SchemaNode = { [key: string]: unknown };

const SCHEMA_TEXT = readFileSync(SCHEMA_PATH, 'utf8');
const SCHEMA = JSON.parse(SCHEMA_TEXT) as SchemaNode;
const FIXTURES = new URL('./fixtures/schema/', import.meta.url);
const CORPUS = new URL('./fixtures/corpus/real/', import.meta.url);

function isNode(value: unknown): value is SchemaNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function readJson(url: URL): unknown {
  return JSON.parse(readFileSync(url, 'utf8'));
}

function jsonFiles(dir: URL): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/** The schema node at a JSON pointer (with or without the leading `#`). */
function at(pointer: string): unknown {
  let node: unknown = SCHEMA;
  for (const raw of pointer.replace(/^#/, '').split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isNode(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** Every subschema with its pointer. `skipConditions` leaves out `if` subtrees (tests, not fields). */
function* subschemas(node: unknown, pointer = '', skipConditions = false): Generator<[string, SchemaNode]> {
  if (!isNode(node)) return;
  yield [pointer, node];
  for (const keyword of ['properties', '$defs']) {
    const map = node[keyword];
    if (isNode(map)) for (const [key, child] of Object.entries(map)) yield* subschemas(child, `${pointer}/${keyword}/${key}`, skipConditions);
  }
  for (const keyword of ['items', 'then', 'else', 'not', 'additionalProperties', ...(skipConditions ? [] : ['if'])]) {
    yield* subschemas(node[keyword], `${pointer}/${keyword}`, skipConditions);
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[keyword];
    if (Array.isArray(list)) for (const [i, child] of list.entries()) yield* subschemas(child, `${pointer}/${keyword}/${i}`, skipConditions);
  }
}

/** Fields: every schema object under `properties` (outside `if` conditions) and every `$defs` entry. */
function fields(): [string, string, SchemaNode][] {
  return [...subschemas(SCHEMA, '', true)]
    .map(([pointer, node]) => [pointer, pointer.split('/').slice(-2), node] as const)
    .filter(([, [keyword]]) => keyword === 'properties' || keyword === '$defs')
    .map(([pointer, [, key], node]) => [pointer, key!, node]);
}

function compile() {
  const warnings: unknown[] = [];
  const logger = { log: () => {}, warn: (...args: unknown[]) => warnings.push(args), error: (...args: unknown[]) => warnings.push(args) };
  const ajv = createAjv({ logger });
  const validate = ajv.compile(SCHEMA);
  return { ajv, validate, warnings };
}

const { ajv, validate, warnings } = compile();

function errorsOf(data: unknown): ErrorObject[] {
  // Ajv adds an `if` error beside the failing `then`/`else` branch: a wrapper, not a finding.
  return validate(data) ? [] : (validate.errors ?? []).filter((error) => error.keyword !== 'if');
}

describe('schema compilation', () => {
  it('compiles in strict mode without warnings', () => {
    expect(ajv.opts.strict).toBe(true);
    for (const option of ['strictSchema', 'strictNumbers', 'strictTypes', 'strictTuples', 'strictRequired'] as const) {
      expect(ajv.opts[option], option).toBe(true);
    }
    expect(warnings).toEqual([]);
    expect(ajv.validateSchema(SCHEMA)).toBe(true);
  });

  it('has the official $id and draft 2020-12', () => {
    expect(SCHEMA.$id).toBe('https://agents.pinata.cloud/schemas/manifest.v1.json');
    expect(SCHEMA_ID).toBe(SCHEMA.$id);
    expect(SCHEMA.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('still rejects unknown keywords (strict mode is on, only editor keywords are registered)', () => {
    expect(() => createAjv().compile({ type: 'string', markdownDescripton: 'typo' })).toThrow(/unknown keyword/);
  });

  it('merges a code option into the defaults, as the standalone build does', () => {
    const standalone = createAjv({ code: { source: true, esm: true } });
    expect(standalone.opts.code.source).toBe(true);
    expect(standalone.opts.code.esm).toBe(true);
    expect(standalone.opts.code.optimize).toBeDefined();
    expect(standalone.compile(SCHEMA)({ version: 1, agent: { name: 'x' } })).toBe(true);
  });

  it('defines the $defs the engine refers to', () => {
    const defs = Object.keys(SCHEMA.$defs as SchemaNode);
    for (const name of [
      'agent',
      'modelObject',
      'secret',
      'skill',
      'task',
      'legacyTask',
      'schedule',
      'payload',
      'delivery',
      'scripts',
      'route',
      'channels',
      'telegram',
      'slack',
      'discord',
      'whatsapp',
      'template',
      'paid',
    ]) {
      expect(defs).toContain(name);
    }
  });

  it('has the keyword locations rules claim', () => {
    expect(at('#/$defs/route/properties/port/minimum')).toBe(1025);
    expect(at('#/$defs/route/properties/port/maximum')).toBe(65535);
    // The reserved port and "both skill sources" are `not`s of their own, so each carries its message.
    expect(at('#/$defs/route/properties/port/allOf/0/not')).toEqual({ const: 18789 });
    expect(at('#/$defs/schedule/properties/everyMs/minimum')).toBe(60000);
    const anyOf = at('#/$defs/skill/anyOf') as SchemaNode[];
    expect(anyOf.map((branch) => branch.required)).toEqual([['clawhub_slug'], ['cid']]);
    expect(at('#/$defs/skill/allOf/0/not')).toMatchObject({ required: ['clawhub_slug', 'cid'] });
    const agentTurn = at('#/$defs/payload/allOf/0/else/anyOf') as SchemaNode[];
    const systemEvent = at('#/$defs/payload/allOf/0/then/anyOf') as SchemaNode[];
    expect(agentTurn.map((branch) => branch.required)).toEqual([['text'], ['message']]);
    expect(systemEvent.map((branch) => branch.required)).toEqual([['message'], ['text']]);
    expect(at('#/$defs/payload/allOf/0/if')).toMatchObject({ properties: { kind: { const: 'systemEvent' } }, required: ['kind'] });
  });

  it('uses no oneOf/anyOf except the skill source and the payload text', () => {
    const found = [...subschemas(SCHEMA)].flatMap(([pointer, node]) =>
      ['oneOf', 'anyOf'].filter((keyword) => keyword in node).map((keyword) => `${pointer}/${keyword}`),
    );
    expect(found.sort()).toEqual(['/$defs/payload/allOf/0/else/anyOf', '/$defs/payload/allOf/0/then/anyOf', '/$defs/skill/anyOf'].sort());
  });

  it('chooses the task form and the model form with if/then/else', () => {
    const items = at('#/properties/tasks/items') as SchemaNode;
    expect(items.then).toEqual({ $ref: '#/$defs/legacyTask' });
    expect(items.else).toEqual({ $ref: '#/$defs/task' });
    expect(items.if).toMatchObject({ type: 'object', properties: { schedule: { type: 'string' } }, required: ['schedule'] });
    const model = at('#/properties/model') as SchemaNode;
    expect(model.if).toEqual({ type: 'object' });
    expect(model.then).toEqual({ $ref: '#/$defs/modelObject' });
  });

  it("closes every object schema but the free-form notes of Pinata's starter", () => {
    for (const [pointer, node] of subschemas(SCHEMA, '', true)) {
      if (node.type === 'object' && pointer !== '/properties/_docs') expect(node.additionalProperties, pointer).toBe(false);
    }
    expect(at('#/properties/_docs/additionalProperties')).toBeUndefined();
  });
});

describe('valid fixtures', () => {
  const dir = new URL('valid/', FIXTURES);
  it.each(jsonFiles(dir))('%s validates', (name) => {
    expect(errorsOf(readJson(new URL(name, dir)))).toEqual([]);
  });
});

/** One invalid fixture: the error Ajv must report, and where (every error is at that instance path). */
interface Expectation {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params?: Record<string, unknown>;
}

const INVALID: Record<string, Expectation> = {
  'missing-version.json': { keyword: 'required', instancePath: '', schemaPath: '#/required', params: { missingProperty: 'version' } },
  'version-2.json': { keyword: 'const', instancePath: '/version', schemaPath: '#/properties/version/const', params: { allowedValue: 1 } },
  'version-string.json': { keyword: 'type', instancePath: '/version', schemaPath: '#/properties/version/type', params: { type: 'integer' } },
  'unknown-top-level-key.json': {
    keyword: 'additionalProperties',
    instancePath: '',
    schemaPath: '#/additionalProperties',
    params: { additionalProperty: 'routez' },
  },
  'unknown-nested-key.json': {
    keyword: 'additionalProperties',
    instancePath: '/routes/0',
    schemaPath: '#/$defs/route/additionalProperties',
    params: { additionalProperty: 'protect' },
  },
  'task-unknown-key.json': {
    keyword: 'additionalProperties',
    instancePath: '/tasks/0',
    schemaPath: '#/$defs/task/additionalProperties',
    params: { additionalProperty: 'sessionTarge' },
  },
  'channel-unknown.json': {
    keyword: 'additionalProperties',
    instancePath: '/channels',
    schemaPath: '#/$defs/channels/additionalProperties',
    params: { additionalProperty: 'signal' },
  },
  'slack-unknown-key.json': {
    keyword: 'additionalProperties',
    instancePath: '/channels/slack',
    schemaPath: '#/$defs/slack/additionalProperties',
    params: { additionalProperty: 'signingSecret' },
  },
  'name-too-long.json': { keyword: 'maxLength', instancePath: '/agent/name', schemaPath: '#/$defs/agent/properties/name/maxLength', params: { limit: 100 } },
  'emoji-too-long.json': { keyword: 'maxLength', instancePath: '/agent/emoji', schemaPath: '#/$defs/agent/properties/emoji/maxLength', params: { limit: 32 } },
  'skills-21.json': { keyword: 'maxItems', instancePath: '/skills', schemaPath: '#/properties/skills/maxItems', params: { limit: 20 } },
  'tasks-21.json': { keyword: 'maxItems', instancePath: '/tasks', schemaPath: '#/properties/tasks/maxItems', params: { limit: 20 } },
  'routes-11.json': { keyword: 'maxItems', instancePath: '/routes', schemaPath: '#/properties/routes/maxItems', params: { limit: 10 } },
  'port-18789.json': { keyword: 'not', instancePath: '/routes/0/port', schemaPath: '#/$defs/route/properties/port/allOf/0/not' },
  'port-80.json': { keyword: 'minimum', instancePath: '/routes/0/port', schemaPath: '#/$defs/route/properties/port/minimum', params: { limit: 1025 } },
  'port-70000.json': { keyword: 'maximum', instancePath: '/routes/0/port', schemaPath: '#/$defs/route/properties/port/maximum', params: { limit: 65535 } },
  'port-string.json': { keyword: 'type', instancePath: '/routes/0/port', schemaPath: '#/$defs/route/properties/port/type', params: { type: 'integer' } },
  'route-path-relative.json': { keyword: 'pattern', instancePath: '/routes/0/path', schemaPath: '#/$defs/route/properties/path/pattern' },
  'skill-both-sources.json': { keyword: 'not', instancePath: '/skills/0', schemaPath: '#/$defs/skill/allOf/0/not' },
  'skill-no-source.json': { keyword: 'anyOf', instancePath: '/skills/0', schemaPath: '#/$defs/skill/anyOf' },
  'every-ms-10000.json': {
    keyword: 'minimum',
    instancePath: '/tasks/0/schedule/everyMs',
    schemaPath: '#/$defs/schedule/properties/everyMs/minimum',
    params: { limit: 60000 },
  },
  'at-without-time.json': {
    keyword: 'required',
    instancePath: '/tasks/0/schedule',
    schemaPath: '#/$defs/schedule/allOf/0/then/else/required',
    params: { missingProperty: 'at' },
  },
  'cron-seconds-field.json': { keyword: 'pattern', instancePath: '/tasks/0/schedule/expr', schemaPath: '#/$defs/schedule/properties/expr/pattern' },
  'token-env-malformed.json': { keyword: 'pattern', instancePath: '/channels/telegram/botToken', schemaPath: '#/$defs/telegram/properties/botToken/pattern' },
  'at-not-iso.json': { keyword: 'format', instancePath: '/tasks/0/schedule/at', schemaPath: '#/$defs/schedule/properties/at/format' },
  'every-without-interval.json': {
    keyword: 'required',
    instancePath: '/tasks/0/schedule',
    schemaPath: '#/$defs/schedule/allOf/1/then/required',
    params: { missingProperty: 'everyMs' },
  },
  'cron-without-expr.json': {
    keyword: 'required',
    instancePath: '/tasks/0/schedule',
    schemaPath: '#/$defs/schedule/allOf/2/then/required',
    params: { missingProperty: 'expr' },
  },
  'schedule-missing-kind.json': {
    keyword: 'required',
    instancePath: '/tasks/0/schedule',
    schemaPath: '#/$defs/schedule/required',
    params: { missingProperty: 'kind' },
  },
  'schedule-kind-typo.json': { keyword: 'enum', instancePath: '/tasks/0/schedule/kind', schemaPath: '#/$defs/schedule/properties/kind/enum' },
  'payload-no-text.json': { keyword: 'anyOf', instancePath: '/tasks/0/payload', schemaPath: '#/$defs/payload/allOf/0/else/anyOf' },
  'payload-system-event-no-text.json': { keyword: 'anyOf', instancePath: '/tasks/0/payload', schemaPath: '#/$defs/payload/allOf/0/then/anyOf' },
  'task-missing-payload.json': { keyword: 'required', instancePath: '/tasks/0', schemaPath: '#/$defs/task/required', params: { missingProperty: 'payload' } },
  'task-enabled-string.json': {
    keyword: 'type',
    instancePath: '/tasks/0/enabled',
    schemaPath: '#/$defs/task/properties/enabled/type',
    params: { type: 'boolean' },
  },
  'legacy-task-no-prompt.json': {
    keyword: 'required',
    instancePath: '/tasks/0',
    schemaPath: '#/$defs/legacyTask/required',
    params: { missingProperty: 'prompt' },
  },
  'delivery-mode-typo.json': { keyword: 'enum', instancePath: '/tasks/0/delivery/mode', schemaPath: '#/$defs/delivery/properties/mode/enum' },
  'model-bad.json': { keyword: 'pattern', instancePath: '/model', schemaPath: '#/$defs/modelId/pattern' },
  'model-number.json': { keyword: 'type', instancePath: '/model', schemaPath: '#/$defs/modelId/type', params: { type: 'string' } },
  'legacy-model-bad.json': { keyword: 'pattern', instancePath: '/model/primary', schemaPath: '#/$defs/modelId/pattern' },
  'payload-model-bad.json': { keyword: 'pattern', instancePath: '/tasks/0/payload/model', schemaPath: '#/$defs/payload/properties/model/pattern' },
  'secret-required-string.json': {
    keyword: 'type',
    instancePath: '/secrets/0/required',
    schemaPath: '#/$defs/secret/properties/required/type',
    params: { type: 'boolean' },
  },
  'whatsapp-without-allowfrom.json': {
    keyword: 'required',
    instancePath: '/channels/whatsapp',
    schemaPath: '#/$defs/whatsapp/required',
    params: { missingProperty: 'allowFrom' },
  },
  'dm-policy-typo.json': { keyword: 'enum', instancePath: '/channels/telegram/dmPolicy', schemaPath: '#/$defs/dmPolicy/enum' },
  'allow-from-boolean.json': { keyword: 'type', instancePath: '/channels/telegram/allowFrom/0', schemaPath: '#/$defs/allowFrom/items/type' },
  'agent-string.json': { keyword: 'type', instancePath: '/agent', schemaPath: '#/$defs/agent/type', params: { type: 'object' } },
  'skills-object.json': { keyword: 'type', instancePath: '/skills', schemaPath: '#/properties/skills/type', params: { type: 'array' } },
  'template-slug-uppercase.json': { keyword: 'pattern', instancePath: '/template/slug', schemaPath: '#/$defs/template/properties/slug/pattern' },
  'template-tags-not-strings.json': { keyword: 'type', instancePath: '/template/tags/1', schemaPath: '#/$defs/template/properties/tags/items/type' },
  'template-paid-amount-number.json': { keyword: 'type', instancePath: '/template/paid/amount', schemaPath: '#/$defs/paid/properties/amount/type' },
};

describe('invalid fixtures', () => {
  const dir = new URL('invalid/', FIXTURES);

  it('every fixture file has an expectation and every expectation a file', () => {
    expect(jsonFiles(dir)).toEqual(Object.keys(INVALID).sort());
  });

  it.each(Object.entries(INVALID))('%s fails with %o', (name, expected) => {
    const errors = errorsOf(readJson(new URL(name, dir)));
    expect(errors.length).toBeGreaterThan(0);
    // Nothing else in the document is reported: every error sits at the expected value.
    expect(errors.map((error) => error.instancePath)).toEqual(errors.map(() => expected.instancePath));
    expect(errors).toContainEqual(
      expect.objectContaining({
        keyword: expected.keyword,
        instancePath: expected.instancePath,
        schemaPath: expected.schemaPath,
        ...(expected.params ? { params: expect.objectContaining(expected.params) } : {}),
      }),
    );
  });

  it('reports every error at an absolute schema path that points at the failing keyword', () => {
    for (const name of Object.keys(INVALID)) {
      for (const error of errorsOf(readJson(new URL(name, dir)))) {
        const parent = at(error.schemaPath.slice(0, error.schemaPath.lastIndexOf('/')));
        expect(isNode(parent) && error.keyword in parent, `${name}: ${error.schemaPath}`).toBe(true);
      }
    }
  });

  it("names the kind's own text field first when a payload has none", () => {
    const branchErrors = (name: string) =>
      errorsOf(readJson(new URL(name, dir)))
        .filter((error) => error.keyword === 'required')
        .map((error) => [error.schemaPath.split('/').at(-2), error.params.missingProperty]);
    expect(branchErrors('payload-no-text.json')).toEqual([
      ['0', 'text'],
      ['1', 'message'],
    ]);
    expect(branchErrors('payload-system-event-no-text.json')).toEqual([
      ['0', 'message'],
      ['1', 'text'],
    ]);
  });

  it('picks one task form, so a broken task is reported by one branch only', () => {
    const legacy = errorsOf({ version: 1, agent: { name: 'x' }, tasks: [{ prompt: 'p', schedule: '0 9 * * *', enabled: 'yes' }] });
    expect(legacy.map((error) => error.schemaPath)).toEqual(['#/$defs/legacyTask/properties/enabled/type']);
    const documented = errorsOf({ version: 1, agent: { name: 'x' }, tasks: [{ prompt: 'p', schedule: { kind: 'cron', expr: '0 9 * * *' } }] });
    expect(documented.map((error) => error.schemaPath).sort()).toEqual(['#/$defs/task/additionalProperties', '#/$defs/task/required']);
  });
});

describe('real-world corpus', () => {
  const files = jsonFiles(CORPUS);

  it('holds the corpus files', () => {
    expect(files.length).toBeGreaterThanOrEqual(18);
  });

  it.each(files)('%s validates, _docs block included', (name) => {
    expect(errorsOf(readJson(new URL(name, CORPUS)))).toEqual([]);
  });
});

describe('editor metadata', () => {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();

  it('documents every property and definition', () => {
    const all = fields();
    expect(all.length).toBeGreaterThan(80);
    for (const [pointer, key, node] of all) {
      for (const keyword of ['title', 'description', 'markdownDescription']) {
        expect(typeof node[keyword] === 'string' && (node[keyword] as string).length > 0, `${pointer} ${keyword}`).toBe(true);
      }
      const description = node.description as string;
      // Not a restatement of the key or the title: it says what the field does, and shows an example.
      expect(words(description), pointer).not.toBe(words(key.replace(/([a-z])([A-Z])/g, '$1 $2')));
      expect(words(description), pointer).not.toBe(words(node.title as string));
      expect(description.split(/\s+/).length, pointer).toBeGreaterThanOrEqual(8);
      expect(description, pointer).toMatch(/example|e\.g\.|such as/i);
      expect(node.markdownDescription as string, pointer).toMatch(/example|e\.g\.|such as/i);
    }
  });

  it('describes every enum value', () => {
    const enums = [...subschemas(SCHEMA)].filter(([, node]) => Array.isArray(node.enum));
    expect(enums.length).toBeGreaterThanOrEqual(6);
    for (const [pointer, node] of enums) {
      const values = node.enum as unknown[];
      expect(node.enumDescriptions, pointer).toHaveLength(values.length);
      expect(node.markdownEnumDescriptions, pointer).toHaveLength(values.length);
    }
  });

  it('explains every pattern and format in plain English', () => {
    for (const [pointer, node] of subschemas(SCHEMA, '', true)) {
      if ('pattern' in node || 'format' in node) {
        expect(node.errorMessage, pointer).toEqual(expect.stringMatching(/^must be .+, for example /));
      }
    }
  });

  it('marks no accepted form deprecated, and names the sources of each', () => {
    for (const [pointer, node] of subschemas(SCHEMA, '', true)) {
      expect(node.deprecated, pointer).toBeUndefined();
      expect(node.deprecationMessage, pointer).toBeUndefined();
    }
    expect((at('#/$defs/legacyTask') as SchemaNode).markdownDescription).toContain("Pinata's starter");
    expect((at('#/properties/model') as SchemaNode).markdownDescription).toContain('published schema');
  });

  it('carries the defaults the platform reference gives', () => {
    expect(at('#/properties/engine/default')).toBe('openclaw');
    expect(at('#/$defs/secret/properties/required/default')).toBe(true);
    // The docs say false, Pinata's starter true: no default is claimed, and the description says so.
    expect(at('#/$defs/route/properties/protected/default')).toBeUndefined();
    expect(at('#/$defs/route/properties/protected/markdownDescription')).toMatch(/docs say `false`.*starter.*`true`/s);
    expect(at('#/$defs/payload/properties/kind/default')).toBe('agentTurn');
    expect(at('#/$defs/delivery/properties/mode/default')).toBe('none');
    expect(at('#/$defs/task/properties/enabled/default')).toBe(true);
  });

  it('lists the known template categories as suggestions, not as an enum', () => {
    const category = at('#/$defs/template/properties/category') as SchemaNode;
    expect(category.enum).toBeUndefined();
    expect(category.examples).toEqual([...KNOWN_CATEGORIES]);
    expect(at('#/$defs/template/properties/tags/maxItems')).toBeUndefined();
  });

  it('offers snippets for the arrays, the objects and their items', () => {
    for (const pointer of [
      '#/properties/skills',
      '#/properties/tasks',
      '#/properties/tasks/items',
      '#/properties/routes',
      '#/properties/secrets',
      '#/$defs/channels',
      '#/$defs/skill',
      '#/$defs/task',
      '#/$defs/route',
      '#/$defs/secret',
      '#/$defs/telegram',
      '#/$defs/slack',
      '#/$defs/discord',
      '#/$defs/whatsapp',
    ]) {
      const snippets = (at(pointer) as SchemaNode).defaultSnippets;
      expect(Array.isArray(snippets) && snippets.length > 0, pointer).toBe(true);
    }
  });

  it('has snippets that expand to values the schema accepts', () => {
    let count = 0;
    for (const [pointer, node] of subschemas(SCHEMA)) {
      if (!Array.isArray(node.defaultSnippets)) continue;
      const check = ajv.getSchema(`${SCHEMA_ID}#${pointer}`);
      expect(check, pointer).toBeDefined();
      for (const snippet of node.defaultSnippets as SchemaNode[]) {
        expect(snippet.label, pointer).toEqual(expect.any(String));
        expect(snippet.description, pointer).toEqual(expect.any(String));
        const value = JSON.parse(expandSnippet(snippetText(snippet.body)));
        expect(check!(value), `${pointer} ${String(snippet.label)}: ${JSON.stringify(check!.errors)}`).toBe(true);
        count++;
      }
    }
    expect(count).toBeGreaterThan(20);
  });
});

/** Snippet text as VS Code builds it from a `defaultSnippets` body: `^` strings go in verbatim. */
function snippetText(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) => value).replace(/"\^((?:[^"\\]|\\.)*)"/g, (_match, raw: string) => JSON.parse(`"${raw}"`));
}

/** Accepts every placeholder's default: `${1:text}` → text, `${1|a,b|}` → a. */
function expandSnippet(text: string): string {
  return text.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1');
}

describe('independent consumer: vscode-json-languageservice', () => {
  const requested: string[] = [];
  const service = getLanguageService({
    schemaRequestService: async (uri: string) => {
      requested.push(uri);
      if (uri === SCHEMA_ID) return SCHEMA_TEXT;
      throw new Error(`no network in tests: ${uri}`);
    },
  });
  service.configure({ validate: true, allowComments: false, schemas: [{ uri: SCHEMA_ID, fileMatch: ['manifest.json'] }] });

  const open = (text: string) => {
    const document = TextDocument.create('file:///workspace/agent/manifest.json', 'json', 1, text);
    return { document, json: service.parseJSONDocument(document) };
  };
  const validateText = async (text: string): Promise<Diagnostic[]> => {
    const { document, json } = open(text);
    return service.doValidation(document, json, { schemaValidation: 'error' });
  };
  const complete = async (textWithCursor: string): Promise<CompletionItem[]> => {
    const offset = textWithCursor.indexOf('|');
    const { document, json } = open(textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1));
    const list = await service.doComplete(document, document.positionAt(offset), json);
    return list?.items ?? [];
  };
  const labels = (items: CompletionItem[]) => items.map((item) => item.label);
  const messageOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);

  it.each(jsonFiles(CORPUS))('%s: no errors, _docs block included', async (name) => {
    const text = readFileSync(new URL(name, CORPUS), 'utf8');
    const errors = (await validateText(text)).filter((d) => d.severity === DiagnosticSeverity.Error);
    expect(errors).toEqual([]);
    expect(requested.every((uri) => uri === SCHEMA_ID)).toBe(true);
  });

  it('shows neither accepted form of a task or a model as deprecated', async () => {
    const text = readFileSync(new URL('pinata-agent-templates--openclaw--actions-and-transactions--tetrac-perp-trader@448b461.json', CORPUS), 'utf8');
    expect(text).toContain('"primary"');
    expect((await validateText(text)).map(messageOf)).toEqual([]);
  });

  it("reports schema errors with the schema's own messages", async () => {
    const diagnostics = await validateText('{"version": 1, "agent": {"name": "x"}, "model": "gpt-4", "routes": [{"port": 18789, "path": "/app"}]}');
    const messages = diagnostics.map(messageOf);
    expect(messages).toContain(at('#/$defs/modelId/errorMessage') as string);
    expect(messages).toContain(at('#/$defs/route/properties/port/allOf/0/errorMessage') as string);
  });

  // What an editor that knows only the schema says about the mistakes the tools exist for.
  const manifest = (extra: string) => `{"version": 1, "agent": {"name": "x"}, ${extra}}`;
  const CARD_MISTAKES: { mistake: string; text: string; message: string | RegExp; at: string }[] = [
    {
      mistake: 'a route on the reserved port',
      text: manifest('"routes": [{"port": 18789, "path": "/app"}]'),
      message: at('#/$defs/route/properties/port/allOf/0/errorMessage') as string,
      at: '18789',
    },
    { mistake: 'a port below 1025', text: manifest('"routes": [{"port": 80, "path": "/app"}]'), message: 'Value is below the minimum of 1025.', at: '80' },
    {
      mistake: 'a skill with a slug and a CID',
      text: manifest('"skills": [{"name": "w", "clawhub_slug": "a/w", "cid": "bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue"}]'),
      message: at('#/$defs/skill/allOf/0/errorMessage') as string,
      at: '{"name": "w"',
    },
    { mistake: 'a skill without a source', text: manifest('"skills": [{"name": "w"}]'), message: /clawhub_slug/, at: '{"name": "w"' },
    {
      mistake: 'a task every ten seconds',
      text: manifest('"tasks": [{"schedule": {"kind": "every", "everyMs": 10000}, "payload": {"text": "t"}}]'),
      message: 'Value is below the minimum of 60000.',
      at: '10000',
    },
    {
      mistake: 'a cron expression with a seconds field',
      text: manifest('"tasks": [{"schedule": {"kind": "cron", "expr": "*/10 * * * * *"}, "payload": {"text": "t"}}]'),
      message: at('#/$defs/schedule/properties/expr/patternErrorMessage') as string,
      at: '"*/10',
    },
    {
      mistake: 'a malformed env: reference',
      text: manifest('"channels": {"slack": {"botToken": "env:", "appToken": "env:SLACK-APP"}}'),
      message: at('#/$defs/slack/properties/botToken/patternErrorMessage') as string,
      at: '"env:"',
    },
    { mistake: "a typo'd key", text: manifest('"routes": [{"port": 3000, "path": "/app", "protcted": true}]'), message: /protcted/, at: '"protcted"' },
    { mistake: 'a model without its provider', text: manifest('"model": "gpt-4"'), message: at('#/$defs/modelId/errorMessage') as string, at: '"gpt-4"' },
  ];

  it.each(CARD_MISTAKES)('says what is wrong with $mistake, where it is', async ({ text, message, at: where }) => {
    const errors = (await validateText(text)).filter((d) => d.severity === DiagnosticSeverity.Error);
    const offset = text.indexOf(where);
    const found = errors.filter((d) => (typeof message === 'string' ? messageOf(d) === message : message.test(messageOf(d))));
    expect(
      found.map((d) => TextDocument.create('file:///m.json', 'json', 1, text).offsetAt(d.range.start)),
      JSON.stringify(errors.map(messageOf)),
    ).toContain(offset);
  });

  it('never falls back to a generic combinator message, for any invalid fixture or mistake', async () => {
    const invalid = new URL('invalid/', FIXTURES);
    const texts = [...jsonFiles(invalid).map((name) => readFileSync(new URL(name, invalid), 'utf8')), ...CARD_MISTAKES.map((mistake) => mistake.text)];
    for (const text of texts) {
      const messages = (await validateText(text)).map(messageOf);
      expect(
        messages.filter((m) => /Matches a schema that is not allowed|Matches multiple schemas/.test(m)),
        text,
      ).toEqual([]);
    }
  });

  it('completes root keys', async () => {
    const items = await complete('{\n  "version": 1,\n  "agent": { "name": "x" },\n  |\n}');
    expect(labels(items)).toEqual(
      expect.arrayContaining(['$schema', 'engine', 'model', 'secrets', 'skills', 'tasks', 'scripts', 'routes', 'channels', 'template']),
    );
    expect(labels(items)).not.toContain('version');
    const tasks = items.find((item) => item.label === 'tasks');
    expect(JSON.stringify(tasks?.documentation)).toContain('at most 20');
  });

  it('completes task keys inside a tasks item', async () => {
    const items = await complete('{"version": 1, "agent": {"name": "x"}, "tasks": [{ | }]}');
    expect(labels(items)).toEqual(expect.arrayContaining(['name', 'schedule', 'payload', 'delivery', 'sessionTarget', 'wakeMode', 'enabled']));
    expect(labels(items)).not.toContain('prompt');
    // The key inserts an object value, not the legacy cron string the task-form condition tests for.
    expect(items.find((item) => item.label === 'schedule')?.insertText).not.toContain('"schedule": "');
  });

  it('does not pre-fill a kind from the per-kind conditions', async () => {
    for (const inner of ['"schedule": { | }', '"payload": { | }']) {
      const items = await complete(`{"version": 1, "agent": {"name": "x"}, "tasks": [{${inner}}]}`);
      const kind = items.find((item) => item.label === 'kind');
      expect(kind?.insertText, inner).toBe('"kind": $1');
    }
  });

  it('completes schedule keys without the older atMs', async () => {
    const items = await complete('{"version": 1, "agent": {"name": "x"}, "tasks": [{"schedule": { | }}]}');
    expect(labels(items)).toEqual(expect.arrayContaining(['kind', 'at', 'everyMs', 'staggerMs', 'expr', 'tz']));
    expect(labels(items)).not.toContain('atMs');
  });

  it('completes enum values with their descriptions', async () => {
    const items = await complete('{"version": 1, "agent": {"name": "x"}, "tasks": [{"schedule": {"kind": |}}]}');
    expect(labels(items)).toEqual(expect.arrayContaining(['"at"', '"every"', '"cron"']));
    const cron = items.find((item) => item.label === '"cron"');
    expect(JSON.stringify(cron?.documentation)).toContain('cron expression');
  });

  it('offers whole-entry snippets that expand to valid JSON', async () => {
    const items = await complete('{"version": 1, "agent": {"name": "x"}, "tasks": [ | ]}');
    const snippet = items.find((item) => item.label === 'Task on a cron schedule');
    expect(snippet).toBeDefined();
    const task = JSON.parse(expandSnippet(snippet!.insertText!)) as SchemaNode;
    expect(errorsOf({ version: 1, agent: { name: 'x' }, tasks: [task] })).toEqual([]);

    const routes = await complete('{"version": 1, "agent": {"name": "x"}, "routes": [ | ]}');
    expect(labels(routes)).toContain('Route');
    const channels = await complete('{"version": 1, "agent": {"name": "x"}, "channels": { "telegram": | }}');
    expect(labels(channels)).toContain('Telegram');
  });
});
