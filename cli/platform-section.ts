/**
 * What `template --remote` prints for people after our findings: the platform's verdict beside
 * ours, each platform error with the finding of ours it corresponds to (or why none does), and
 * the disagreements, one a line.
 */
import { painter } from '../report/color.js';
import type { PlatformVerdict } from '../io/template-validation.js';
import { safeLine } from '../report/terminal-text.js';
import type { Comparison, Disagreement } from './verdict-comparison.js';

/** What the platform said, or why its verdict is unknown. */
export type PlatformOutcome = { verdict: PlatformVerdict } | { problem: string; status: number | null };

/** Where the request went. */
export interface PlatformRequestFacts {
  /** The endpoint, without any credentials of the URL given. */
  endpoint: string;
  /** The ref sent; undefined when none was. */
  ref: string | undefined;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const verdictOf = (valid: boolean, errors: number) => (valid ? 'valid' : `invalid, ${plural(errors, 'error')}`);

export function formatPlatformSection(
  request: PlatformRequestFacts,
  outcome: PlatformOutcome,
  comparison: Comparison | undefined,
  ourErrors: number,
  color: boolean,
): string {
  const paint = painter(color);
  const ref = request.ref === undefined ? '' : ` at ${safeLine(request.ref)}`;
  const out = [paint.bold(`Platform (POST ${request.endpoint}${ref})`)];
  const ours = `ours: ${verdictOf(ourErrors === 0, ourErrors)}`;
  if ('problem' in outcome) {
    out.push(
      `  verdict unknown: ${safeLine(outcome.problem)} (${ours})`,
      '',
      `${paint.bold('Disagreements')}: not compared, the platform's verdict is unknown`,
    );
    return `${out.join('\n')}\n`;
  }
  const { verdict } = outcome;
  const mark = verdict.valid ? (text: string) => text : paint.red;
  out.push(`  verdict   ${mark(verdictOf(verdict.valid, verdict.errors.length))} (HTTP ${verdict.status}; ${ours})`);
  const matched = new Map(comparison!.matches.map((match) => [match.error, match]));
  const unmatched = new Map(comparison!.disagreements.flatMap((d) => (d.kind === 'platform-only' ? [[d.error, d.reason] as const] : [])));
  for (const error of verdict.errors) {
    out.push(`  ${paint.red('error')}     ${safeLine(error)}`);
    const match = matched.get(error);
    if (match) {
      const where = match.samePath ? 'at the same path' : 'inside or around its path';
      out.push(paint.gray(`            matches ${match.findings.map((finding) => `${finding.at} ${finding.ruleId}`).join(', ')} (${where})`));
    } else {
      out.push(paint.gray(`            ${safeLine(unmatched.get(error) ?? '')}`));
    }
  }
  const { disagreements } = comparison!;
  out.push('', `${paint.bold('Disagreements')}: ${disagreements.length === 0 ? 'none' : disagreements.length}`);
  for (const disagreement of disagreements) out.push(`  ${describe(disagreement)}`);
  return `${out.join('\n')}\n`;
}

function describe(disagreement: Disagreement): string {
  switch (disagreement.kind) {
    case 'verdict':
      return `verdict: the platform says ${disagreement.platform ? 'valid' : 'invalid'}, we say ${disagreement.local ? 'valid' : 'invalid'}`;
    case 'platform-only':
      return `platform only: ${safeLine(disagreement.error)} (${safeLine(disagreement.reason)})`;
    case 'local-only':
      return `ours only: ${safeLine(disagreement.error)}`;
  }
}
