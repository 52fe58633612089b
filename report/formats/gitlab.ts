import type { Severity } from '../../rules/index.js';
import type { FileReport, FormatContext } from '../report.js';
import { findingIdentities, fingerprint } from './finding-identity.js';
import { positions } from './positions.js';
import { reportPath } from './report-path.js';

type CodeQualitySeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

/**
 * An error stops the platform from taking the manifest, but it is a lint finding, not a
 * vulnerability: `major`, as JavaScript linters report theirs, leaving `critical` and `blocker`
 * to security scanners. Information and hints become `info`.
 */
const SEVERITY: Record<Severity, CodeQualitySeverity> = { error: 'major', warning: 'minor', info: 'info', hint: 'info' };

/** One entry of a GitLab Code Quality report: the part of a Code Climate issue GitLab reads. */
export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: CodeQualitySeverity;
  location: { path: string; lines: { begin: number; end: number } };
}

/**
 * GitLab Code Quality (`artifacts:reports:codequality`): one JSON array of issues, each with a
 * fingerprint that stays the same while the finding does (see `FindingIdentity`), so merge
 * requests show what they add and what they fix.
 */
export function formatGitlab(reports: FileReport[], context: FormatContext): string {
  const issues = reports.flatMap((report) => {
    const file = reportPath(report, context.cwd);
    const identities = findingIdentities(report.diagnostics);
    return report.diagnostics.map((d, index): CodeQualityIssue => {
      const { line, endLine } = positions(d.range);
      return {
        description: d.message,
        check_name: d.ruleId,
        fingerprint: fingerprint(file, identities[index]!),
        severity: SEVERITY[d.severity],
        location: { path: file, lines: { begin: line, end: endLine } },
      };
    });
  });
  return `${JSON.stringify(issues)}\n`;
}
