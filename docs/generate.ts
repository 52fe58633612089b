/**
 * Documentation generated from the rule metadata, so the rule list is never written twice.
 * `test/docs.test.ts` fails when a generated part is stale; `UPDATE_DOCS=1` rewrites it.
 */
import type { RuleMeta } from '../rules/index.js';
import { docsUrl } from '../rules/index.js';

export const RULES_BEGIN = '<!-- rules:begin (generated from the rule metadata; do not edit) -->';
export const RULES_END = '<!-- rules:end -->';

/** The README's rule list: one table per category, in catalog order. */
export function ruleListMarkdown(rules: readonly RuleMeta[]): string {
  const sections: string[] = [];
  for (const category of [...new Set(rules.map((rule) => rule.category))]) {
    const rows = rules
      .filter((rule) => rule.category === category)
      .map((rule) => `| [\`${rule.id}\`](${docsUrl(rule.id)}) | ${rule.severity} | ${rule.fixable ? 'yes' : ''} | ${rule.description.replace(/\|/g, '\\|')} |`);
    sections.push([`**${category}**`, '', '| rule | default | fix | what it finds |', '| --- | --- | --- | --- |', ...rows].join('\n'));
  }
  return sections.join('\n\n');
}

/** `text` with the part between the markers replaced by `content`. */
export function replaceBetween(text: string, begin: string, end: string, content: string): string {
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from === -1 || to < from) throw new Error(`markers ${begin} … ${end} not found`);
  return `${text.slice(0, from + begin.length)}\n${content}\n${text.slice(to)}`;
}
