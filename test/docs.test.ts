import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { replaceBetween, ruleListMarkdown, RULES_BEGIN, RULES_END } from '../docs/generate.js';
import { listRules } from '../rules/index.js';

const README = new URL('../README.md', import.meta.url);

it('the README rule list is generated from the rule metadata and up to date', () => {
  const current = readFileSync(README, 'utf8');
  const expected = replaceBetween(current, RULES_BEGIN, RULES_END, ruleListMarkdown(listRules()));
  if (process.env.UPDATE_DOCS === '1') writeFileSync(README, expected);
  else expect(current, 'run UPDATE_DOCS=1 npx vitest run test/docs.test.ts').toBe(expected);
});
