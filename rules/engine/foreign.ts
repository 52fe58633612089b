import { createScanner } from 'jsonc-parser';
import { childValue, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, EOF, MAX_LENGTH, OPEN_BRACE, OPEN_BRACKET, STRING_LITERAL, type ParsedDocument } from './document.js';
import { SCHEMA_URL } from './links.js';

/**
 * Other formats that are also called `manifest.json`, by keys only they use: a folder of a web
 * project holds them beside (or instead of) an agent's manifest.
 */
const FOREIGN_KINDS: readonly { kind: string; keys: readonly string[] }[] = [
  { kind: 'a browser extension manifest', keys: ['manifest_version', 'content_scripts', 'browser_action', 'page_action', 'web_accessible_resources', 'host_permissions'] },
  { kind: 'a web app manifest', keys: ['short_name', 'start_url', 'display', 'theme_color', 'background_color', 'icons', 'scope'] },
];

/**
 * Whether a `manifest.json` is some other kind of manifest, and which: decided by content, not by
 * name. One with the official `$schema` or an `agent` key is an agent manifest, and so is one that
 * shows no other format's keys (an empty or half-written file is linted, so that a broken agent
 * manifest never passes as foreign). Given text, it reads the top-level keys with the scanner
 * alone, building no tree: the CLI asks before it parses.
 */
export function foreignManifestKind(input: ParsedDocument | string): string | undefined {
  const keys = typeof input === 'string' ? topLevelKeys(input) : treeKeys(input);
  if (!keys || keys.schema === SCHEMA_URL || keys.names.has('agent')) return undefined;
  return FOREIGN_KINDS.find((format) => format.keys.some((key) => keys.names.has(key)))?.kind;
}

interface TopLevel {
  names: Set<string>;
  schema: unknown;
}

function treeKeys(doc: ParsedDocument): TopLevel | undefined {
  const root = doc.root;
  if (root?.type !== 'object') return undefined;
  const names = new Set((root.children ?? []).map((property) => property.children?.[0]?.value).filter((name): name is string => typeof name === 'string'));
  return { names, schema: childValue(root, '$schema')?.value };
}

/** The root object's keys and `$schema`, token by token: no tree, no recursion (any depth is fine). */
function topLevelKeys(text: string): TopLevel | undefined {
  if (text.length > MAX_LENGTH) return undefined;
  const scanner = createScanner(text, true);
  const keys: TopLevel = { names: new Set(), schema: undefined };
  let depth = 0;
  let first = true;
  let rootIsObject = false;
  /** At depth 1: a key may come next (after `{` or `,`), or the value of this key. */
  let keyNext = false;
  let valueOf: string | undefined;
  for (let kind: number = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (first) rootIsObject = kind === OPEN_BRACE;
    first = false;
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      depth++;
      keyNext = depth === 1 && kind === OPEN_BRACE;
      valueOf = undefined;
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) {
      depth--;
    } else if (depth === 1) {
      if (kind === COMMA) keyNext = true;
      else if (kind === STRING_LITERAL && keyNext) {
        keys.names.add(scanner.getTokenValue());
        valueOf = scanner.getTokenValue();
        keyNext = false;
      } else if (kind !== COLON) {
        if (kind === STRING_LITERAL && valueOf === '$schema') keys.schema = scanner.getTokenValue();
        valueOf = undefined;
      }
    }
  }
  return rootIsObject ? keys : undefined;
}
