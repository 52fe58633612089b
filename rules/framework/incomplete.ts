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
 * (`crossReference`) reports nothing until the root is closed by its own bracket, since what it
 * looks for may come later in the text (an object or array left open leaves the root open too).
 * Errors that leave every node closed (a comment, a trailing comma, a missing comma or colon)
 * take nothing away.
 */
export function reportable(doc: ParsedDocument): (finding: Finding, meta: Pick<RuleMeta, 'crossReference' | 'judgesObject'>) => boolean {
  if (doc.syntaxErrors.length === 0 || !doc.root) return () => true;
  const isComplete = derived(doc, completeness);
  const rootComplete = isComplete(doc.root);
  return (finding, meta) => {
    if (finding.file) return true;
    if (meta.crossReference && !rootComplete) return false;
    const about = deepestNode(doc.root, meta.judgesObject ? finding.path.slice(0, -1) : finding.path);
    return about === undefined || isComplete(about);
  };
}

const UNCLOSED = new Set(['CloseBraceExpected', 'CloseBracketExpected']);

function completeness(doc: ParsedDocument): (node: Node) => boolean {
  const { text } = doc;
  const unterminated = sortedOffsets(doc.syntaxErrors.filter((error) => printParseErrorCode(error.error) === 'UnexpectedEndOfString'));
  const unclosed = doc.syntaxErrors.filter((error) => UNCLOSED.has(printParseErrorCode(error.error))).length;
  return (node) => {
    const end = node.offset + node.length;
    switch (node.type) {
      case 'object':
      case 'array':
        return !leftOpen(node, text.length, unclosed);
      case 'string':
        return !anyBetween(unterminated, node.offset, end);
      default:
        return !syntaxErrorBetween(doc, end, end);
    }
  };
}

/**
 * Whether the text never closes `node`, an object or array. The parser ends one at its own
 * closing bracket or, lacking it, where the text ends, reporting a `CloseBraceExpected` or
 * `CloseBracketExpected` there for each. A bracket that ends the text closes at most the innermost
 * of the nodes reaching that far, so the open ones are the outermost `unclosed` of them. The last
 * character says nothing: a `}` there may close a nested object and leave the root open.
 */
function leftOpen(node: Node, textEnd: number, unclosed: number): boolean {
  if (node.offset + node.length < textEnd) return false;
  let around = 0;
  for (let parent = node.parent; parent; parent = parent.parent) if (parent.type === 'object' || parent.type === 'array') around++;
  return around < unclosed;
}

/** The node at `path`, or its nearest ancestor that exists (for a key reported missing). */
function deepestNode(root: Node | undefined, path: JsonPath): Node | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = nodeAt(root, path.slice(0, length));
    if (node) return node;
  }
  return undefined;
}
