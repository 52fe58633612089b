import { format, type Edit as JsonEdit, type FormattingOptions as JsonFormattingOptions } from 'jsonc-parser';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver';
import type { OpenDocument } from './documents.js';

/** Whole-document formatting with jsonc-parser, honouring the editor's indentation. */
export function provideFormatting(document: OpenDocument, options: FormattingOptions): TextEdit[] {
  return formatDocument(document, undefined, options);
}

/** Formats the smallest enclosing part of the document that covers the range. */
export function provideRangeFormatting(document: OpenDocument, range: Range, options: FormattingOptions): TextEdit[] {
  const start = document.offsetAt(range.start);
  const end = document.offsetAt(range.end);
  return formatDocument(document, { offset: start, length: end - start }, options);
}

function formatDocument(document: OpenDocument, range: { offset: number; length: number } | undefined, options: FormattingOptions): TextEdit[] {
  if (document.parsed.refusal) return [];
  const text = document.text;
  const newline = text.indexOf('\n');
  const jsonOptions: JsonFormattingOptions = {
    tabSize: options.tabSize,
    insertSpaces: options.insertSpaces,
    eol: newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n',
    // Without a preference from the editor, a final newline the file has is kept.
    insertFinalNewline: options.insertFinalNewline ?? text.endsWith('\n'),
  };
  const edits = format(text, range, jsonOptions);
  if (edits.length > MAX_SEPARATE_EDITS) return [asOneEdit(document, edits)];
  return edits.map((edit) => ({
    range: document.rangeOf(edit.offset, edit.offset + edit.length),
    newText: edit.content,
  }));
}

/**
 * Past this many, edits are sent as one replacement of the text they span: a minified file of a
 * million items would otherwise need millions of edits, far more to send and apply than its text.
 */
const MAX_SEPARATE_EDITS = 10_000;

function asOneEdit(document: OpenDocument, edits: JsonEdit[]): TextEdit {
  // jsonc-parser returns its edits in document order, without overlaps.
  const start = edits[0]!.offset;
  const end = edits.at(-1)!.offset + edits.at(-1)!.length;
  const text = document.text;
  const parts: string[] = [];
  let at = start;
  for (const edit of edits) {
    parts.push(text.slice(at, edit.offset), edit.content);
    at = edit.offset + edit.length;
  }
  return { range: document.rangeOf(start, end), newText: parts.join('') };
}
