import type { LanguageService } from 'vscode-json-languageservice';
import type { FoldingRange } from 'vscode-languageserver';
import type { FeatureContext } from './context.js';
import type { OpenDocument } from './documents.js';
import { jsonServiceApplies } from './json-service.js';
import { maskShown } from './masking.js';

const DEFAULT_LIMIT = 5000;

/**
 * Folding ranges from the JSON language service (objects, arrays, comments, regions); for a
 * document too large for it, the objects and arrays of the engine's tree.
 */
export function provideFoldingRanges(context: FeatureContext, service: LanguageService, document: OpenDocument): FoldingRange[] {
  const rangeLimit = context.client.textDocument?.foldingRange?.rangeLimit ?? DEFAULT_LIMIT;
  const ranges = jsonServiceApplies(document) ? service.getFoldingRanges(document.document, { rangeLimit }) : treeFoldingRanges(document, rangeLimit);
  // Ranges carry a kind, and may carry the text a client shows for a folded range.
  return maskShown(document, ranges);
}

function treeFoldingRanges(document: OpenDocument, limit: number): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  const stack = document.parsed.root ? [document.parsed.root] : [];
  while (stack.length > 0 && ranges.length < limit) {
    const node = stack.pop()!;
    if (node.type === 'object' || node.type === 'array') {
      const startLine = document.positionAt(node.offset).line;
      const endLine = document.positionAt(node.offset + node.length).line;
      // Like the JSON language service: the closing bracket's line stays visible.
      if (endLine - 1 > startLine) ranges.push({ startLine, endLine: endLine - 1 });
    }
    for (const child of node.children ?? []) stack.push(child);
  }
  return ranges.sort((a, b) => a.startLine - b.startLine);
}
