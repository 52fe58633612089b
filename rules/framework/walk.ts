import type { Node } from 'jsonc-parser';
import type { JsonPath } from './types.js';

/** Visits every value node (objects, arrays and scalars), depth first, without recursion. */
export function forEachValue(root: Node | undefined, visit: (node: Node) => void): void {
  const stack: Node[] = root ? [root] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    for (const child of node.children ?? []) {
      if (child.type === 'property') {
        const value = child.children?.[1];
        if (value) stack.push(value);
      } else {
        stack.push(child);
      }
    }
  }
}

/** Visits every string node: values and the keys of properties. */
export function forEachString(root: Node | undefined, visit: (node: Node) => void): void {
  forEachValue(root, (node) => {
    if (node.type === 'string') visit(node);
    else if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const key = property.children?.[0];
        if (key?.type === 'string') visit(key);
      }
    }
  });
}

export function forEachObject(root: Node | undefined, visit: (object: Node) => void): void {
  forEachValue(root, (node) => {
    if (node.type === 'object') visit(node);
  });
}

/** The path of a value node, found through its parents (computed only when a finding needs it). */
export function pathOf(node: Node): JsonPath {
  const path: JsonPath = [];
  let current = node;
  while (current.parent) {
    const parent = current.parent;
    if (parent.type === 'property') {
      path.push(parent.children?.[0]?.value as string);
      current = parent.parent!;
    } else {
      path.push(parent.children?.indexOf(current) ?? 0);
      current = parent;
    }
  }
  return path.reverse();
}
