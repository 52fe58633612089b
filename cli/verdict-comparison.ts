/**
 * Our verdict on a template repository beside the platform's validator's: which of its errors
 * correspond to findings of ours, and where the two disagree.
 *
 * The validator's errors are free text, in the shape `<dotted JSON path>: <message>`
 * (`template.authorName: Required`, `tasks.0.schedule: Expected string, received object`). An
 * error is matched by its location only, never by its words: to our findings at the same JSON
 * path of the manifest — or, when there are none, at paths inside it or around it (not the
 * manifest's root) — or, when the location is a file of the repository we report on
 * (`README.md`), to our findings on that file. An error with no location, or none of ours
 * there, is reported as one that could not be matched.
 */
import { MANIFEST_FILE, type Diagnostic, type JsonPath } from '../rules/index.js';
import { formatPath } from '../rules/framework/describe.js';
import { apiErrorLine, apiLocation } from '../report/formats/api.js';
import type { FileReport } from '../report/report.js';

/** A platform error and the error findings of ours it corresponds to. */
export interface Match {
  error: string;
  findings: FindingRef[];
  /** Whether they are at the error's very path, rather than inside or around it. */
  samePath: boolean;
}

export type Disagreement =
  /** One side says valid, the other invalid. */
  | { kind: 'verdict'; local: boolean; platform: boolean }
  /** A platform error that corresponds to no error finding of ours, and why (one sentence). */
  | { kind: 'platform-only'; error: string; reason: string }
  /** An error finding of ours (as a `--format api` line) that no platform error corresponds to. */
  | { kind: 'local-only'; error: string };

export interface Comparison {
  matches: Match[];
  disagreements: Disagreement[];
}

/** One of our findings, as `--format api` writes it (`line`) and by its place and rule. */
export interface FindingRef {
  /** `<file>:<line>:<column>`. */
  at: string;
  ruleId: string;
  line: string;
}

interface Finding extends FindingRef {
  /** The repository file it is on. */
  file: string;
  diagnostic: Diagnostic;
}

/** Compares our findings (masked reports) with the platform's verdict (its errors masked). */
export function compareVerdicts(reports: readonly FileReport[], platform: { valid: boolean; errors: readonly string[] }): Comparison {
  const findings = reports.flatMap((report) =>
    report.diagnostics.map(
      (diagnostic): Finding => ({
        file: report.repositoryPath ?? report.filePath,
        diagnostic,
        at: apiLocation(report, diagnostic),
        ruleId: diagnostic.ruleId,
        line: apiErrorLine(report, diagnostic),
      }),
    ),
  );
  const index = new FindingIndex(findings);
  const reported = new Set<Finding>();
  const matches: Match[] = [];
  const platformOnly: Disagreement[] = [];
  for (const error of platform.errors) {
    const location = /^([^\s:]+):\s/.exec(error)?.[1];
    if (location === undefined) {
      platformOnly.push({ kind: 'platform-only', error, reason: 'could not be matched: it names no JSON path or file' });
      continue;
    }
    const near = index.near(location);
    const errors = near.findings.filter((finding) => finding.diagnostic.severity === 'error');
    if (errors.length > 0) {
      for (const finding of errors) reported.add(finding);
      matches.push({ error, findings: errors.map(({ at, ruleId, line }) => ({ at, ruleId, line })), samePath: near.samePath });
    } else if (near.findings.length > 0) {
      const others = near.findings.map((finding) => `${finding.diagnostic.ruleId} (${finding.diagnostic.severity})`);
      platformOnly.push({ kind: 'platform-only', error, reason: `we report it, but not as an error: ${[...new Set(others)].join(', ')}` });
    } else {
      platformOnly.push({ kind: 'platform-only', error, reason: `could not be matched: no finding of ours at \`${near.where}\`, inside it or around it` });
    }
  }
  const ours = findings.filter((finding) => finding.diagnostic.severity === 'error');
  const localValid = ours.length === 0;
  const disagreements: Disagreement[] = [
    ...(localValid === platform.valid ? [] : [{ kind: 'verdict' as const, local: localValid, platform: platform.valid }]),
    ...platformOnly,
    ...ours.filter((finding) => !reported.has(finding)).map((finding): Disagreement => ({ kind: 'local-only', error: finding.line })),
  ];
  return { matches, disagreements };
}

const keyOf = (path: readonly (string | number)[]) => path.map(String).join('\u0000');

/** Our findings by where they are, for lookups that stay fast whatever the number of errors. */
class FindingIndex {
  /** Findings on files other than the manifest, by file. */
  private readonly byFile = new Map<string, Finding[]>();
  /** Manifest findings by their path. */
  private readonly byPath = new Map<string, Finding[]>();
  /** Manifest findings by each non-empty path strictly above theirs. */
  private readonly byAncestor = new Map<string, Finding[]>();

  constructor(findings: readonly Finding[]) {
    for (const finding of findings) {
      if (finding.file !== MANIFEST_FILE || finding.diagnostic.file !== undefined) {
        add(this.byFile, finding.file, finding);
        continue;
      }
      const path = finding.diagnostic.path;
      add(this.byPath, keyOf(path), finding);
      for (let length = 1; length < path.length; length++) add(this.byAncestor, keyOf(path.slice(0, length)), finding);
    }
  }

  /** Our findings at a platform error's location, and (for a message) the JSON path it reads as. */
  near(location: string): { findings: Finding[]; samePath: boolean; where: string } {
    const file = this.byFile.get(location.replace(/\/+$/, ''));
    if (file) return { findings: file, samePath: true, where: location };
    const path = location.split('.');
    // Written the way our messages write paths: `tasks[0].schedule`.
    const where = formatPath(path.map((segment): JsonPath[number] => (/^\d+$/.test(segment) ? Number(segment) : segment)));
    const same = this.byPath.get(keyOf(path));
    if (same) return { findings: same, samePath: true, where };
    const inside = this.byAncestor.get(keyOf(path)) ?? [];
    const around: Finding[] = [];
    for (let length = path.length - 1; length >= 1; length--) around.push(...(this.byPath.get(keyOf(path.slice(0, length))) ?? []));
    return { findings: [...inside, ...around], samePath: false, where };
  }
}

function add(map: Map<string, Finding[]>, key: string, finding: Finding): void {
  const list = map.get(key);
  if (list) list.push(finding);
  else map.set(key, [finding]);
}
