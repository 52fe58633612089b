/**
 * Template mode (`manifest-lint template`, `LintOptions.template`): the golden files lint without
 * it, so the rules whose behaviour depends on it are checked here on small inline manifests.
 */
import { describe, expect, it } from 'vitest';
import { fixText, lint, type Diagnostic } from '../rules/index.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const TEMPLATE_RULES = new Set([
  'template-ignored',
  'template-author-field',
  'template-author-missing',
  'template-category-unknown',
  'template-tags-limit',
  'template-paid-invalid',
  'legacy-task-shorthand',
  'legacy-model-object',
  'schema-url',
]);

const summary = (d: Diagnostic) => ({
  ruleId: d.ruleId,
  severity: d.severity,
  path: d.path,
  range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
  message: d.message,
  fixes: d.fixes?.map((fix) => fix.title),
});

function findings(text: string, template: boolean) {
  return lint(text, { now: NOW, template }).diagnostics.filter((d) => TEMPLATE_RULES.has(d.ruleId)).map(summary);
}

const manifest = (template: object) => JSON.stringify({ version: 1, agent: { name: 'Wallet Agent' }, template }, null, 2);

const NEITHER_NAME = manifest({ slug: 'agent-with-wallet', category: 'actions & transactions', tags: ['wallet'] });
const PARTNER_ONLY = manifest({ slug: 'useful-assistant', category: 'general', partnerName: 'Pinata' });
const BOTH_NAMES = manifest({ slug: 'useful-assistant', category: 'general', partnerName: 'Pinata', authorName: 'Pinata' });

describe('template mode', () => {
  it('reports a template with neither author name once, as template-author-missing', () => {
    expect(findings(NEITHER_NAME, true)).toEqual([
      {
        ruleId: 'template-author-missing',
        severity: 'error',
        path: ['template', 'authorName'],
        range: [5, 2, 5, 12],
        message:
          '`template` has neither `authorName` nor `partnerName`, so the template card has no author and the template validator rejects it. Add `authorName` with the author\'s or organization\'s name (and `partnerName`, the documented field, with the same value).',
        fixes: undefined,
      },
    ]);
  });

  it('reports the same template as template-author-field and template-ignored outside template mode', () => {
    expect(findings(NEITHER_NAME, false).map((f) => [f.ruleId, f.severity, f.path])).toEqual([
      ['template-author-field', 'warning', ['template', 'authorName']],
      ['template-ignored', 'hint', ['template']],
    ]);
  });

  it('asks for authorName beside partnerName, with the copy as the fix, and does not call the template ignored', () => {
    expect(findings(PARTNER_ONLY, true)).toEqual([
      {
        ruleId: 'template-author-field',
        severity: 'warning',
        path: ['template', 'authorName'],
        range: [5, 2, 5, 12],
        message:
          '`template` has `partnerName` (`"Pinata"`) but no `authorName`: the published template validator requires `authorName` and has rejected `partnerName` alone. Add `authorName` with the same name, keeping `partnerName` (the documented field).',
        fixes: ['Add `authorName` from the partner fields'],
      },
    ]);
    const { output } = fixText(PARTNER_ONLY, { now: NOW, template: true });
    expect(JSON.parse(output).template).toEqual({ slug: 'useful-assistant', category: 'general', partnerName: 'Pinata', authorName: 'Pinata' });
    expect(findings(output, true)).toEqual([]);
  });

  it('has nothing to say about a complete template', () => {
    expect(findings(BOTH_NAMES, true)).toEqual([]);
    expect(findings(BOTH_NAMES, false).map((f) => f.ruleId)).toEqual(['template-ignored']);
  });

  it('still checks the rest of the template metadata', () => {
    const text = manifest({
      slug: 'perp-trader',
      category: 'trading',
      authorName: 'Tetrac',
      tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'],
      paid: { amount: '0', currency: 'USDC' },
    });
    expect(findings(text, true).map((f) => [f.ruleId, f.path.join('.')])).toEqual([
      ['template-category-unknown', 'template.category'],
      ['template-tags-limit', 'template.tags'],
      ['template-paid-invalid', 'template.paid.amount'],
    ]);
  });

  it('reports nothing for a manifest without a template in either mode', () => {
    const text = JSON.stringify({ version: 1, agent: { name: 'Scout' } }, null, 2);
    expect(findings(text, true)).toEqual([]);
    expect(findings(text, false)).toEqual([]);
  });
});
