import type { LanguageService } from 'vscode-json-languageservice';
import { MarkupKind, type Hover, type MarkedString, type Position } from 'vscode-languageserver';
import type { FeatureContext } from './context.js';
import type { OpenDocument } from './documents.js';
import { jsonDocument, jsonServiceApplies } from './json-service.js';
import { maskShown } from './masking.js';
import { ownHover } from './own-hover.js';
import { folderOf } from './uris.js';

/**
 * The schema's documentation for the field (title, description, limits, enum value meaning) from
 * the JSON language service, followed by what only the server knows: schedules, durations, CIDs,
 * routes and `env:` tokens.
 */
export async function provideHover(context: FeatureContext, service: LanguageService, document: OpenDocument, position: Position): Promise<Hover | null> {
  const offset = document.offsetAt(position);
  const schemaHover = jsonServiceApplies(document) ? await service.doHover(document.document, position, jsonDocument(service, document)) : null;
  const config = await context.configs.forFolder(folderOf(document.uri));
  const skills = context.skillSources.known(document.uri, document.parsed, config);
  const own = ownHover(document.parsed, offset, context.now(), skills.facts);
  const parts = [...(schemaHover ? markdownOf(schemaHover.contents) : []), ...(own ? [own.markdown] : [])].filter((part) => part.trim() !== '');
  if (parts.length === 0) return null;
  const range = schemaHover?.range ?? (own ? document.rangeOf(own.node.offset, own.node.offset + own.node.length) : undefined);
  return maskShown(document, { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') }, ...(range ? { range } : {}) });
}

function markdownOf(contents: Hover['contents']): string[] {
  if (Array.isArray(contents)) return contents.map(markedString);
  if (typeof contents === 'object' && 'kind' in contents) return [contents.value];
  return [markedString(contents)];
}

function markedString(value: MarkedString): string {
  return typeof value === 'string' ? value : `\`\`\`${value.language}\n${value.value}\n\`\`\``;
}
