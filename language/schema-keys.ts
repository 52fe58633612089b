import { load as loadSchema } from './lazy/manifest-schema.js';
import type { JsonPath } from '../rules/index.js';

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  then?: SchemaNode;
  else?: SchemaNode;
  title?: string;
  markdownDescription?: string;
  description?: string;
  deprecationMessage?: string;
}

type SchemaRoot = SchemaNode & { $defs: Record<string, SchemaNode> };

/** A key the schema allows at a place, with what the schema says of it. */
export interface SchemaKey {
  name: string;
  title?: string;
  documentation?: string;
  deprecated: boolean;
}

/**
 * The keys the bundled schema allows in the object at `path`, from every branch that could apply
 * (a task in either form, say): what completion offers where the JSON language service does not
 * look (documents above its size limit). The schema is walked as written, through `$ref`,
 * `allOf`, `anyOf`, `oneOf` and `if`/`then`/`else`.
 */
export function schemaKeysAt(path: JsonPath): SchemaKey[] {
  const root = loadSchema() as unknown as SchemaRoot;
  let nodes = expand(root, [root]);
  for (const segment of path) {
    nodes = expand(
      root,
      nodes.flatMap((node) => {
        const next = typeof segment === 'number' ? node.items : node.properties?.[segment];
        return next ? [next] : [];
      }),
    );
  }
  const keys = new Map<string, SchemaKey>();
  for (const node of nodes) {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      if (keys.has(name)) continue;
      const [described] = expand(root, [property]);
      const documentation = property.markdownDescription ?? property.description ?? described?.markdownDescription ?? described?.description;
      keys.set(name, {
        name,
        ...((property.title ?? described?.title) ? { title: property.title ?? described?.title } : {}),
        ...(documentation ? { documentation } : {}),
        deprecated: property.deprecationMessage !== undefined,
      });
    }
  }
  return [...keys.values()];
}

/** The schemas a node stands for: itself, what it refers to, and its combined branches. */
function expand(root: SchemaRoot, nodes: SchemaNode[]): SchemaNode[] {
  const out: SchemaNode[] = [];
  const pending = [...nodes];
  const seen = new Set<SchemaNode>();
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    out.push(node);
    if (node.$ref?.startsWith('#/$defs/')) {
      const target = root.$defs[node.$ref.slice('#/$defs/'.length)];
      if (target) pending.push(target);
    }
    for (const branch of [
      ...(node.allOf ?? []),
      ...(node.anyOf ?? []),
      ...(node.oneOf ?? []),
      ...(node.then ? [node.then] : []),
      ...(node.else ? [node.else] : []),
    ]) {
      pending.push(branch);
    }
  }
  return out;
}
