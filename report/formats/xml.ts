/** Writing the XML report formats: escaping, and what XML 1.0 cannot hold at all. */
import { visibleControl } from '../terminal-text.js';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * Code points no XML 1.0 document may hold, not even as a character reference: the C0 controls
 * other than tab and line breaks, lone surrogates, U+FFFE and U+FFFF. Keys and values of a
 * manifest can carry any of them (JSON writes them as `\u` escapes).
 */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu;

/** Markup in element content, and carriage returns, which a parser would turn into line feeds. */
const CONTENT = /[&<>\r]/g;
/** In a double-quoted attribute value, also the quote, and tabs and line breaks (else spaces). */
const ATTRIBUTE = /[&<>"\t\n\r]/g;
const REFERENCES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * What XML cannot hold, replaced by a visible stand-in as the text formats show it: a control
 * picture such as `␀`, else `�`.
 */
function storable(value: string): string {
  return value.replace(NOT_XML, (char) => visibleControl(char.codePointAt(0)!) ?? '\ufffd');
}

/** Text as element content. */
export function xmlContent(value: string): string {
  return storable(value).replace(CONTENT, (char) => REFERENCES[char]!);
}

/** Attributes in the order given, each value escaped: ` name="value"…`. */
export function xmlAttributes(attributes: Readonly<Record<string, string | number>>): string {
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${storable(String(value)).replace(ATTRIBUTE, (char) => REFERENCES[char]!)}"`)
    .join('');
}
