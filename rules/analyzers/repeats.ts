import type { Node } from 'jsonc-parser';
import { arrayItems, childValue, type ParsedDocument } from '../framework/document.js';
import type { JsonPath } from '../framework/types.js';

export interface RepeatedName {
  /** Path of the later item's field, where the finding goes. */
  path: JsonPath;
  node: Node;
  value: string;
  /** Index of the first item with that value. */
  earlier: number;
}

/**
 * Items of the array at `arrayPath` whose non-empty string `field` repeats an earlier item's:
 * `secrets[].name`, `skills[].name`, `tasks[].name`. Empty values belong to the format rules.
 */
export function repeatedNames(doc: ParsedDocument, arrayPath: JsonPath, field: string): RepeatedName[] {
  const first = new Map<string, number>();
  const repeated: RepeatedName[] = [];
  for (const { index, node } of arrayItems(doc.root, arrayPath)) {
    const value = childValue(node, field);
    if (value?.type !== 'string' || value.value === '') continue;
    const earlier = first.get(value.value);
    if (earlier === undefined) first.set(value.value, index);
    else repeated.push({ path: [...arrayPath, index, field], node: value, value: value.value, earlier });
  }
  return repeated;
}
