/**
 * The docs' complete example manifest (`fixtures/docs-example/`, copied from the platform's
 * documentation with its source named), judged by the platform's two gates: a deploy accepts
 * it as it is, and a template submission gets exactly the template validator's objections.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixText, lint, type Diagnostic } from '../rules/index.js';

const TEXT = readFileSync(new URL('./fixtures/docs-example/manifest.json', import.meta.url), 'utf8');
const NOW = new Date('2026-11-23T09:00:00Z');

const summary = (d: Diagnostic) => [d.ruleId, d.severity, d.messageId, d.path.join('.')];

describe("the docs' complete example", () => {
  it('is a valid deploy: no finding at all in its template repository, nothing over a hint outside one', () => {
    expect(lint(TEXT, { now: NOW, inTemplateRepository: true }).diagnostics).toEqual([]);
    expect(lint(TEXT, { now: NOW, inTemplateRepository: false }).diagnostics.map(summary)).toEqual([['template-ignored', 'hint', 'ignored', 'template']]);
  });

  it("gets exactly the template validator's objections as a submission: no authorName, a task in the object form", () => {
    const { diagnostics } = lint(TEXT, { now: NOW, template: true });
    expect(diagnostics.map(summary)).toEqual([
      ['template-author-field', 'error', 'partnerOnly', 'template.authorName'],
      ['template-task-form', 'error', 'objectFormConvertible', 'tasks.0.schedule'],
    ]);
    // Both come with the way out: renaming the docs' partnerName, and the task's shorthand.
    expect(diagnostics.map((d) => d.suggestions?.map((s) => s.title))).toEqual([
      ['Rename `partnerName` to `authorName`'],
      ['Write the task as the shorthand `prompt` and `schedule` string'],
    ]);
  });

  it('is left as it is by --fix in either mode', () => {
    expect(fixText(TEXT, { now: NOW }).output).toBe(TEXT);
    expect(fixText(TEXT, { now: NOW, template: true }).output).toBe(TEXT);
  });
});
