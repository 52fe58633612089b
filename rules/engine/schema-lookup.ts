import schema from '../../schema/manifest.v1.json' with { type: 'json' };

type SchemaNode = Record<string, unknown>;

/** The schema object at a JSON pointer (without `#`), or undefined. */
export function schemaAt(pointer: string): SchemaNode | undefined {
  let node: unknown = schema;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as SchemaNode)[segment];
  }
  return node !== null && typeof node === 'object' ? (node as SchemaNode) : undefined;
}

/** The schema that holds the failing keyword: `/$defs/route/properties/port/not` → its `port`. */
export function keywordParent(schemaPath: string): SchemaNode | undefined {
  return schemaAt(schemaPath.slice(0, schemaPath.lastIndexOf('/')));
}

/** Keys an object schema defines, for did-you-mean suggestions. */
export function knownProperties(objectSchema: SchemaNode | undefined): string[] {
  const properties = objectSchema?.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** The schema's own plain-English expectation for a value (`errorMessage`), if it has one. */
export function expectation(schemaPath: string): string | undefined {
  const message = keywordParent(schemaPath)?.errorMessage;
  return typeof message === 'string' ? message : undefined;
}
