import { createScanner } from 'jsonc-parser';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, EOF, MAX_LENGTH, OPEN_BRACE, OPEN_BRACKET, STRING_LITERAL } from './document.js';
import { SCHEMA_URL } from './links.js';

/** The root keys of an agent manifest: the schema's root `properties` (a test keeps them in step). */
export const AGENT_MANIFEST_KEYS: readonly string[] = [
  '$schema',
  'version',
  'engine',
  'agent',
  'model',
  'secrets',
  'skills',
  'tasks',
  'scripts',
  'routes',
  'channels',
  'template',
  '_docs',
];

/**
 * The root keys of the format before v1 (its routes and scripts, now `routes` and `scripts`):
 * such files are still linted, so that their authors learn where the keys went.
 */
const PRE_V1_KEYS: readonly string[] = ['ports', 'setup', 'start'];

/**
 * The keys that hold an agent's parts (and the notes block of Pinata's starter). Not `$schema` and
 * `version`, which other formats have too, nor `agent`, which settles it alone.
 */
const SECTIONS = AGENT_MANIFEST_KEYS.filter((key) => !['$schema', 'version', 'agent'].includes(key));

/** Every root key a file being written as an agent manifest may hold so far. */
const MANIFEST_VOCABULARY = [...AGENT_MANIFEST_KEYS, ...PRE_V1_KEYS];

/**
 * Other formats that are also called `manifest.json`, by keys only they use: named in the note
 * about a file left out, so that its owner sees at once why.
 */
const FOREIGN_KINDS: readonly { kind: string; keys: readonly string[] }[] = [
  {
    kind: 'a browser extension manifest',
    keys: ['manifest_version', 'content_scripts', 'browser_action', 'page_action', 'web_accessible_resources', 'host_permissions'],
  },
  { kind: 'a web app manifest', keys: ['short_name', 'start_url', 'display', 'theme_color', 'background_color', 'icons', 'scope'] },
  { kind: 'an Obsidian plugin manifest', keys: ['minAppVersion', 'isDesktopOnly'] },
  { kind: 'a Stream Deck plugin manifest', keys: ['SDKVersion', 'CodePath', 'CodePathMac', 'CodePathWin'] },
  { kind: 'a DocFX build manifest', keys: ['source_base_path', 'xrefmap', 'incremental_info'] },
];

/**
 * Why a `manifest.json` is not an agent manifest (a phrase such as "it looks like a web app
 * manifest"), or undefined when it is one. Decided by positive evidence, because the name is
 * shared by many formats (browser extensions, web apps, Obsidian and Stream Deck plugins, build
 * outputs, release file lists) and most of them have a `name` and a `version` too. A root object
 * is an agent manifest when it has:
 * - the official `$schema`;
 * - an `agent`, the one key every agent manifest must have and no other known format uses;
 * - two of the sections (`secrets`, `skills`, `tasks`, `scripts`, `routes`, `channels`,
 *   `template`, `model`, `engine`; the pre-v1 `ports`, `setup`, `start` count as one between
 *   them): one alone proves little, since `scripts`, `model` or `template` are common words in
 *   other formats, but no other known format has two;
 * - or nothing but agent manifest keys, or the start of one (a key being typed): `{}`, an empty
 *   file, one being written key by key, a pre-v1 file. Such a file is an agent manifest so far,
 *   and linting it is how its author learns what is missing.
 * Any other root (an array, a string) is not an agent manifest: it cannot hold a `$schema`.
 * It reads the top-level keys with the scanner alone, building no tree, so the CLI asks before
 * it parses and an editor on every open.
 */
export function whyNotAgentManifest(text: string): string | undefined {
  const keys = rootKeys(text, (seen) => hasAgentEvidence(seen.names));
  if (keys.root === 'nothing') return undefined;
  if (keys.root === 'array') return 'it is a JSON array';
  if (keys.root === 'other') return 'it is not a JSON object';
  const names = [...keys.names];
  if (keys.schema === SCHEMA_URL || hasAgentEvidence(keys.names) || names.every(isManifestKeyOrItsStart)) return undefined;
  const kind = FOREIGN_KINDS.find((format) => format.keys.some((key) => keys.names.has(key)))?.kind;
  if (kind) return `it looks like ${kind}`;
  if (!names.some(isSection)) return 'it has no agent manifest keys';
  const others = names.filter((name) => !isManifestKeyOrItsStart(name));
  return `it has no \`agent\`, and keys an agent manifest does not have: ${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}`;
}

/** An `agent`, or two sections (see `whyNotAgentManifest`). */
function hasAgentEvidence(names: ReadonlySet<string>): boolean {
  if (names.has('agent')) return true;
  const sections = SECTIONS.filter((key) => names.has(key)).length;
  return sections + (PRE_V1_KEYS.some((key) => names.has(key)) ? 1 : 0) >= 2;
}

function isSection(name: string): boolean {
  return SECTIONS.includes(name) || PRE_V1_KEYS.includes(name);
}

function isManifestKeyOrItsStart(name: string): boolean {
  return MANIFEST_VOCABULARY.some((key) => key.startsWith(name));
}

/**
 * Whether the root object's `$schema` is the official URL (the last one when the key is repeated,
 * as JSON.parse reads it). A token scan without recursion, so hostile nesting costs nothing, and
 * texts that do not contain the URL at all are rejected without scanning.
 */
export function declaresManifestSchema(text: string): boolean {
  return text.includes(SCHEMA_URL) && rootKeys(text).schema === SCHEMA_URL;
}

export interface RootKeys {
  /**
   * What the first bracket opens (tokens before it, a byte order mark or stray text, are no part
   * of the root: the engine reports them), `other` for tokens and no bracket (a string, a number,
   * text that is not JSON), `nothing` for no token at all (an empty or comments-only file).
   */
  root: 'object' | 'array' | 'other' | 'nothing';
  /** The root object's keys (none for another root). */
  names: Set<string>;
  /** The root's `$schema`, when it is a string (the last one, as JSON.parse reads a repeated key). */
  schema: string | undefined;
}

/**
 * The root object's keys and `$schema`, token by token: no tree, no recursion (any depth is fine).
 * `enough` may end the reading early, after any key, with the keys seen so far. A text past the
 * read limit is judged by its first `MAX_LENGTH` characters: a prefix of an agent manifest reads
 * as one, and the engine then says the file is too long.
 */
export function rootKeys(text: string, enough?: (seen: RootKeys) => boolean): RootKeys {
  const scanner = createScanner(text.slice(0, MAX_LENGTH), true);
  const keys: RootKeys = { root: 'nothing', names: new Set(), schema: undefined };
  let depth = 0;
  /** At depth 1: a key may come next (after `{` or `,`), or the value of this key. */
  let keyNext = false;
  let valueOf: string | undefined;
  for (let kind: number = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (keys.root !== 'object') {
      if (kind === OPEN_BRACKET) {
        keys.root = 'array';
        return keys;
      }
      keys.root = kind === OPEN_BRACE ? 'object' : 'other';
      // A token before the first bracket is no part of the root.
      if (kind !== OPEN_BRACE) continue;
    }
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
  return keys;
}
