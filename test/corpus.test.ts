/**
 * Every real-world manifest of the corpus, linted against a full snapshot of its findings
 * (`test/corpus-snapshots/<file>`). A change to a snapshot is reviewed like code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixText, lint } from '../rules/index.js';

const CORPUS = new URL('./fixtures/corpus/real/', import.meta.url).pathname;
const NOW = new Date('2026-11-23T09:00:00Z');

describe('corpus', () => {
  for (const file of readdirSync(CORPUS).sort()) {
    it(file, async () => {
      const { diagnostics } = lint(readFileSync(`${CORPUS}${file}`, 'utf8'), { now: NOW });
      const errors = diagnostics.filter((d) => d.severity === 'error');
      // The only error a real manifest may get is the `_docs` block its template says to remove.
      expect(errors.map((d) => `${d.ruleId} ${d.path.join('.')}`)).toEqual(
        errors.length ? ['unknown-property _docs'] : [],
      );
      const summary = diagnostics.map((d) => ({
        ruleId: d.ruleId,
        severity: d.severity,
        path: d.path,
        line: d.range.start.line + 1,
        message: d.message,
      }));
      await expect(`${JSON.stringify(summary, null, 2)}\n`).toMatchFileSnapshot(`./corpus-snapshots/${file}`);
    });
  }
});

/** The problems `corpus/README.md` lists: they must stay among the findings, whatever else changes. */
const REQUIRED: [file: string, ruleId: string, path: string][] = [
  ['pinata-agent-templates--openclaw--basic--useful-assistant.json', 'legacy-task-shorthand', 'tasks.0.schedule'],
  ['pinata-agent-templates--openclaw--actions-and-transactions--tetrac-perp-trader@448b461.json', 'legacy-model-object', 'model'],
  ['pinata-agent-templates--openclaw--basic--useful-assistant.json', 'template-author-field', 'template.authorName'],
  ['pinata-agent-templates--moonpay-defi-portfolio@432f39c.json', 'template-author-field', 'template.authorName'],
  ['pinata-agent-templates--openclaw--actions-and-transactions--tetrac-perp-trader@448b461.json', 'template-tags-limit', 'template.tags'],
  ['pinata-agent-templates--hermes--basic--useful-assistant.json', 'route-without-start', 'routes'],
  ['pinata-agent-templates--openclaw--actions-and-transactions--agent-with-mpp-wallet.json', 'script-empty', 'scripts.start'],
  ['pinata-agent-templates--openclaw--basic--useful-assistant.json', 'unknown-property', '_docs'],
];

describe('findings the corpus README lists', () => {
  for (const [file, ruleId, path] of REQUIRED) {
    it(`${ruleId} at ${path} in ${file}`, () => {
      const { diagnostics } = lint(readFileSync(`${CORPUS}${file}`, 'utf8'), { now: NOW });
      expect(diagnostics.map((d) => `${d.ruleId} ${d.path.join('.')}`)).toContain(`${ruleId} ${path}`);
    });
  }
});


describe('--fix on the corpus', () => {
  const DIALECT = ['legacy-task-shorthand', 'legacy-model-object', 'channel-token-literal', 'script-empty'];
  for (const file of readdirSync(CORPUS).sort()) {
    it(`turns ${file} into the documented form, once and for all`, () => {
      const text = readFileSync(`${CORPUS}${file}`, 'utf8');
      const { output } = fixText(text, { now: NOW });
      expect(() => JSON.parse(output)).not.toThrow();
      const after = lint(output, { now: NOW }).diagnostics;
      expect(after.filter((d) => DIALECT.includes(d.ruleId))).toEqual([]);
      const errorsBefore = lint(text, { now: NOW }).diagnostics.filter((d) => d.severity === 'error').map((d) => d.ruleId);
      expect(after.filter((d) => d.severity === 'error').map((d) => d.ruleId)).toEqual(errorsBefore);
      expect(fixText(output, { now: NOW }).output).toBe(output);
    });
  }
});
