import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DidChangeTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver';
import { OpenDocument } from '../language/documents.js';

/** The documents the client has open, kept in sync with its notifications, incrementally. */
export class DocumentStore {
  private readonly documents = new Map<string, OpenDocument>();

  open(params: DidOpenTextDocumentParams): OpenDocument {
    const { uri, languageId, version, text } = params.textDocument;
    const document = new OpenDocument(TextDocument.create(uri, languageId, version, text));
    this.documents.set(uri, document);
    return document;
  }

  /** Applies full or incremental changes; ignores documents that are not open. */
  change(params: DidChangeTextDocumentParams): OpenDocument | undefined {
    const document = this.documents.get(params.textDocument.uri);
    document?.update(params.contentChanges, params.textDocument.version);
    return document;
  }

  close(uri: string): void {
    this.documents.delete(uri);
  }

  get(uri: string): OpenDocument | undefined {
    return this.documents.get(uri);
  }

  all(): OpenDocument[] {
    return [...this.documents.values()];
  }
}
