import type { IgnoreEntry } from '../framework/config.js';
import { docsUrl } from '../framework/links.js';
import { formatMessage } from '../framework/messages.js';
import type { EngineLintOptions } from '../framework/options.js';
import type { Diagnostic, RuleMeta, Severity } from '../framework/types.js';

/** Reported by the configuration reader, not by a check over the manifest. */
export const unusedIgnore: RuleMeta = {
  id: 'unused-ignore',
  category: 'Configuration',
  severity: 'warning',
  description: 'An `ignore` entry of `.manifestlintrc.json` matches no finding, so it silences nothing any more.',
  rationale: 'An ignore entry that silences nothing any more (the problem was fixed, the path moved) would hide the next real problem at that path.',
  evidence: "Not a platform fact: it is about the linter's own configuration file, `.manifestlintrc.json`, which the platform never reads.",
  messages: {
    unused: `This ignore entry ({{silences}} at \`{{pointer}}\`) matched no finding; remove it so silencing never outlives its reason.`,
  },
  fixable: false,
};

/** `unused-ignore` findings for entries that silenced nothing, located in the config file. */
export function reportUnusedIgnores(unused: readonly IgnoreEntry[], options: EngineLintOptions = {}): Diagnostic[] {
  const severity = options.rules?.[unusedIgnore.id] ?? unusedIgnore.severity;
  if (severity === 'off') return [];
  return unused.map((entry) => ({
    ruleId: unusedIgnore.id,
    severity: severity as Severity,
    message: formatMessage(unusedIgnore, 'unused', { silences: entry.rule ? `rule \`${entry.rule}\`` : 'every rule', pointer: entry.path || '/' }),
    messageId: 'unused',
    path: ['ignore', entry.index],
    range: entry.range,
    docsUrl: docsUrl(unusedIgnore.id),
  }));
}
