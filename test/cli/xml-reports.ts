/**
 * Reading the XML report formats in tests: validation against a published XSD with libxml2
 * (the xmllint of `xmllint-wasm`, WebAssembly, so no system package is needed), and a reader for
 * the few flat shapes these reports have.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { Ajv } from '../sarif-schema.js';
import { ROOT } from './helpers.js';

/** The published report schemas (see the README there). */
export const REPORT_SCHEMAS = path.join(ROOT, 'test/fixtures/report-schemas');

/** GitLab's schema of one Code Quality entry, which GitLab checks every entry of a report against (dropping those that fail). */
export function codeQualityEntryValidator() {
  const schema = JSON.parse(fs.readFileSync(path.join(REPORT_SCHEMAS, 'gitlab-codeclimate.json'), 'utf8')) as object;
  return new Ajv({ allErrors: true }).compile(schema);
}

/** libxml2's complaints about `xml` against an XSD of test/fixtures/report-schemas/; none when valid. */
export async function xsdErrors(xml: string, xsd: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: xsd, contents: fs.readFileSync(path.join(REPORT_SCHEMAS, xsd), 'utf8') }],
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

export interface XmlElement {
  attributes: Record<string, string>;
  /** What lies between the start and end tags, as written (empty for `<name/>`). */
  inner: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text as a parser gives it: entity and character references replaced. */
export function decodeXml(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return String.fromCodePoint(Number(decimal));
    if (hex !== undefined) return String.fromCodePoint(Number.parseInt(hex, 16));
    return ENTITIES[name!] ?? whole;
  });
}

/** Every `<name …>…</name>` or `<name …/>` in `xml`, in order (no nesting of the same name). */
export function elements(xml: string, name: string): XmlElement[] {
  const pattern = new RegExp(`<${name}((?:\\s+[\\w:-]+="[^"]*")*)\\s*(?:/>|>([\\s\\S]*?)</${name}>)`, 'g');
  return [...xml.matchAll(pattern)].map((match) => ({
    attributes: Object.fromEntries([...(match[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, decodeXml(value!)])),
    inner: match[2] ?? '',
  }));
}
