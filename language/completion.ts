import { getLocation, type Node } from 'jsonc-parser';
import type { CompletionsCollector, JSONWorkerContribution, LanguageService } from 'vscode-json-languageservice';
import {
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  MarkupKind,
  TextEdit,
  type CompletionItem,
  type CompletionList,
  type Position,
  type Range,
} from 'vscode-languageserver';
import { nodeAt, type JsonPath } from '../rules/index.js';
import type { FeatureContext } from './context.js';
import type { OpenDocument } from './documents.js';
import { jsonDocument, jsonServiceApplies } from './json-service.js';
import { maskCompletion } from './masking.js';
import { valueCompletions, type OwnCompletion } from './own-completions.js';
import { schemaKeysAt } from './schema-keys.js';

/**
 * Our value completions as a contribution to the JSON language service: it finds the cursor's
 * place in half-typed JSON, computes the replaced range and merges our items with the schema's
 * (keys, enum values, `defaultSnippets`).
 */
export function completionContribution(context: FeatureContext): JSONWorkerContribution {
  // The service skips a contribution that returns nothing; its typings do not say so.
  const none = () => undefined as unknown as PromiseLike<never>;
  return {
    getInfoContribution: none,
    collectPropertyCompletions: none,
    collectDefaultCompletions: none,
    collectValueCompletions(uri: string, location: JsonPath, key: string, collector: CompletionsCollector) {
      const document = context.openDocument(uri);
      if (!document?.isManifest) return none();
      for (const item of valueCompletions(document.parsed, location, key)) collector.add({ ...toItem(item), insertText: item.insertText });
      return Promise.resolve();
    },
  };
}

export async function provideCompletion(service: LanguageService, document: OpenDocument, position: Position): Promise<CompletionList | null> {
  if (jsonServiceApplies(document)) {
    const list = await service.doComplete(document.document, position, jsonDocument(service, document));
    return maskCompletion(document, withoutTakenRoutePaths(document, position, list));
  }
  return maskCompletion(document, largeDocumentCompletion(document, position));
}

/**
 * The schema's example paths (`/app`, `/api`) are offered for a route's `path`, but not one that
 * another route already uses: two routes cannot share a prefix (`route-duplicate-path`).
 */
function withoutTakenRoutePaths(document: OpenDocument, position: Position, list: CompletionList | null): CompletionList | null {
  if (!list) return list;
  const [section, index, key] = getLocation(document.text, document.offsetAt(position)).path;
  if (section !== 'routes' || typeof index !== 'number' || key !== 'path') return list;
  const routes = nodeAt(document.parsed.root, ['routes'])?.children ?? [];
  const taken = new Set(
    routes
      .filter((_, at) => at !== index)
      .map((route) => nodeAt(route, ['path'])?.value)
      .filter((path): path is string => typeof path === 'string')
      .map((path) => JSON.stringify(path)),
  );
  return { ...list, items: list.items.filter((item) => !taken.has(item.label) && !taken.has(JSON.stringify(item.label))) };
}

/**
 * Documents too large for the JSON language service still get completion, placed with
 * jsonc-parser's scanner alone: the schema's keys where a key is typed, our values elsewhere.
 */
function largeDocumentCompletion(document: OpenDocument, position: Position): CompletionList | null {
  if (document.parsed.refusal) return null;
  const offset = document.offsetAt(position);
  const location = getLocation(document.text, offset);
  const key = location.path.at(-1);
  if (location.isAtPropertyKey) return keyCompletion(document, location.path.slice(0, -1), location.previousNode, position);
  if (typeof key !== 'string') return null;
  const previous = location.previousNode;
  const range: Range =
    previous && previous.type !== 'property' && offset >= previous.offset && offset <= previous.offset + previous.length
      ? document.rangeOf(previous.offset, previous.offset + previous.length)
      : { start: position, end: position };
  const items = valueCompletions(document.parsed, location.path.slice(0, -1), key).map((item) => ({
    ...toItem(item),
    textEdit: TextEdit.replace(range, item.insertText),
  }));
  return { isIncomplete: false, items };
}

/** The schema's keys for the object at `objectPath` that it does not have yet, replacing what is typed. */
function keyCompletion(document: OpenDocument, objectPath: JsonPath, typed: Node | undefined, position: Position): CompletionList {
  const present = new Set((nodeAt(document.parsed.root, objectPath)?.children ?? []).map((property) => property.children?.[0]?.value));
  const range: Range = typed?.type === 'string' ? document.rangeOf(typed.offset, typed.offset + typed.length) : { start: position, end: position };
  const items = schemaKeysAt(objectPath)
    .filter((key) => !present.has(key.name) || (typed?.type === 'string' && typed.value === key.name))
    .map(
      (key): CompletionItem => ({
        label: key.name,
        kind: CompletionItemKind.Property,
        ...(key.title ? { detail: key.title } : {}),
        ...(key.documentation ? { documentation: { kind: MarkupKind.Markdown, value: key.documentation } } : {}),
        ...(key.deprecated ? { tags: [CompletionItemTag.Deprecated] } : {}),
        insertTextFormat: InsertTextFormat.Snippet,
        textEdit: TextEdit.replace(range, `"${key.name}": $1`),
        filterText: `"${key.name}"`,
      }),
    );
  return { isIncomplete: false, items };
}

function toItem(item: OwnCompletion): CompletionItem {
  const result: CompletionItem = { label: item.label, kind: item.kind, insertText: item.insertText };
  if (item.detail) result.detail = item.detail;
  if (item.documentation) result.documentation = { kind: MarkupKind.Markdown, value: item.documentation };
  if (item.sortText) result.sortText = item.sortText;
  if (item.snippet) result.insertTextFormat = InsertTextFormat.Snippet;
  if (item.retrigger) result.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
  return result;
}
