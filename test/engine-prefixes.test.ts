/**
 * A document being typed, or cut short, is every prefix of a finished one. Its findings must be
 * about what is written: `json-syntax` for the cut, and otherwise only findings the finished
 * file has too (same rule, same place) — nothing about keys not typed yet, values cut in half or
 * sections that come later. A clean file's prefixes give `json-syntax` alone. And a prefix with
 * syntax errors settles after one `--fix`: a fix is placed only where its place is certain, so
 * fixing the fixed text changes nothing. Both are checked on one lint of each prefix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixText, lint, type LintResult } from '../rules/index.js';
import { fixLinted } from './fix-linted.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const EXAMPLES = new URL('../examples/', import.meta.url).pathname;
const corpus = (folder: string) => new URL(`./fixtures/corpus/${folder}/`, import.meta.url).pathname;
const jsonFiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.json')).map((name) => `${folder}${name}`);
/** Where `--fix` must settle: every prefix of the examples, every 7th of the corpus files. */
const FILES = [
  ...readdirSync(EXAMPLES).map((name) => ({ file: `${EXAMPLES}${name}/manifest.json`, settleEvery: 1 })),
  ...[...jsonFiles(corpus('real')), ...jsonFiles(corpus('real3'))].map((file) => ({ file, settleEvery: 7 })),
];

const key = (d: { ruleId: string; path: (string | number)[] }) => `${d.ruleId} ${JSON.stringify(d.path)}`;

/** Whether `--fix` settles after one run on `text`, whose lint the caller has already. */
function settles(text: string, linted: LintResult): boolean {
  const once = fixLinted(text, linted, { now: NOW }).output;
  // Nothing applied: fixing again is the same call on the same text.
  if (once === text) return true;
  return fixText(once, { now: NOW }).output === once;
}

describe('every prefix of a finished manifest', () => {
  for (const { file, settleEvery } of FILES) {
    const name = file.split('/').slice(-2).join('/');
    it(name, () => {
      const text = readFileSync(file, 'utf8');
      const finished = lint(text, { now: NOW });
      expect(finished.diagnostics.filter((d) => d.ruleId === 'json-syntax')).toEqual([]);
      const known = new Set(finished.diagnostics.map(key));
      const strays: string[] = [];
      const unsettled: number[] = [];
      for (let length = 0; length <= text.length; length++) {
        const prefix = text.slice(0, length);
        const linted = length === text.length ? finished : lint(prefix, { now: NOW });
        for (const d of linted.diagnostics) {
          if (d.ruleId !== 'json-syntax' && !known.has(key(d))) strays.push(`${length}: ${key(d)} ${d.message}`);
        }
        if (length > 0 && (length - 1) % settleEvery === 0 && !settles(prefix, linted)) unsettled.push(length);
      }
      expect(strays).toEqual([]);
      expect(unsettled).toEqual([]);
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
