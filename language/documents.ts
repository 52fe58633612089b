import { baseNameOf } from './uris.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { declaresManifestSchema, MANIFEST_FILE, parseDocument, whyNotAgentManifest, type ParsedDocument } from '../rules/index.js';

/**
 * A document a host has open, and what the language service derived from its current version.
 * Derived values are computed on first use and dropped on every change, so a burst of edits
 * parses nothing until someone asks.
 */
export class OpenDocument {
  private parsedCache: ParsedDocument | undefined;
  private manifestCache: boolean | undefined;
  /** Per-version memo for the features (JSON language service tree, lint results…). */
  readonly memo = new Map<string, unknown>();

  constructor(public document: TextDocument) {}

  /** A document at `uri` with the host's `version` of its text. */
  static of(uri: string, version: number, text: string): OpenDocument {
    return new OpenDocument(TextDocument.create(uri, 'json', version, text));
  }

  get uri(): string {
    return this.document.uri;
  }

  get version(): number {
    return this.document.version;
  }

  get text(): string {
    return this.document.getText();
  }

  /** The engine's parse of the current version (refused, with no tree, when too large or deep). */
  get parsed(): ParsedDocument {
    return (this.parsedCache ??= parseDocument(this.text));
  }

  /**
   * Whether the server serves this document: a file named `manifest.json` whose content shows an
   * agent manifest (not a web app's, a browser extension's or another format's), or JSON whose
   * `$schema` is the official URL.
   */
  get isManifest(): boolean {
    if (this.manifestCache === undefined) {
      this.manifestCache = (baseNameOf(this.uri) === MANIFEST_FILE && whyNotAgentManifest(this.text) === undefined) || declaresManifestSchema(this.text);
    }
    return this.manifestCache;
  }

  offsetAt(position: Position): number {
    return this.document.offsetAt(position);
  }

  positionAt(offset: number): Position {
    return this.document.positionAt(offset);
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  /** Applies full or incremental changes, making `version` the current one. */
  update(changes: TextDocumentContentChangeEvent[], version: number): void {
    this.document = TextDocument.update(this.document, changes, version);
    this.parsedCache = undefined;
    this.manifestCache = undefined;
    this.memo.clear();
  }

  /** A value computed once per version. */
  cached<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    this.memo.set(key, value);
    return value;
  }
}
