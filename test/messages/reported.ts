/**
 * What the catalog's rules report, as they hand it to the framework (message ids, data, fix title
 * ids), over every golden case and every corpus manifest: the diagnostics show only the words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { RULES } from '../../rules/catalog/index.js';
import { lintWith, type RuleSet } from '../../rules/framework/lint.js';
import type { DefinedRuleMeta, Finding, Rule, RuleContext } from '../../rules/framework/rule.js';
import { COVERED_SCHEMA_PATHS } from '../../rules/catalog/index.js';
import { goldenCases, goldenText, lintOptionsFor, NOW } from '../golden-cases.js';

export interface Reported {
  meta: DefinedRuleMeta;
  finding: Finding;
  /** The golden case or corpus file it came from. */
  source: string;
}

/** The catalog with each rule's `report` recorded into `into`, every rule on (those off by default too). */
function recordingRuleSet(into: Reported[], source: () => string): RuleSet {
  const record = (rule: Rule): Rule => ({
    meta: rule.meta,
    check: (context) =>
      rule.check(
        new Proxy(context, {
          get(target, key) {
            if (key === 'report') {
              return (finding: Finding) => {
                if (finding.messageId !== '') into.push({ meta: rule.meta, finding, source: source() });
                return target.report(finding);
              };
            }
            const value: unknown = Reflect.get(target, key, target);
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          },
        }) as RuleContext,
      ),
  });
  return { rules: RULES.map(record), coveredSchemaPaths: COVERED_SCHEMA_PATHS };
}

const CORPORA = ['real', 'real3'].map((folder) => new URL(`../fixtures/corpus/${folder}/`, import.meta.url).pathname);

/** Every report of every rule over the golden cases and the corpus (as a deploy and as a template). */
export function reportsOfCatalog(): Reported[] {
  const reported: Reported[] = [];
  let source = '';
  const ruleSet = recordingRuleSet(reported, () => source);
  const everyRule = Object.fromEntries(RULES.filter((rule) => rule.meta.severity === 'off').map((rule) => [rule.meta.id, 'hint' as const]));
  for (const { rule, name, input } of goldenCases()) {
    source = `test/golden/${rule}/${name}.json`;
    lintWith(ruleSet, goldenText(input), { ...lintOptionsFor(name, input), rules: everyRule });
  }
  for (const folder of CORPORA) {
    for (const file of readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      source = `${folder}${file}`;
      const text = readFileSync(`${folder}${file}`, 'utf8');
      for (const template of [false, true]) lintWith(ruleSet, text, { now: NOW, template, rules: everyRule });
    }
  }
  return reported;
}
