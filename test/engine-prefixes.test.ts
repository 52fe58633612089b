/**
 * A document being typed, or cut short, is every prefix of a finished one. Its findings must be
 * about what is written: `json-syntax` for the cut, and otherwise only findings the finished
 * file has too (same rule, same place) — nothing about keys not typed yet, values cut in half or
 * sections that come later. A clean file's prefixes give `json-syntax` alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lint } from '../rules/index.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const EXAMPLES = new URL('../examples/', import.meta.url).pathname;
const CORPUS = new URL('./fixtures/corpus/real/', import.meta.url).pathname;
const FILES = [
  ...readdirSync(EXAMPLES).map((name) => `${EXAMPLES}${name}/manifest.json`),
  ...readdirSync(CORPUS).filter((name) => name.endsWith('.json')).map((name) => `${CORPUS}${name}`),
];

const key = (d: { ruleId: string; path: (string | number)[] }) => `${d.ruleId} ${JSON.stringify(d.path)}`;

describe('every prefix of a finished manifest', () => {
  for (const file of FILES) {
    const name = file.split('/').slice(-2).join('/');
    it(name, () => {
      const text = readFileSync(file, 'utf8');
      const finished = lint(text, { now: NOW }).diagnostics;
      expect(finished.filter((d) => d.ruleId === 'json-syntax')).toEqual([]);
      const known = new Set(finished.map(key));
      const strays: string[] = [];
      for (let length = 0; length < text.length; length++) {
        for (const d of lint(text.slice(0, length), { now: NOW }).diagnostics) {
          if (d.ruleId !== 'json-syntax' && !known.has(key(d))) strays.push(`${length}: ${key(d)} ${d.message}`);
        }
      }
      expect(strays).toEqual([]);
    });
  }
});

describe('every prefix of a manifest with skill folders', () => {
  it('reports a stale pin only where the finished file does', () => {
    const golden = new URL('./golden/skill-cid-stale/', import.meta.url).pathname;
    const text = readFileSync(`${golden}stale.json`, 'utf8');
    const skillSources = JSON.parse(readFileSync(`${golden}stale.skill-sources.json`, 'utf8'));
    const options = { now: NOW, skillSources, rules: { 'skill-cid-stale': 'warning' as const } };
    const finished = lint(text, options).diagnostics.filter((d) => d.ruleId === 'skill-cid-stale');
    expect(finished).toHaveLength(3);
    const known = new Set(finished.map(key));
    const strays: string[] = [];
    for (let length = 0; length < text.length; length++) {
      for (const d of lint(text.slice(0, length), options).diagnostics) {
        if (d.ruleId === 'skill-cid-stale' && !known.has(key(d))) strays.push(`${length}: ${key(d)}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
