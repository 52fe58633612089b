import facts from '../generated/schema-facts.js';

/** The pointer of the schema holding a failing keyword: `/$defs/route/properties/port/not` → `…/port`. */
function keywordParent(schemaPath: string): string {
  return schemaPath.slice(0, schemaPath.lastIndexOf('/'));
}

/** Keys defined next to a failing `additionalProperties`, for did-you-mean suggestions. */
export function knownProperties(schemaPath: string): string[] {
  return facts.properties[keywordParent(schemaPath)] ?? [];
}

/** The schema's own plain-English expectation for a failing value (`errorMessage`), if any. */
export function expectation(schemaPath: string): string | undefined {
  return facts.expectations[keywordParent(schemaPath)];
}
