import { defineRule } from '../framework/rule.js';

export const encodingInvalid = defineRule({
  meta: {
    id: 'encoding-invalid',
    category: 'Parsing and schema',
    severity: 'error',
    description: 'The file is not valid UTF-8 (reported at its first bad byte).',
    rationale:
      'JSON exchanged between systems must be UTF-8 (RFC 8259). A file saved in another encoding (Latin-1, Windows-1252) or with a damaged byte looks fine in a lenient editor, but a UTF-8 reader does not get what was written: a name, a prompt or a secret changes on the way, or the deploy fails.',
    evidence:
      'None found in Pinata\'s sources, which do not say how `manifest.json` is decoded: the linter\'s own inference from RFC 8259 section 8.1 ("JSON text exchanged between systems that are not part of a closed ecosystem MUST be encoded using UTF-8").',
    assumptions:
      "The platform's description of the manifest does not say how the file is decoded; UTF-8 is assumed, as RFC 8259 requires. Only files read from disk or standard input have bytes to check: in an editor the text arrives already decoded, and a broken byte shows as U+FFFD there.",
    messages: {
      encodingInvalid: `The file is not valid UTF-8: the byte 0x{{hex}} at byte offset {{byteOffset}} does not begin a UTF-8 character here (it is read as U+FFFD). Save the file as UTF-8; if it came from another encoding such as Latin-1, convert it rather than re-typing.`,
    },
    fixable: false,
  },
  check(context) {
    const invalid = context.encoding;
    if (!invalid) return;
    const hex = invalid.byte.toString(16).toUpperCase().padStart(2, '0');
    context.report({
      path: [],
      span: { start: invalid.offset, end: invalid.offset + 1 },
      messageId: 'encodingInvalid',
      data: { hex, byteOffset: invalid.byteOffset },
    });
  },
});
