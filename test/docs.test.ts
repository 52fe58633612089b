/**
 * Generated documentation: the rule list (`docs/rules.md`) and `docs/rules/<id>.md`, built from the rule
 * metadata and the golden files. Their examples are the golden inputs, linted here, so a page
 * cannot drift from what the rule does. `UPDATE_DOCS=1 npx vitest run test/docs.test.ts`
 * rewrites them.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replaceBetween, ruleListMarkdown, rulePage, RULES_BEGIN, RULES_END, type DocCase } from '../docs/generate.js';
import { findRule, fixText, listRules } from '../rules/index.js';
import { configOf, findingsOfCase, goldenCases, goldenText, lintOptionsFor, repositoryOf, skillSourcesOf } from './golden-cases.js';

/** The rule list: every rule with its default severity, linked to its page. */
const RULE_LIST = new URL('../docs/rules.md', import.meta.url);
const DOCS = new URL('../docs/rules/', import.meta.url);
const UPDATE = process.env.UPDATE_DOCS === '1';

function compareOrWrite(file: URL, expected: string): void {
  if (UPDATE) writeFileSync(file, expected);
  else
    expect(existsSync(file) ? readFileSync(file, 'utf8') : '', `${file.pathname} is stale: run UPDATE_DOCS=1 npx vitest run test/docs.test.ts`).toBe(expected);
}

function casesOf(ruleId: string): DocCase[] {
  return goldenCases()
    .filter((c) => c.rule === ruleId)
    .map(({ name, input: file }) => {
      const input = goldenText(file);
      const options = lintOptionsFor(name, file);
      // A rule off by default is shown as it reports once turned on.
      if (findRule(ruleId)?.severity === 'off') options.rules = { [ruleId]: 'hint' };
      const { output } = fixText(input, options);
      return {
        name,
        input,
        findings: findingsOfCase(input, file, options),
        fixed: output === input ? undefined : output,
        repository: repositoryOf(file),
        skillSources: skillSourcesOf(file),
        config: configOf(file),
      };
    });
}

it('the rule list is generated from the rule metadata and up to date', () => {
  const current = readFileSync(RULE_LIST, 'utf8');
  compareOrWrite(RULE_LIST, replaceBetween(current, RULES_BEGIN, RULES_END, ruleListMarkdown(listRules())));
});

describe('rule pages', () => {
  for (const rule of listRules()) {
    it(rule.id, () => {
      const page = rulePage(rule, casesOf(rule.id));
      compareOrWrite(new URL(`${rule.id}.md`, DOCS), page);
      expect(page, 'a failing example').toContain('## Example that fails');
    });
  }

  it('has no page for a rule that does not exist', () => {
    const ids = new Set(listRules().map((rule) => rule.id));
    expect(readdirSync(DOCS).filter((file) => !ids.has(file.replace(/\.md$/, '')))).toEqual([]);
  });
});
