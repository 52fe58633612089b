/**
 * The Language Server Protocol shapes the language service returns, declared here so that the
 * package's types stand alone (it installs no dependency). Each lists the fields editors use;
 * results may carry more of the protocol's optional fields.
 */
import type { Position, Range, TextEdit } from '../rules/framework/types.js';

export type { Position, Range, TextEdit };

export interface MarkupContent {
  kind: 'markdown' | 'plaintext';
  value: string;
}

export interface LspDiagnostic {
  range: Range;
  /** 1 error, 2 warning, 3 information, 4 hint. */
  severity?: 1 | 2 | 3 | 4;
  /** The rule id. */
  code?: number | string;
  codeDescription?: { href: string };
  source?: string;
  /** This package's messages are plain strings; the protocol also allows markup. */
  message: string | MarkupContent;
  [field: string]: unknown;
}

export interface CompletionItem {
  label: string;
  /** The protocol's `CompletionItemKind`. */
  kind?: number;
  detail?: string;
  documentation?: string | MarkupContent;
  insertText?: string;
  /** 1 plain text, 2 snippet. */
  insertTextFormat?: 1 | 2;
  textEdit?: TextEdit | { newText: string; insert: Range; replace: Range };
  sortText?: string;
  filterText?: string;
  [field: string]: unknown;
}

export interface CompletionList {
  isIncomplete: boolean;
  items: CompletionItem[];
}

export interface Hover {
  contents: MarkupContent | string | { language: string; value: string } | (string | { language: string; value: string })[];
  range?: Range;
}

export interface WorkspaceEdit {
  changes?: { [uri: string]: TextEdit[] };
  [field: string]: unknown;
}

export interface CodeAction {
  title: string;
  kind?: string;
  diagnostics?: LspDiagnostic[];
  isPreferred?: boolean;
  edit?: WorkspaceEdit;
  [field: string]: unknown;
}

export interface DocumentSymbol {
  name: string;
  detail?: string;
  /** The protocol's `SymbolKind`. */
  kind: number;
  range: Range;
  selectionRange: Range;
  children?: DocumentSymbol[];
  [field: string]: unknown;
}

export interface FoldingRange {
  startLine: number;
  endLine: number;
  startCharacter?: number;
  endCharacter?: number;
  kind?: string;
  [field: string]: unknown;
}

export interface Location {
  uri: string;
  range: Range;
}

export interface InlayHint {
  position: Position;
  label: string | { value: string; [field: string]: unknown }[];
  /** 1 type, 2 parameter. */
  kind?: 1 | 2;
  paddingLeft?: boolean;
  paddingRight?: boolean;
  [field: string]: unknown;
}
