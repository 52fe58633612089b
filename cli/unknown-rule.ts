import { listRules } from '../rules/index.js';
import { mergedInto } from '../rules/catalog/index.js';
import { closest } from '../rules/framework/suggest.js';
import { CliError } from './errors.js';

/** The error for a rule id no rule has: the rule it was merged into, or the closest id, or the list. */
export function unknownRule(id: string): CliError {
  const merged = mergedInto(id);
  if (merged !== undefined) return new CliError(`unknown rule: ${id} is now part of ${merged}`);
  const suggestion = closest(
    id,
    listRules().map((rule) => rule.id),
  );
  return new CliError(`unknown rule: ${id} (${suggestion === undefined ? 'see --list-rules' : `did you mean ${suggestion}?`})`);
}
