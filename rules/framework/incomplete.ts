import { printParseErrorCode, type Node } from 'jsonc-parser';
import { anyBetween, derived, nodeAt, sortedOffsets, syntaxErrorBetween, type ParsedDocument } from './document.js';
import type { Finding } from './rule.js';
import type { JsonPath, RuleMeta } from './types.js';

/**
 * What rules may report in a document with syntax errors. jsonc-parser recovers a tree from
 * anything, but part of it is made up: an object the text never closes (a file being typed, or
 * cut short) lacks keys that are simply not written yet, and a string or number at the cut may
 * be the start of a longer one. So a finding stands only if the node it is about is complete —
 * closed by its own bracket or quote, and not ending where an error begins — or, for a rule that
 * `judgesObject`, the object holding its key is. A rule that compares sections
 * (`crossReference`) reports nothing while any object or array is left open, since what it
 * looks for may be missing or swallowed. Errors that leave every node closed (a comment, a
 * trailing comma, a missing comma or colon) take nothing away.
 */
export function reportable(doc: ParsedDocument): (finding: Finding, meta: Pick<RuleMeta, 'crossReference' | 'judgesObject'>) => boolean {
  if (doc.syntaxErrors.length === 0 || !doc.root) return () => true;
  const { isComplete, anyOpen } = derived(doc, completeness);
  return (finding, meta) => {
    if (finding.file) return true;
    if (meta.crossReference && anyOpen) return false;
    const about = deepestNode(doc.root, meta.judgesObject ? finding.path.slice(0, -1) : finding.path);
    return about === undefined || isComplete(about);
  };
}

interface Completeness {
  isComplete(node: Node): boolean;
  /** Whether some object or array is never closed. */
  anyOpen: boolean;
}

function completeness(doc: ParsedDocument): Completeness {
  const { text } = doc;
  const unterminated = sortedOffsets(doc.syntaxErrors.filter((error) => printParseErrorCode(error.error) === 'UnexpectedEndOfString'));
  const isComplete = (node: Node): boolean => {
    const end = node.offset + node.length;
    switch (node.type) {
      case 'object':
        return node.length >= 2 && text[end - 1] === '}';
      case 'array':
        return node.length >= 2 && text[end - 1] === ']';
      case 'string':
        return !anyBetween(unterminated, node.offset, end);
      default:
        return !syntaxErrorBetween(doc, end, end);
    }
  };
  let anyOpen = false;
  const pending: Node[] = [doc.root!];
  while (pending.length > 0 && !anyOpen) {
    const node = pending.pop()!;
    if ((node.type === 'object' || node.type === 'array') && !isComplete(node)) anyOpen = true;
    for (const child of node.children ?? []) pending.push(child);
  }
  return { isComplete, anyOpen };
}

/** The node at `path`, or its nearest ancestor that exists (for a key reported missing). */
function deepestNode(root: Node | undefined, path: JsonPath): Node | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = nodeAt(root, path.slice(0, length));
    if (node) return node;
  }
  return undefined;
}
