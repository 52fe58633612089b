import type { ErrorObject } from 'ajv';
import type { Node } from 'jsonc-parser';
import validate from '../generated/manifest-validator.js';
import { firstPropertyNamed, nodeAt, touchesSyntaxError, valueOfNode, type ParsedDocument } from './document.js';
import type { JsonPath } from './types.js';

/** An Ajv failure with its instance path resolved against the document. */
export interface SchemaError {
  keyword: string;
  /** Path of the value that failed (for `required` and `additionalProperties`: the object). */
  path: JsonPath;
  /** Location of the failing keyword in the schema, as a JSON pointer without `#`. */
  schemaPath: string;
  params: Record<string, unknown>;
  /** The failing value, as JSON.parse would see it, cut as the schema check saw it (`SCHEMA_VIEW_LIMIT`). */
  value: unknown;
  /** The failing value's node; absent when the tree had no node for it. */
  node: Node | undefined;
}

/**
 * Validates the document against the precompiled schema and keeps one root cause per fact:
 * `if` wrappers go, a failed `anyOf`/`oneOf` keeps only its closest branch, a wrong type hides
 * the other failures of the same value, failures that a
 * semantic rule reports in its own words go, and so do failures caused only by a syntax error.
 * The selection works on Ajv's own strings; only the failures that remain are resolved against
 * the document, so an array of a million bad items costs a few passes over Ajv's list.
 */
export function validateSchema(doc: ParsedDocument, coveredSchemaPaths: readonly string[]): SchemaValidation {
  if (!doc.root) return { errors: [], partial: false };
  let truncated = false;
  const view = valueOfNode(doc.root, SCHEMA_VIEW_LIMIT, () => (truncated = true));
  if (validate(view)) return { errors: [], partial: truncated };
  const raw = validate.errors ?? [];
  const kept = dropCovered(dropBesideTypeErrors(selectBranches(raw)), coveredSchemaPaths);
  const resolved = kept.map((error) => resolve(doc, view, error));
  // A property past the view's bound is missing only from the view.
  const present = truncated ? resolved.filter((error) => !missingOnlyFromView(error)) : resolved;
  return { errors: dropSyntaxArtifacts(doc, present), partial: truncated };
}

export interface SchemaValidation {
  errors: SchemaError[];
  /** Some array or object was longer than `SCHEMA_VIEW_LIMIT`: entries past it went unchecked. */
  partial: boolean;
}

/**
 * Entries of one array or object that the schema check looks at. Schema limits are far below it
 * (at most 20 items), so an oversized array still fails its `maxItems`; the rules see every entry.
 * Without the bound, a million bad items would make Ajv build millions of error objects.
 */
export const SCHEMA_VIEW_LIMIT = 10_000;

function missingOnlyFromView(error: SchemaError): boolean {
  const { node, keyword, params } = error;
  return keyword === 'required' && node !== undefined && firstPropertyNamed(node, String(params['missingProperty'])) !== undefined;
}

/** A value of the wrong type fails its enum, pattern or bounds too: the type is the root cause. */
function dropBesideTypeErrors(errors: ErrorObject[]): ErrorObject[] {
  const mistyped = new Set(errors.filter((error) => error.keyword === 'type').map((error) => error.instancePath));
  return errors.filter((error) => error.keyword === 'type' || !mistyped.has(error.instancePath));
}

function resolve(doc: ParsedDocument, view: unknown, error: ErrorObject): SchemaError {
  const path: JsonPath = [];
  let value: unknown = view;
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

/**
 * A failed `anyOf`/`oneOf` keeps only the failures of its closest branch (fewest failures, then
 * first). Branch failures are found by key — the combinator's schema location and instance path —
 * so a million failing items cost a million lookups, not a million squared.
 */
function selectBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const combinators = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (COMBINATORS.has(error.keyword)) combinators.set(combinatorKey(error.schemaPath, error.instancePath), error);
  }
  if (combinators.size === 0) return errors.filter((error) => error.keyword !== 'if');
  // combinator key → branch index → that branch's failures
  const branches = new Map<string, Map<string, ErrorObject[]>>();
  for (const error of errors) {
    for (const [key, branch] of enclosingBranches(error, combinators)) {
      const byBranch = branches.get(key) ?? new Map<string, ErrorObject[]>();
      branches.set(key, byBranch);
      const branchErrors = byBranch.get(branch);
      if (branchErrors) branchErrors.push(error);
      else byBranch.set(branch, [error]);
    }
  }
  const dropped = new Set<ErrorObject>();
  for (const [key, combinator] of combinators) {
    const byBranch = branches.get(key);
    if (!byBranch) continue; // e.g. oneOf matched more than one branch: keep it
    const [closest] = [...byBranch.entries()].sort(([a, aErrors], [b, bErrors]) => aErrors.length - bErrors.length || Number(a) - Number(b));
    for (const [branch, branchErrors] of byBranch) {
      if (branch !== closest![0]) branchErrors.forEach((error) => dropped.add(error));
    }
    dropped.add(combinator);
  }
  return errors.filter((error) => !dropped.has(error) && error.keyword !== 'if');
}

function combinatorKey(schemaPath: string, instancePath: string): string {
  return `${schemaPath} ${instancePath}`;
}

/** The combinators (by key) whose branches `error` lies in, with the branch index in each. */
function* enclosingBranches(error: ErrorObject, combinators: Map<string, ErrorObject>): Generator<[string, string]> {
  const segments = error.schemaPath.split('/');
  for (let i = 1; i < segments.length - 1; i++) {
    if (!COMBINATORS.has(segments[i]!)) continue;
    const location = segments.slice(0, i + 1).join('/');
    // The combinator applied to this value or to one of its ancestors.
    for (let end = error.instancePath.length; end >= 0; end = error.instancePath.lastIndexOf('/', end - 1)) {
      const key = combinatorKey(location, error.instancePath.slice(0, end));
      if (combinators.has(key)) yield [key, segments[i + 1]!];
      if (end === 0) break;
    }
  }
}

function dropCovered(errors: ErrorObject[], covered: readonly string[]): ErrorObject[] {
  const verdicts = new Map<string, boolean>();
  const isCovered = (schemaPath: string) => {
    let verdict = verdicts.get(schemaPath);
    if (verdict === undefined) {
      const location = schemaPath.replace(/^#/, '');
      verdict = covered.some((prefix) => location === prefix || location.startsWith(`${prefix}/`));
      verdicts.set(schemaPath, verdict);
    }
    return verdict;
  };
  return errors.filter((error) => !isCovered(error.schemaPath));
}

/** Findings that exist only because a syntax error cut a value short are not reported. */
function dropSyntaxArtifacts(doc: ParsedDocument, errors: SchemaError[]): SchemaError[] {
  if (doc.syntaxErrors.length === 0) return errors;
  return errors.filter((error) => {
    if (!error.node) return false;
    if (error.keyword === 'additionalProperties') return true;
    return !touchesSyntaxError(doc, error.node);
  });
}
