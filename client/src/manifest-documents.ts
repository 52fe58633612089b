// Which documents the extension hands to the language server, and which language mode they get.
// Pure: no `vscode` import, so the rules are unit-tested without an editor.
import { MANIFEST_FILE } from '../../rules/analyzers/repository.js';
import { declaresManifestSchema, whyNotAgentManifest } from '../../rules/framework/foreign.js';

export { SCHEMA_URL } from '../../rules/framework/links.js';
export { declaresManifestSchema, MANIFEST_FILE };
/** The language mode the extension contributes for agent manifests (see `decideLanguage`). */
export const LANGUAGE_ID = 'agent-manifest';
/** Schemes served: files on disk and unsaved editors; not diff views (`git:`) or virtual file systems. */
export const SCHEMES = ['file', 'untitled'] as const;
const JSON_LANGUAGES: readonly string[] = ['json', 'jsonc'];

export interface DocumentFilter {
  language: string;
  scheme: string;
  pattern?: string;
}

/**
 * The language client's document selector:
 * - every document in the Agent Manifest mode: `manifest.json` files get it from the language
 *   contribution, and JSON documents whose `$schema` is the official URL are switched to it on
 *   open (see `decideLanguage`);
 * - files named `manifest.json` left in the JSON or JSON with Comments mode (by a
 *   `files.associations` entry, or by the user): they are still manifests for the server.
 * The server makes the final call (a file named `manifest.json`, or a root `$schema` equal to the
 * official URL) and ignores anything else it is sent. Other JSON documents are never sent, so the
 * server is not started for them and sees none of their keystrokes.
 */
export const DOCUMENT_SELECTOR: readonly DocumentFilter[] = SCHEMES.flatMap((scheme) => [
  { language: LANGUAGE_ID, scheme },
  ...JSON_LANGUAGES.map((language) => ({ language, scheme, pattern: `**/${MANIFEST_FILE}` })),
]);

/** What the extension knows about an open document. */
export interface DocumentInfo {
  /** The URI's scheme. */
  scheme: string;
  /** The URI's path (the last segment is the file name). */
  path: string;
  languageId: string;
}

export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function isManifestFileName(path: string): boolean {
  return fileNameOf(path) === MANIFEST_FILE;
}

/** Whether `DOCUMENT_SELECTOR` selects the document: the server is started only for these. */
export function isSelected(document: DocumentInfo): boolean {
  return DOCUMENT_SELECTOR.some(
    (filter) =>
      filter.scheme === document.scheme && filter.language === document.languageId && (filter.pattern === undefined || isManifestFileName(document.path)),
  );
}

/** An open document, with what the extension decided about it while it has been open. */
export interface LanguageCandidate extends DocumentInfo {
  /** The text, read only when needed. */
  text: () => string;
  /** `agentManifest.enable` for the document. */
  enabled: boolean;
  /** The extension already moved this document to the Agent Manifest mode once (the user may have moved it back). */
  switchedBefore: boolean;
  /** The extension moved this document to JSON because the extension was disabled for it. */
  handedBack: boolean;
}

/**
 * The language mode the extension should give a document, or undefined to leave it alone.
 *
 * Why a language mode of our own: VS Code's JSON support validates every `json`/`jsonc` document
 * (syntax, comments, trailing commas, duplicate keys, and the schema its `$schema` names). The
 * server reports all of that with its own rule ids, so in the JSON mode every such problem would
 * be shown twice. Its validation can only be turned off for all JSON at once
 * (`json.validate.enable` is a window-wide setting), so manifests get a mode of their own: JSON
 * highlighting, and the server for everything else.
 * - JSON documents declaring the official `$schema` under another file name move to that mode,
 *   once while they are open (if the user moves one back, it stays in JSON);
 * - when `agentManifest.enable` is false for a manifest, it is handed back to JSON, so VS Code's
 *   own JSON support covers it; and it returns if the extension is enabled again;
 * - a `manifest.json` whose content does not show an agent manifest (a web app's, a browser
 *   extension's, another format's) is handed back to JSON for good: it is not ours, and JSON
 *   support serves it.
 */
export function decideLanguage(document: LanguageCandidate): string | undefined {
  if (!(SCHEMES as readonly string[]).includes(document.scheme)) return undefined;
  if (document.languageId === LANGUAGE_ID) return document.enabled && !isForeign(document) ? undefined : 'json';
  if (!JSON_LANGUAGES.includes(document.languageId) || !document.enabled) return undefined;
  if (document.handedBack) return isForeign(document) ? undefined : LANGUAGE_ID;
  if (document.switchedBefore || isManifestFileName(document.path)) return undefined;
  return declaresManifestSchema(document.text()) ? LANGUAGE_ID : undefined;
}

/** Not an agent manifest, by the engine's reading of its top-level keys. */
function isForeign(document: LanguageCandidate): boolean {
  return isManifestFileName(document.path) && whyNotAgentManifest(document.text()) !== undefined;
}
