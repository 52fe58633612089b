import { printParseErrorCode, type ParseError } from 'jsonc-parser';
import { MAX_DEPTH } from '../framework/document.js';
import { defineRule, unlisted, type Finding, type FindingMessage, type FixSpec, type RuleContext } from '../framework/rule.js';

export const jsonSyntax = defineRule({
  meta: {
    id: 'json-syntax',
    category: 'Parsing and schema',
    severity: 'error',
    description: 'The file is not strict JSON (comments, trailing commas, single quotes, truncation…).',
    rationale:
      'The platform reads `manifest.json` with a strict JSON parser: a comment, a trailing comma or a single-quoted string that an editor tolerates makes the whole deploy fail.',
    evidence:
      "None found stating which parser the platform uses: inferred from the file being JSON validated against a JSON Schema (https://docs.pinata.cloud/agents/manifest) and from RFC 8259's grammar, which has no comments or trailing commas. One author removed a trailing comma in the next commit (skalenetwork/pinata-skale-agent 5c8c17d), without quoting an error.",
    messages: {
      empty: `The file is empty; the smallest manifest is \`{"version": 1, "agent": {"name": "…"}}\`.`,
      byteOrderMark: `The file starts with a byte order mark (U+FEFF), which JSON.parse rejects; save it as UTF-8 without BOM.`,
      comment: `Comments are not allowed in JSON; the platform reads strict JSON. Remove the comment.`,
      trailingComma: `Trailing comma before \`{{bracket}}\`; strict JSON does not allow it. Remove the comma.`,
      singleQuotes: `Strings and keys must use double quotes in JSON, not single quotes.`,
      unexpectedText: `Unexpected text at {{found}}.`,
      invalidNumber: `Invalid number at {{found}}.`,
      propertyNameExpected: `A property name in double quotes is expected at {{found}}.`,
      valueExpected: `A value is expected at {{found}}.`,
      colonExpected: `A colon is expected after the property name at {{found}}.`,
      commaExpected: `A comma is expected between items at {{found}}.`,
      closeBraceExpected: `A closing \`}\` is expected at {{found}}.`,
      closeBracketExpected: `A closing \`]\` is expected at {{found}}.`,
      endOfFileExpected: `The document should end after its top-level value, but there is more at {{found}}.`,
      unterminatedComment: `Unterminated comment at {{found}}.`,
      unterminatedString: `Unterminated string at {{found}}.`,
      unterminatedNumber: `Unterminated number at {{found}}.`,
      invalidUnicode: `Invalid \`\\u\` escape at {{found}}.`,
      invalidEscape: `Invalid escape sequence in a string at {{found}}.`,
      controlCharacter: `A control character (such as a raw tab, newline or NUL) must be escaped inside a string at {{found}}.`,
      invalidJson: `Invalid JSON at {{found}}.`,
      endsEarlyCloseBrace: `The file ends too early: a closing \`}\` is missing.`,
      endsEarlyCloseBracket: `The file ends too early: a closing \`]\` is missing.`,
      endsEarlyValue: `The file ends too early: a value is missing.`,
      endsEarlyPropertyName: `The file ends too early: a property name is missing.`,
      endsEarlyColon: `The file ends too early: a colon is missing.`,
      endsEarlyString: `The file ends too early: a string is not closed.`,
      endsEarlyComment: `The file ends too early: a comment is not closed.`,
      endsEarly: `The file ends too early: the JSON is incomplete.`,
      tooDeep: `The document nests deeper than ${MAX_DEPTH} levels here; a manifest needs a handful. It was not checked further.`,
    },
    fixTitles: {
      removeByteOrderMark: 'Remove the byte order mark',
      removeComment: 'Remove the comment',
      removeTrailingComma: 'Remove the trailing comma',
      useDoubleQuotes: 'Use double quotes',
    },
    fixable: true,
  },
  check(context) {
    const { doc } = context;
    if (doc.refusal?.kind === 'too-deep') {
      const offset = doc.refusal.offset;
      context.report({
        path: [],
        span: { start: offset, end: offset + 1 },
        messageId: 'tooDeep',
      });
      return;
    }
    let listing = true;
    let previous: ParseError | undefined;
    for (const error of doc.syntaxErrors) {
      // jsonc-parser often reports two codes for one mistake (`{"a":1,}`), one after the other
      // (it reports in text order): keep the first. A bare word where a value belongs (`Scout`)
      // is followed by "a value is expected" at the next token: the same mistake, said once.
      if (previous && (error.offset === previous.offset || valueOfBareWord(doc.text, previous, error))) continue;
      previous = error;
      // A million broken items are described a hundred times and counted after that.
      listing = context.report(listing ? describe(context, error) : unlisted([], { start: error.offset, end: error.offset + 1 }));
    }
  },
});

/** Whether `error` only says again that the bare word `before` stood where a value belongs. */
function valueOfBareWord(text: string, before: ParseError, error: ParseError): boolean {
  return (
    printParseErrorCode(error.error) === 'ValueExpected' &&
    printParseErrorCode(before.error) === 'InvalidSymbol' &&
    /^\s*$/.test(text.slice(before.offset + before.length, error.offset))
  );
}

function describe(context: RuleContext, error: ParseError): Finding {
  const { text } = context.doc;
  const span = { start: error.offset, end: error.offset + Math.max(error.length, error.offset < text.length ? 1 : 0) };
  const found = text.slice(error.offset, error.offset + Math.max(1, error.length));
  const code = printParseErrorCode(error.error);
  const finding = (message: FindingMessage, fix?: FixSpec): Finding => ({ path: [], span, ...message, ...(fix ? { fixes: [fix] } : {}) });

  if (/^\s*$/.test(text)) {
    return finding({ messageId: 'empty' });
  }
  if (error.offset === 0 && text.charCodeAt(0) === 0xfeff) {
    return finding(
      { messageId: 'byteOrderMark' },
      {
        titleId: 'removeByteOrderMark',
        edits: [{ start: 0, end: 1, newText: '' }],
      },
    );
  }
  if (code === 'InvalidCommentToken') {
    return finding(
      { messageId: 'comment' },
      {
        titleId: 'removeComment',
        edits: [removeWithLine(text, error.offset, error.offset + error.length)],
      },
    );
  }
  const comma = trailingComma(text, error.offset);
  if (comma !== undefined && (code === 'PropertyNameExpected' || code === 'ValueExpected')) {
    // Pointed at the comma itself, which is what to remove, not at the bracket after it.
    return {
      ...finding(
        { messageId: 'trailingComma', data: { bracket: text[error.offset]! } },
        {
          titleId: 'removeTrailingComma',
          edits: [{ start: comma, end: comma + 1, newText: '' }],
        },
      ),
      span: { start: comma, end: comma + 1 },
    };
  }
  if (found.startsWith("'")) {
    const quoted = singleQuoted(text, error.offset);
    const message = { messageId: 'singleQuotes' };
    return quoted ? finding(message, { titleId: 'useDoubleQuotes', edits: [quoted] }) : finding(message);
  }
  if (error.offset >= text.length) return finding({ messageId: ENDS_EARLY[code] ?? 'endsEarly' });
  const shown = JSON.stringify(found.length > 20 ? `${found.slice(0, 20)}…` : found);
  return finding({ messageId: UNEXPECTED[code] ?? 'invalidJson', data: { found: shown } });
}

/**
 * The edit that turns a single-quoted string at `start` into a JSON one: the same characters,
 * `\\'` unescaped and `"` escaped. Only for a string closed on its line whose escapes JSON
 * shares, so the result means what was written.
 */
function singleQuoted(text: string, start: number): { start: number; end: number; newText: string } | undefined {
  let content = '';
  for (let at = start + 1; at < text.length; at++) {
    const char = text[at]!;
    if (char === '\n' || char === '\r') return undefined;
    if (char === "'") return { start, end: at + 1, newText: `"${content}"` };
    if (char === '\\') {
      const next = text[at + 1];
      if (next === "'") content += "'";
      else if (next !== undefined && '"\\/bfnrtu'.includes(next)) content += `\\${next}`;
      else return undefined;
      at++;
    } else content += char === '"' ? '\\"' : char;
  }
  return undefined;
}

/** Offset of the comma before a closing bracket at `offset`, if that is what precedes it. */
function trailingComma(text: string, offset: number): number | undefined {
  if (text[offset] !== '}' && text[offset] !== ']') return undefined;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return text[i] === ',' ? i : undefined;
}

/** Removes a span, and its whole line when nothing else is on it. */
function removeWithLine(text: string, start: number, end: number) {
  // Scans stop at the first non-blank character, so a comment on a long minified line stays cheap.
  let before = start;
  while (before > 0 && isBlank(text[before - 1]!)) before--;
  let after = end;
  while (after < text.length && isBlank(text[after]!)) after++;
  const lineStart = before === 0 || text[before - 1] === '\n';
  const lineEnd = after === text.length || text[after] === '\n';
  if (lineStart && lineEnd) return { start: before, end: Math.min(after + 1, text.length), newText: '' };
  let trimmedStart = start;
  while (trimmedStart > 0 && (text[trimmedStart - 1] === ' ' || text[trimmedStart - 1] === '\t')) trimmedStart--;
  return { start: trimmedStart, end, newText: '' };
}

function isBlank(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\r';
}

/** The message for a parser error inside the text, by jsonc-parser's error code. */
const UNEXPECTED: Record<string, string> = {
  InvalidSymbol: 'unexpectedText',
  InvalidNumberFormat: 'invalidNumber',
  PropertyNameExpected: 'propertyNameExpected',
  ValueExpected: 'valueExpected',
  ColonExpected: 'colonExpected',
  CommaExpected: 'commaExpected',
  CloseBraceExpected: 'closeBraceExpected',
  CloseBracketExpected: 'closeBracketExpected',
  EndOfFileExpected: 'endOfFileExpected',
  UnexpectedEndOfComment: 'unterminatedComment',
  UnexpectedEndOfString: 'unterminatedString',
  UnexpectedEndOfNumber: 'unterminatedNumber',
  InvalidUnicode: 'invalidUnicode',
  InvalidEscapeCharacter: 'invalidEscape',
  InvalidCharacter: 'controlCharacter',
};

/** The message for a parser error at the end of the text: what is missing, by error code. */
const ENDS_EARLY: Record<string, string> = {
  CloseBraceExpected: 'endsEarlyCloseBrace',
  CloseBracketExpected: 'endsEarlyCloseBracket',
  ValueExpected: 'endsEarlyValue',
  PropertyNameExpected: 'endsEarlyPropertyName',
  ColonExpected: 'endsEarlyColon',
  UnexpectedEndOfString: 'endsEarlyString',
  UnexpectedEndOfComment: 'endsEarlyComment',
};
