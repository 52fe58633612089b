import fc from 'fast-check';
import { type Node, type ParseError, parseTree } from 'jsonc-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStrictJson } from '../rules/framework/strict-json.js';

/** A node as plain data: its fields, its children, and its parent by position, so trees compare whole. */
function shape(node: Node | undefined): unknown {
  if (!node) return undefined;
  return {
    type: node.type,
    offset: node.offset,
    length: node.length,
    value: node.value,
    colonOffset: node.colonOffset,
    parent: node.parent ? [node.parent.type, node.parent.offset] : undefined,
    children: node.children?.map(shape),
  };
}

function jsoncTree(text: string): { root: Node | undefined; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return { root, errors };
}

/** Agreement both ways: a tree only where parseTree reports nothing, and then the same tree. */
function expectAgreement(text: string): Node | undefined {
  const strict = parseStrictJson(text);
  if (strict) {
    const { root, errors } = jsoncTree(text);
    expect(errors).toEqual([]);
    expect(shape(strict)).toEqual(shape(root));
    // Object.is: -0 stays -0, as parseTree's Number() leaves it.
    if (strict.type === 'number') expect(Object.is(strict.value, root?.value)).toBe(true);
  }
  return strict;
}

const whitespace = fc.constantFrom('', ' ', '\n', '\r\n', '\t', '  \n    ');

/** JSON texts with every kind of value, escape and spacing the standard allows. */
const jsonText = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 2, '\t', 1), fc.boolean(), whitespace, whitespace)
  .map(([value, indent, escapeAll, before, after]) => {
    let text = JSON.stringify(value, null, indent);
    // Escapes of every form: \uXXXX for a share of characters, upper and lower case hex.
    if (escapeAll)
      text = text.replace(/"(?:[^"\\]|\\.)*"/g, (literal) =>
        literal.replace(/[a-zA-Z/]/g, (c, i: number) => (c === '/' ? '\\/' : i % 2 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}` : c)),
      );
    return before + text + after;
  });

describe('the strict JSON reader', () => {
  it('reads every strict JSON text as parseTree does', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        expect(expectAgreement(text)).toBeDefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves to parseTree every text it does not read exactly as parseTree does', () => {
    const piece = fc.oneof(
      fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', '\\u00', '\\x', '/', '//', '/*', '*/', '-', '0', '01', '1.', '1e', '.5'),
      fc.constantFrom('true', 'truex', 'nul', 'false', '"a"', '"\u0001"', '\u00a0', '\v', '\f', '\ufeff', '\u2028', ' ', '\n', 'NaN', '+1', '1e+', '-'),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        expectAgreement(pieces.join(''));
      }),
      { numRuns: 5000 },
    );
  });

  it('leaves to parseTree a strict JSON text broken at any position', () => {
    fc.assert(
      fc.property(jsonText, fc.nat(), fc.string({ minLength: 1, maxLength: 2 }), (text, at, inserted) => {
        const cut = at % (text.length + 1);
        expectAgreement(text.slice(0, cut) + inserted + text.slice(cut));
        expectAgreement(text.slice(0, cut));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives each node the same fields in the same order', () => {
    const root = parseStrictJson('{"a": [1, "b", true, null, {"c": -0.5e3}]}');
    const kinds = new Set<string>();
    const visit = (node: Node) => {
      kinds.add(Object.keys(node).join(','));
      node.children?.forEach(visit);
    };
    visit(root as Node);
    expect([...kinds]).toEqual(['type,offset,length,parent,value,children,colonOffset']);
  });

  it('reads the examples and the corpus that is strict JSON as parseTree does', () => {
    const roots = ['examples', 'test/fixtures/corpus'].map((folder) => new URL(`../${folder}/`, import.meta.url).pathname);
    let read = 0;
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.json') && expectAgreement(readFileSync(path, 'utf8'))) read++;
      }
    };
    for (const root of roots) walk(root);
    expect(read).toBeGreaterThan(20);
  });

  it('refuses nesting deeper than it reads, leaving it to the engine', () => {
    expect(parseStrictJson(`${'['.repeat(600)}${']'.repeat(600)}`)).toBeUndefined();
    expect(parseStrictJson(`${'['.repeat(300)}${']'.repeat(300)}`)).toBeDefined();
  });
});
