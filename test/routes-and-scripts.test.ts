/**
 * Properties of the route and script rules over generated manifests: they fire exactly where the
 * schema keywords they cover would, their ranges stay inside the document, and their fixes settle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixText, LineIndex, lint } from '../rules/index.js';
import { fixLinted } from './fix-linted.js';

const NOW = new Date('2026-11-23T09:00:00Z');

function manifest(routes: unknown[], scripts?: Record<string, unknown>): string {
  return JSON.stringify({ version: 1, agent: { name: 'Scout' }, ...(scripts ? { scripts } : {}), routes }, null, 2);
}

const ids = (text: string, rule: string) => lint(text, { now: NOW }).diagnostics.filter((d) => d.ruleId === rule);

describe('covered schema keywords', () => {
  it('route-path-format fires exactly when the schema pattern fails, and nothing else reports the path', () => {
    const path = fc.oneof(
      fc.string(),
      fc.string().map((s) => `/${s}`),
      fc.constantFrom('app', '/app?x', '/a b', ' /x', '/x#y', '', '/', '/\u00a0'),
    );
    fc.assert(
      fc.property(path, (value) => {
        const text = manifest([{ port: 3000, path: value }], { start: 'node server.js' });
        const findings = lint(text, { now: NOW }).diagnostics.filter((d) => d.path.join('.') === 'routes.0.path');
        const invalid = !/^\/[^\s?#]*$/u.test(value);
        // A finding per reason the path fails it: at least one when it does.
        expect(findings.some((d) => d.ruleId === 'route-path-format')).toBe(invalid);
        expect(findings.filter((d) => d.ruleId === 'invalid-value')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('route-port-range fires exactly for integers outside 1025-65535, and nothing else reports them', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100000, max: 200000 }), (port) => {
        const text = manifest([{ port, path: '/app' }], { start: 'node server.js' });
        const findings = lint(text, { now: NOW }).diagnostics.filter((d) => d.path.join('.') === 'routes.0.port');
        const outside = port < 1025 || port > 65535;
        expect(findings.filter((d) => d.ruleId === 'route-port-range').length).toBe(outside ? 1 : 0);
        expect(findings.filter((d) => d.ruleId === 'invalid-value')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('scripts', () => {
  const token = fc.constantFrom(
    'npm',
    'run',
    'dev',
    'build',
    'start',
    'npx',
    'vite',
    'next',
    '--host',
    'localhost',
    '127.0.0.1',
    '0.0.0.0',
    '--port',
    '3000',
    '5173',
    'HOST=localhost',
    'PORT=3000',
    '-p',
    '-H',
    '::1',
    '--listen',
    '[::1]:3000',
    '&&',
    '||',
    ';',
    '|',
    '&',
    '"',
    "'",
    '\\',
    '$(',
    ')',
    '`',
    '--watch',
    '-w',
    'tsc',
    'tail',
    '-f',
    'sleep',
    'infinity',
    'cd',
    'while',
    'true',
    'do',
    'done',
    '\n',
    '=',
    '#',
  );
  const script = fc.array(token, { maxLength: 12 }).map((tokens) => tokens.join(' '));

  it('never throw, keep ranges inside the document, and settle under --fix', () => {
    fc.assert(
      fc.property(script, script, fc.constantFrom(3000, 5173, 18789, 80), (build, start, port) => {
        const text = manifest([{ port, path: '/app/' }], { build, start });
        const result = lint(text, { now: NOW });
        const lines = new LineIndex(text);
        for (const d of result.diagnostics) {
          expect(lines.offsetAt(d.range.start)).toBeLessThanOrEqual(lines.offsetAt(d.range.end));
          expect(lines.offsetAt(d.range.end)).toBeLessThanOrEqual(text.length);
        }
        const { output } = fixLinted(text, result, { now: NOW });
        expect(() => JSON.parse(output)).not.toThrow();
        // Nothing applied: fixing again is the same call on the same text.
        if (output !== text) expect(fixText(output, { now: NOW }).output).toBe(output);
        expect(ids(output, 'start-binds-localhost')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('point inside the string when it has no escapes, and at the whole string when it has', () => {
    const plain = manifest([{ port: 3000, path: '/app' }], { start: 'vite --host localhost --port 3000' });
    const [finding] = ids(plain, 'start-binds-localhost');
    const lines = new LineIndex(plain);
    expect(plain.slice(lines.offsetAt(finding!.range.start), lines.offsetAt(finding!.range.end))).toBe('localhost');

    const escaped = manifest([{ port: 3000, path: '/app' }], { start: 'vite --host "localhost" --port 3000' });
    const [whole] = ids(escaped, 'start-binds-localhost');
    const wholeLines = new LineIndex(escaped);
    expect(escaped.slice(wholeLines.offsetAt(whole!.range.start), wholeLines.offsetAt(whole!.range.end))).toBe(
      JSON.stringify('vite --host "localhost" --port 3000'),
    );
    expect(JSON.parse(fixText(escaped, { now: NOW }).output).scripts.start).toBe('vite --host 0.0.0.0 --port 3000');
  });
});
