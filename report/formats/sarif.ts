import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findRule, type Range, type Severity } from '../../rules/index.js';
import type { ArtifactLocation, Fix, Log, Region, ReportingDescriptor, Result } from 'sarif';
import { STDIN_NAME, type FileReport, type FormatContext } from '../report.js';
import { positions } from './positions.js';
import { pathInside } from './report-path.js';

type Level = Extract<Result.level, 'error' | 'warning' | 'note'>;

const LEVEL: Record<Severity, Level> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };
const SRCROOT = '%SRCROOT%';

/** SARIF regions: 1-based lines and columns (UTF-16 code units), the end column exclusive. */
function region(range: Range): Region {
  const { line, column, endLine, endColumn } = positions(range);
  return { startLine: line, startColumn: column, endLine, endColumn };
}

/** A file's location: relative to the current folder when it lies inside it, else a file URL. */
function artifactLocation(filePath: string, cwd: string): ArtifactLocation {
  const inside = pathInside(filePath, cwd);
  if (inside !== undefined) return { uri: inside.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
  return { uri: pathToFileURL(path.resolve(cwd, filePath)).href };
}

/** A standalone name such as `<stdin>` is not a path: keep it relative, encoded. */
function locationOf(report: FileReport, cwd: string): ArtifactLocation {
  if (report.filePath === STDIN_NAME) return { uri: encodeURIComponent(report.filePath), uriBaseId: SRCROOT };
  return artifactLocation(report.filePath, cwd);
}

/** SARIF 2.1.0: one run, the rules that appear, results with locations and fixes. */
export function formatSarif(reports: FileReport[], context: FormatContext): string {
  const ruleIndex = new Map<string, number>();
  const rules: ReportingDescriptor[] = [];
  const results: Result[] = [];

  for (const report of reports) {
    const location = locationOf(report, context.cwd);
    for (const d of report.diagnostics) {
      let index = ruleIndex.get(d.ruleId);
      if (index === undefined) {
        index = rules.length;
        ruleIndex.set(d.ruleId, index);
        const meta = findRule(d.ruleId);
        rules.push({
          id: d.ruleId,
          shortDescription: { text: meta?.description ?? d.ruleId },
          helpUri: d.docsUrl,
          // A rule off by default is in the log only because the user turned it on.
          defaultConfiguration: meta?.severity === 'off' ? { enabled: false } : { level: LEVEL[meta?.severity ?? d.severity] },
          ...(meta ? { properties: { category: meta.category, fixable: meta.fixable, suggests: meta.suggests === true } } : {}),
        });
      }
      const result: Result = {
        ruleId: d.ruleId,
        ruleIndex: index,
        level: LEVEL[d.severity],
        message: { text: d.message },
        locations: [{ physicalLocation: { artifactLocation: location, region: region(d.range) } }],
      };
      if (d.path.length > 0) {
        result.properties = { path: d.path };
      }
      // SARIF's fixes are proposals: the certain fix and the suggestions alike.
      // One shown without its edits (they would show a secret) proposes nothing SARIF can carry.
      const proposals = [...(d.fixes ?? []), ...(d.suggestions ?? [])].filter((fix) => fix.edits.length > 0);
      if (proposals.length > 0) {
        result.fixes = proposals.map(
          (fix): Fix => ({
            description: { text: fix.title },
            artifactChanges: [
              {
                artifactLocation: location,
                replacements: fix.edits.map((edit) => ({
                  deletedRegion: region(edit.range),
                  insertedContent: { text: edit.newText },
                })),
              },
            ],
          }),
        );
      }
      results.push(result);
    }
  }

  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'manifest-lint',
            version: context.version,
            semanticVersion: context.version,
            informationUri: context.informationUri,
            rules,
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(withSlash(context.cwd)).href } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function withSlash(folder: string): string {
  return folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`;
}
