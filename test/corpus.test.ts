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
      // The platform's own templates and the lab's deploy: no error, and no warning on a form the platform ships.
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
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

/**
 * The problems `corpus/README.md` lists, each in the mode that judges it (a plain lint judges a
 * deploy, `template` a submission): they must stay among the findings, whatever else changes.
 */
const REQUIRED: [file: string, ruleId: string, path: string, mode: 'deploy' | 'template'][] = [
  ['pinata-agent-templates--openclaw--basic--useful-assistant.json', 'template-author-field', 'template.authorName', 'template'],
  ['pinata-agent-templates--moonpay-defi-portfolio@432f39c.json', 'template-author-field', 'template.authorName', 'template'],
  ['pinata-agent-templates--openclaw--actions-and-transactions--tetrac-perp-trader@448b461.json', 'template-tags-limit', 'template.tags', 'template'],
  ['pinata-agent-templates--hermes--basic--useful-assistant.json', 'route-without-start', 'routes', 'deploy'],
  ['pinata-agent-templates--openclaw--basic--useful-assistant.json', 'docs-block', '_docs', 'deploy'],
  ['pinata-agent-templates--openclaw--basic--useful-assistant.json', 'docs-block', '_docs', 'template'],
];

describe('findings the corpus README lists', () => {
  for (const [file, ruleId, path, mode] of REQUIRED) {
    it(`${ruleId} at ${path} in ${file} (${mode})`, () => {
      const { diagnostics } = lint(readFileSync(`${CORPUS}${file}`, 'utf8'), { now: NOW, template: mode === 'template' });
      expect(diagnostics.map((d) => `${d.ruleId} ${d.path.join('.')}`)).toContain(`${ruleId} ${path}`);
    });
  }
});

describe('--fix on the corpus', () => {
  for (const file of readdirSync(CORPUS).sort()) {
    it(`keeps the forms of ${file}, once and for all`, () => {
      const text = readFileSync(`${CORPUS}${file}`, 'utf8');
      const { output } = fixText(text, { now: NOW });
      const before = JSON.parse(text) as Record<string, unknown>;
      const after = JSON.parse(output) as Record<string, unknown>;
      // A certain fix never moves a value between forms the platform's sources each accept.
      expect(after.model).toEqual(before.model);
      expect(after.tasks).toEqual(before.tasks);
      expect(after.template).toEqual(before.template);
      const errors = (source: string) =>
        lint(source, { now: NOW })
          .diagnostics.filter((d) => d.severity === 'error')
          .map((d) => d.ruleId);
      expect(errors(output)).toEqual(errors(text));
      expect(fixText(output, { now: NOW }).output).toBe(output);
    });
  }
});
