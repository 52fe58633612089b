import type { RuleMeta } from '../engine/types.js';

/** Reported by the configuration reader, not by a check over the manifest. */
export const unusedIgnore: RuleMeta = {
  id: 'unused-ignore',
  category: 'Configuration',
  severity: 'warning',
  description: 'An `ignore` entry of `.manifestlintrc.json` matches no finding, so it silences nothing any more.',
  rationale:
    'An ignore entry that silences nothing any more (the problem was fixed, the path moved) would hide the next real problem at that path.',
  fixable: false,
};
