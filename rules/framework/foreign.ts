import { createScanner } from 'jsonc-parser';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, EOF, MAX_LENGTH, OPEN_BRACE, OPEN_BRACKET, STRING_LITERAL } from './document.js';
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
 * manifest never passes as foreign). It reads the top-level keys with the scanner alone, building
 * no tree, so the CLI asks before it parses and an editor on every open.
 */
export function foreignManifestKind(text: string): string | undefined {
  // An `agent` key settles it: the rest of the file need not be read.
  const keys = rootKeys(text, (seen) => seen.names.has('agent'));
  if (!keys || keys.schema === SCHEMA_URL || keys.names.has('agent')) return undefined;
  return FOREIGN_KINDS.find((format) => format.keys.some((key) => keys.names.has(key)))?.kind;
}

/**
 * Whether the root object's `$schema` is the official URL (the last one when the key is repeated,
 * as JSON.parse reads it). A token scan without recursion, so hostile nesting costs nothing, and
 * texts that do not contain the URL at all are rejected without scanning.
 */
export function declaresManifestSchema(text: string): boolean {
  return text.includes(SCHEMA_URL) && rootKeys(text)?.schema === SCHEMA_URL;
}

export interface RootKeys {
  names: Set<string>;
  /** The root's `$schema`, when it is a string (the last one, as JSON.parse reads a repeated key). */
  schema: string | undefined;
}

/**
 * The root object's keys and `$schema`, token by token: no tree, no recursion (any depth is fine).
 * `enough` may end the reading early, after any key, with the keys seen so far.
 */
export function rootKeys(text: string, enough?: (seen: RootKeys) => boolean): RootKeys | undefined {
  if (text.length > MAX_LENGTH) return undefined;
  const scanner = createScanner(text, true);
  const keys: RootKeys = { names: new Set(), schema: undefined };
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
        if (enough?.(keys)) return keys;
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
