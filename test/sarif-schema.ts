/** The official SARIF 2.1.0 schema as a validator, for every test that checks a SARIF file. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// ajv and ajv-formats are CommonJS with a `default` export; unwrap whichever shape arrives.
type AjvClass = typeof AjvModule.default;
export const Ajv = ((AjvModule as unknown as { default?: AjvClass }).default ?? AjvModule) as AjvClass;
type AddFormats = typeof addFormatsModule.default;
export const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;

/**
 * The official SARIF 2.1.0 schema (test/fixtures/sarif/, from OASIS) declares draft-04 (`id`, no
 * `$id`); it uses no keyword whose meaning changed since (no boolean `exclusiveMinimum`), so it
 * compiles with the default (draft-07) Ajv once the draft-04 header is translated. `strict: false`
 * applies to this schema only, and so does `unicodeRegExp: false`: one of its patterns (a language
 * tag) is not valid with the `u` flag.
 */
export function sarifValidator() {
  const file = path.join(ROOT, 'test/fixtures/sarif/sarif-schema-2.1.0.json');
  const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(schema);
}
