/**
 * A template repository checked as a whole, as `manifest-lint template <folder>` does: the
 * manifest in template mode with the folder's facts, every finding on the file it is about. The
 * editor's "Validate template repository…" shows it; the facts and the manifest's text come from
 * whoever can read the folder (the server), so this stays free of I/O.
 */
import { URI, Utils } from 'vscode-uri';
import { lintManifest, type ConfigFile, type ManifestSettings } from '../rules/apply-config.js';
import { MANIFEST_FILE, type RepositoryFacts } from '../rules/index.js';
import type { FeatureContext } from './context.js';
import { toLspDiagnostic } from './convert.js';
import type { TemplateReport, TemplateReportFile } from '../protocol/template-report.js';

/**
 * Checks the repository at `folderUri` (a `file:` URI) with its facts and the manifest's text on
 * disk (undefined when it has none), under the manifest's settings and `config`, the
 * configuration file the caller chose: never the repository's own (SPEC 7). An open manifest is
 * checked as the editor shows it, saved or not.
 */
export async function templateReport(
  context: FeatureContext,
  folderUri: string,
  facts: RepositoryFacts,
  diskText: string | undefined,
  config: ConfigFile | undefined,
): Promise<TemplateReport> {
  const folder = URI.parse(folderUri, true);
  const manifestUri = Utils.joinPath(folder, MANIFEST_FILE).toString();
  const open = context.openDocument(manifestUri);
  const manifestText = open?.isManifest ? open.text : diskText;
  const settings = await context.settings.get(manifestUri);
  const manifestSettings: ManifestSettings = {
    config,
    overrides: settings.rules,
    now: context.now(),
    template: true,
    repository: { ...facts, manifest: manifestText !== undefined },
  };
  const byUri = new Map<string, TemplateReportFile['diagnostics']>();
  const counts = { errors: 0, warnings: 0, others: 0 };
  for (const diagnostic of lintManifest(manifestText ?? '', manifestSettings).diagnostics) {
    const uri = diagnostic.file === undefined ? manifestUri : Utils.joinPath(folder, ...diagnostic.file.split('/')).toString();
    byUri.set(uri, [...(byUri.get(uri) ?? []), toLspDiagnostic(diagnostic)]);
    if (diagnostic.severity === 'error') counts.errors++;
    else if (diagnostic.severity === 'warning') counts.warnings++;
    else counts.others++;
  }
  const files = [...byUri].map(([uri, diagnostics]) => ({ uri, diagnostics }));
  files.sort((a, b) => (a.uri === manifestUri ? -1 : b.uri === manifestUri ? 1 : a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  return { files, ...counts };
}
