import fc from 'fast-check';
import { createScanner } from 'jsonc-parser';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, EOF, OPEN_BRACE, OPEN_BRACKET, parseDocument, STRING_LITERAL } from '../rules/framework/document.js';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixText, LineIndex, lint, type EngineLintResult } from '../rules/index.js';
import { fixLinted } from './fix-linted.js';
import { firstBracketDeeperThan } from '../rules/framework/nesting.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const CORPUS = new URL('./fixtures/corpus/real/', import.meta.url).pathname;
const corpus = readdirSync(CORPUS)
  .sort()
  .map((file) => readFileSync(`${CORPUS}${file}`, 'utf8'));

function expectRangesInside(text: string, result: EngineLintResult): void {
  const lines = new LineIndex(text);
  const last = lines.positionAt(text.length);
  const inside = (p: { line: number; character: number }) =>
    p.line >= 0 && p.character >= 0 && (p.line < last.line || (p.line === last.line && p.character <= last.character)) && lines.offsetAt(p) <= text.length;
  for (const d of result.diagnostics) {
    expect(inside(d.range.start) && inside(d.range.end), `${d.ruleId} ${JSON.stringify(d.range)}`).toBe(true);
    expect(lines.offsetAt(d.range.start)).toBeLessThanOrEqual(lines.offsetAt(d.range.end));
    for (const fix of d.fixes ?? []) for (const edit of fix.edits) expect(inside(edit.range.start) && inside(edit.range.end)).toBe(true);
  }
}

/** Checks every property the engine promises for any input. */
function checkInvariants(text: string): void {
  const first = lint(text, { now: NOW });
  expect(lint(text, { now: NOW })).toEqual(first);
  expectRangesInside(text, first);
  const { output } = fixLinted(text, first, { now: NOW });
  // Nothing applied: fixing again is the same call on the same text, whose lint is deterministic.
  if (output !== text) expect(fixText(output, { now: NOW }).output).toBe(output);
}

/** Mutations a person typing or a broken tool might make to a real manifest. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(fc.string(), fc.constantFrom('{', '}', '[', ']', ',', '"', ':', '\\', '\u0000', '\ud800', '\r\n', '18789', '"__proto__"', '"env:"')),
  }),
);

/**
 * One character of a random text: JSON's own characters often, printable ASCII, and any code point
 * at all (NUL, lone surrogates, astral). Built here rather than with fast-check's `binary` unit,
 * which is mostly astral characters and costs most of a second to set up.
 */
const anyCharacter = fc.oneof(
  fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', '/', '*'),
  fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
);

function mutate(text: string, steps: { kind: 'delete' | 'insert'; at: number; length?: number; text?: string }[]): string {
  return steps.reduce((current, step) => {
    const at = step.at % (current.length + 1);
    return step.kind === 'delete' ? current.slice(0, at) + current.slice(at + (step.length ?? 1)) : current.slice(0, at) + step.text + current.slice(at);
  }, text);
}

describe('engine invariants (property tests)', () => {
  it('holds for arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => checkInvariants(JSON.stringify(value, null, pretty ? 2 : 0))),
      { numRuns: 300 },
    );
  });

  it('holds for mutated corpus manifests', () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(mutation, { minLength: 1, maxLength: 6 }), (text, steps) => checkInvariants(mutate(text, steps))),
      { numRuns: 300 },
    );
  });

  it('holds for random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: anyCharacter, maxLength: 200 }), (text) => checkInvariants(text)),
      { numRuns: 300 },
    );
  });

  it('fixes yield strict JSON when the input was strict JSON', () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(mutation, { maxLength: 3 }), (text, steps) => {
        const mutated = mutate(text, steps);
        try {
          JSON.parse(mutated);
        } catch {
          return;
        }
        expect(() => JSON.parse(fixText(mutated, { now: NOW }).output)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

/** The nesting guard's answer, told by the parser's own scanner: what the guard must agree with. */
function firstBracketDeeperByScanner(text: string, limit: number): number | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind: number = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      if (++depth > limit) return scanner.getTokenOffset();
    } else if ((kind === CLOSE_BRACE || kind === CLOSE_BRACKET) && depth > 0) depth--;
  }
  return undefined;
}

describe('the nesting guard', () => {
  it("finds the bracket nested too deep where the parser's scanner does, whatever strings, escapes and comments hold", () => {
    // Texts made of what changes how a bracket is read: quotes, escapes, comment openers and
    // closers, line breaks; small limits, so that most texts go past them.
    const piece = fc.constantFrom('{', '}', '[', ']', '"', '\\', '/', '*', '\n', '\r', ' ', 'a', 'u', '0', ':', ',', '//', '/*', '*/', '\\"', '\\u00', '\\\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 0, max: 4 }), (pieces, limit) => {
        const text = pieces.join('');
        expect(firstBracketDeeperThan(text, limit)).toBe(firstBracketDeeperByScanner(text, limit));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('hostile inputs', () => {
  it('refuses a document nested 100,000 levels deep with one clear finding', () => {
    const text = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const { diagnostics } = lint(text, { now: NOW });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ ruleId: 'json-syntax', range: { start: { line: 0, character: 256 } } });
    expect(diagnostics[0]!.messageId).toBe('tooDeep');
  });

  it('refuses a 50 MB document with one clear finding, without parsing it', () => {
    const text = `{"version":1,"agent":{"name":"x","description":"${'x'.repeat(50 * 1024 * 1024)}"}}`;
    const { diagnostics } = lint(text, { now: NOW });
    expect(diagnostics.map((d) => [d.ruleId, d.messageId])).toEqual([['limit-exceeded', 'tooLong']]);
    // Not parsed: the document has no tree, only its refusal.
    expect(parseDocument(text)).toMatchObject({ root: undefined, refusal: { kind: 'too-long' } });
    expect(diagnostics[0]!.message).toMatch(/50\.0 MiB/);
  });

  it('reads a refused 50 MB document no further than the limit, masking the secrets found there', () => {
    // Secrets found by their place alone (after a credential word), too short to look generated
    // anywhere: a bare copy shows only if learned.
    const early = 'Xk29fQ7vLm3p';
    const late = 'Pn47gW2zHc9d';
    const text = `{"password": "${early}", "description": "${'x'.repeat(50 * 1024 * 1024)}", "token": "${late}"}`;
    const { mask } = lint(text, { now: NOW });
    expect(mask.mask(`shown: ${early}`)).toBe(`shown: ${early.slice(0, 4)}…`);
    expect(mask.mask(`shown: ${late}`)).toBe(`shown: ${late}`);
  });

  it('keeps __proto__ an ordinary key', () => {
    const { diagnostics } = lint('{"version":1,"agent":{"name":"x","__proto__":{"polluted":true}}}', { now: NOW });
    expect(diagnostics.map((d) => [d.ruleId, d.path])).toEqual([['unknown-property', ['agent', '__proto__']]]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('handles CRLF, NUL bytes and lone surrogates', () => {
    const crlf = '{\r\n  "version": 1,\r\n  "agent": { "name": "x", "vibe": 7 }\r\n}\r\n';
    expect(lint(crlf, { now: NOW }).diagnostics.map((d) => [d.ruleId, d.range.start])).toEqual([['type-mismatch', { line: 2, character: 34 }]]);
    expect(lint('{"version":1,"agent":{"name":"a\u0000b"}}', { now: NOW }).diagnostics.map((d) => d.ruleId)).toEqual(['json-syntax']);
    expect(lint('{"version":1,"agent":{"name":"\ud800"}}', { now: NOW }).diagnostics).toEqual([]);
  });

  it('gives the minimal manifest no diagnostics at all', () => {
    expect(lint('{"version":1,"agent":{"name":"x"}}', { now: NOW }).diagnostics).toEqual([]);
  });
});

describe('LineIndex', () => {
  /** Line starts as the protocol counts them: after `\n`, `\r\n` or a lone `\r`. */
  function lineStarts(text: string): number[] {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '\r' && text[i + 1] === '\n') i++;
      if (text[i] === '\n' || text[i] === '\r') starts.push(i + 1);
    }
    return starts;
  }

  it('finds every line start, whatever mix of line endings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'é', '\n', '\r', '\r\n', '\n\r')).map((parts) => parts.join('')),
        (text) => {
          const lines = new LineIndex(text);
          const starts = Array.from({ length: lines.lineCount }, (_, line) => lines.offsetAt({ line, character: 0 }));
          expect(starts).toEqual(lineStarts(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("the scanner's token numbers", () => {
  it('are the ones jsonc-parser uses (its SyntaxKind is a const enum the build cannot import)', () => {
    const scanner = createScanner('{}[],:"s"', true);
    const kinds: number[] = [];
    for (let kind: number = scanner.scan(); ; kind = scanner.scan()) {
      kinds.push(kind);
      if (kind === EOF) break;
    }
    expect(kinds).toEqual([OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, COMMA, COLON, STRING_LITERAL, EOF]);
  });
});
