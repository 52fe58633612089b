/**
 * What the server does with template repositories' files: asks the client to watch them (the
 * facts read while editing are the workspace's, workspace/template-repositories.ts), and answers
 * the template report request, which reads a repository afresh.
 */
import path from 'node:path';
import { ErrorCodes, ResponseError, WatchKind, type Connection, type FileSystemWatcher } from 'vscode-languageserver';
import type { LanguageService } from '../language/service.js';
import { TEMPLATE_REPORT_REQUEST, type TemplateReport, type TemplateReportParams } from '../protocol/template-report.js';
import { readTemplateRepository, TemplateRepositoryError } from '../io/template-repository.js';
import { filePathOf } from '../language/uris.js';
import type { ConfigFile } from '../rules/apply-config.js';
import { CONTENT_FILES_GLOB } from '../rules/index.js';

/**
 * What the server watches for template checks: any file or folder created or deleted (a
 * README, the workspace folder, a script's target), and changes of the files whose content a
 * rule reads.
 */
export const TEMPLATE_WATCHERS: FileSystemWatcher[] = [
  { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
  { globPattern: CONTENT_FILES_GLOB, kind: WatchKind.Change },
];

/**
 * Answers `agentManifest/templateReport`: the folder is read afresh (the command is a deliberate
 * check, not the watched facts of the editor's template checks), whole, as the CLI reads it, and
 * with `configFor`, the config that applies to it (never the repository's own). `warn` tells the
 * user what was not read.
 */
export function registerTemplateReport(
  connection: Connection,
  service: Pick<LanguageService, 'templateReport'>,
  configFor: (root: string) => Promise<ConfigFile | undefined>,
  warn: (message: string) => void,
): void {
  connection.onRequest(TEMPLATE_REPORT_REQUEST, async (params: TemplateReportParams): Promise<TemplateReport> => {
    const root = typeof params?.folder === 'string' ? filePathOf(params.folder) : undefined;
    if (root === undefined) throw new ResponseError(ErrorCodes.InvalidParams, 'The folder to check must be a file: URI.');
    try {
      const repository = await readTemplateRepository(root, { skipInstalled: true, readManifest: true });
      for (const file of repository.unread) warn(`${path.join(root, file.path)} is not read: ${file.reason}.`);
      return await service.templateReport(params.folder, repository.facts, repository.manifestText, await configFor(root));
    } catch (error) {
      if (error instanceof TemplateRepositoryError) throw new ResponseError(ErrorCodes.InvalidRequest, error.message);
      throw error;
    }
  });
}
