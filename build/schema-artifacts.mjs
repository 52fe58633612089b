// What the build derives from schema/manifest.v1.json for run time: a copy without the editor
// documentation for the validator (Ajv's standalone code embeds the schema objects it refers
// to, and the documentation is most of their size), and the few facts the engine's messages
// need (the keys each object defines, and each value's plain-English expectation).
import { EDITOR_KEYWORDS } from './ajv.mjs';
import { pointerTo } from './json-pointer.mjs';

const DOCUMENTATION = new Set([...EDITOR_KEYWORDS, 'title', 'description', 'examples', 'default']);
const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties', 'dependentSchemas']);

/** The schema without annotations that never affect validation. */
export function validationSchema(schema) {
  const strip = (node, inMap) => {
    if (Array.isArray(node)) return node.map((item) => strip(item, false));
    if (node === null || typeof node !== 'object') return node;
    const result = {};
    for (const [key, value] of Object.entries(node)) {
      // Inside `properties` and `$defs` the keys are names, not keywords: keep every one.
      if (!inMap && key !== '$schema' && key !== '$id' && DOCUMENTATION.has(key)) continue;
      result[key] = strip(value, !inMap && SCHEMA_MAPS.has(key));
    }
    return result;
  };
  return strip(schema, false);
}

/** `{ properties: { [pointer]: keys }, expectations: { [pointer]: errorMessage } }` */
export function schemaFacts(schema) {
  const properties = {};
  const expectations = {};
  const visit = (node, pointer) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${pointer}/${i}`));
    if (node === null || typeof node !== 'object') return;
    // Keys an editor is not to offer (a form some source rejects, a field kept for old files) are
    // not offered by messages and did-you-mean suggestions either.
    if (node.properties && typeof node.properties === 'object') {
      properties[pointer] = Object.keys(node.properties).filter((key) => node.properties[key]?.doNotSuggest !== true);
    }
    if (typeof node.errorMessage === 'string') expectations[pointer] = node.errorMessage;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'examples' || key === 'defaultSnippets' || key === 'default' || key === 'const' || key === 'enum') continue;
      visit(value, pointerTo(pointer, key));
    }
  };
  visit(schema, '');
  return { properties, expectations };
}
