import type { RuleMeta } from '../rules/index.js';

/**
 * The rule table of `--list-rules`: id, default severity, fixable and description, by category,
 * then where to read more (a line after a blank one, so a reader of the table can stop there).
 */
export function formatRuleList(rules: readonly RuleMeta[]): string {
  const idWidth = Math.max(4, ...rules.map((rule) => rule.id.length));
  const severityWidth = Math.max(8, ...rules.map((rule) => rule.severity.length));
  const row = (id: string, severity: string, fixable: string, description: string): string =>
    `  ${id.padEnd(idWidth)}  ${severity.padEnd(severityWidth)}  ${fixable.padEnd(8)}  ${description}`.trimEnd();

  const categories = new Map<string, RuleMeta[]>();
  for (const rule of rules) {
    const group = categories.get(rule.category) ?? [];
    group.push(rule);
    categories.set(rule.category, group);
  }
  const out: string[] = [row('RULE', 'SEVERITY', 'FIXABLE', 'DESCRIPTION')];
  for (const [category, group] of categories) {
    out.push('', category);
    for (const rule of group) out.push(row(rule.id, rule.severity, rule.fixable ? 'yes' : rule.suggests ? 'suggests' : '', rule.description));
  }
  out.push('', "manifest-lint rule <id> shows a rule's page: why it matters, examples, how to turn it off.");
  return `${out.join('\n')}\n`;
}
