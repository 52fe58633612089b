import type { Node } from 'jsonc-parser';
import type { JsonPath } from './types.js';

/** Visits every value node with its path, depth first, without recursion. */
export function walkValues(root: Node | undefined, visit: (node: Node, path: JsonPath) => void): void {
  if (!root) return;
  const stack: { node: Node; path: JsonPath }[] = [{ node: root, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    visit(node, path);
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      if (node.type === 'array') {
        stack.push({ node: child, path: [...path, i] });
      } else if (node.type === 'object') {
        const [key, value] = child.children ?? [];
        if (key && value) stack.push({ node: value, path: [...path, key.value as string] });
      }
    }
  }
}
