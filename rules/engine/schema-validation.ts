import type { ErrorObject } from 'ajv';
import type { Node } from 'jsonc-parser';
import validate from '../generated/manifest-validator.js';
import { nodeAt, type ParsedDocument } from './document.js';
import type { JsonPath } from './types.js';

/** An Ajv failure with its instance path resolved against the document. */
export interface SchemaError {
  keyword: string;
  /** Path of the value that failed (for `required` and `additionalProperties`: the object). */
  path: JsonPath;
  /** Location of the failing keyword in the schema, as a JSON pointer without `#`. */
  schemaPath: string;
  params: Record<string, unknown>;
  /** The failing value, as JSON.parse would see it. */
  value: unknown;
  /** The failing value's node; absent when the tree had no node for it. */
  node: Node | undefined;
}

/**
 * Validates the document against the precompiled schema and keeps one root cause per fact:
 * `if` wrappers go, a failed `anyOf`/`oneOf` keeps only its closest branch, a wrong type hides
 * the other failures of the same value, failures that a
 * semantic rule reports in its own words go, and so do failures caused only by a syntax error.
 */
export function validateSchema(doc: ParsedDocument, coveredSchemaPaths: readonly string[]): SchemaError[] {
  if (!doc.root || validate(doc.value)) return [];
  const raw = (validate.errors ?? []).map((error) => resolve(doc, error));
  return dropSyntaxArtifacts(doc, dropCovered(dropBesideTypeErrors(selectBranches(raw)), coveredSchemaPaths));
}

/** A value of the wrong type fails its enum, pattern or bounds too: the type is the root cause. */
function dropBesideTypeErrors(errors: SchemaError[]): SchemaError[] {
  const mistyped = new Set(errors.filter((error) => error.keyword === 'type').map((error) => JSON.stringify(error.path)));
  return errors.filter((error) => error.keyword === 'type' || !mistyped.has(JSON.stringify(error.path)));
}

function resolve(doc: ParsedDocument, error: ErrorObject): SchemaError {
  const path: JsonPath = [];
  let value: unknown = doc.value;
  for (const raw of error.instancePath.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) {
      path.push(Number(segment));
      value = value[Number(segment)];
    } else {
      path.push(segment);
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
    }
  }
  return {
    keyword: error.keyword,
    path,
    schemaPath: error.schemaPath.replace(/^#/, ''),
    params: error.params as Record<string, unknown>,
    value,
    node: nodeAt(doc.root, path),
  };
}

const COMBINATORS = new Set(['anyOf', 'oneOf']);

function selectBranches(errors: SchemaError[]): SchemaError[] {
  const dropped = new Set<SchemaError>();
  for (const combinator of errors) {
    if (!COMBINATORS.has(combinator.keyword)) continue;
    const prefix = `${combinator.schemaPath}/`;
    const branches = new Map<string, SchemaError[]>();
    for (const error of errors) {
      if (!error.schemaPath.startsWith(prefix) || !isWithin(error.path, combinator.path)) continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0]!;
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    if (branches.size === 0) continue; // e.g. oneOf matched more than one branch: keep it
    const [closest] = [...branches.entries()].sort(
      ([a, aErrors], [b, bErrors]) => aErrors.length - bErrors.length || Number(a) - Number(b),
    );
    for (const [branch, branchErrors] of branches) {
      if (branch !== closest![0]) branchErrors.forEach((error) => dropped.add(error));
    }
    dropped.add(combinator);
  }
  return errors.filter((error) => !dropped.has(error) && error.keyword !== 'if');
}

function dropCovered(errors: SchemaError[], covered: readonly string[]): SchemaError[] {
  return errors.filter(
    (error) => !covered.some((location) => error.schemaPath === location || error.schemaPath.startsWith(`${location}/`)),
  );
}

/** Findings that exist only because a syntax error cut a value short are not reported. */
function dropSyntaxArtifacts(doc: ParsedDocument, errors: SchemaError[]): SchemaError[] {
  if (doc.syntaxErrors.length === 0) return errors;
  const touchesSyntaxError = (node: Node) =>
    doc.syntaxErrors.some((error) => error.offset >= node.offset && error.offset <= node.offset + node.length);
  return errors.filter((error) => {
    if (!error.node) return false;
    if (error.keyword === 'additionalProperties') return true;
    return !touchesSyntaxError(error.node);
  });
}

function isWithin(path: JsonPath, ancestor: JsonPath): boolean {
  return ancestor.every((segment, i) => path[i] === segment);
}
