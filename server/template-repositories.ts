/**
 * The repositories template checks read in the editor: their facts, read once per folder and kept
 * until a watched file in the folder is created, deleted, or (for the README and possible secret
 * files) changed (see language/template-checks.ts).
 */
import path from 'node:path';
import { ErrorCodes, ResponseError, WatchKind, type Connection, type FileSystemWatcher } from 'vscode-languageserver';
import type { FeatureContext } from '../language/context.js';
import { templateReport } from '../language/template-report.js';
import { TEMPLATE_REPORT_REQUEST, type TemplateReport, type TemplateReportParams } from '../protocol/template-report.js';
import { readTemplateRepository, TemplateRepositoryError } from '../io/template-repository.js';
import { filePathOf } from '../language/uris.js';
import type { ProjectConfigs } from './project-config.js';
import { CONTENT_FILES_GLOB, type RepositoryFacts } from '../rules/index.js';

/** A folder holding more entries than this is not walked in the editor (template mode still applies). */
export const EDITOR_MAX_ENTRIES = 20_000;

/**
 * What the server watches for template checks: any file or folder created or deleted (a
 * README, the workspace folder, a script's target), and changes of the files whose content a
 * rule reads.
 */
export const TEMPLATE_WATCHERS: FileSystemWatcher[] = [
  { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
  { globPattern: CONTENT_FILES_GLOB, kind: WatchKind.Change },
];

/** Folders whose changes never matter to the checks. */
const IGNORED = new Set(['.git', 'node_modules']);

/** Repository facts per folder, read on first use and dropped when a watched file there changes. */
export class TemplateRepositories {
  /** Bumped whenever facts are dropped, so analyses computed with older ones are known stale. */
  generation = 0;
  private readonly byRoot = new Map<string, Promise<RepositoryFacts | undefined>>();
  private readonly warned = new Set<string>();

  constructor(private readonly warn: (message: string) => void) {}

  /** The facts of the repository rooted at `root` (undefined when it cannot be read). */
  facts(root: string): Promise<RepositoryFacts | undefined> {
    let pending = this.byRoot.get(root);
    if (!pending) {
      pending = readTemplateRepository(root, { skipInstalled: true, maxEntries: EDITOR_MAX_ENTRIES, readManifest: false }).then(
        ({ facts, unread }) => {
          for (const file of unread) this.warnOnce(`Template checks do not read ${path.join(root, file.path)}: ${file.reason}.`);
          // The manifest is the open document, whatever the disk holds.
          return { ...facts, manifest: true };
        },
        (error: unknown) => {
          this.warnOnce(`Template checks skip ${root}: ${error instanceof TemplateRepositoryError ? error.message : String(error)}.`);
          return undefined;
        },
      );
      this.byRoot.set(root, pending);
    }
    return pending;
  }

  private warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.warn(message);
  }

  /**
   * Watched files changed: drops the facts of every repository they lie in. Returns whether
   * any were dropped (so diagnostics need a refresh).
   */
  changed(uris: readonly string[]): boolean {
    const paths = uris.flatMap((uri) => filePathOf(uri) ?? []);
    let dropped = false;
    for (const root of [...this.byRoot.keys()]) {
      const affected = paths.some((file) => {
        const relative = path.relative(root, file);
        if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
        return !IGNORED.has(relative.split(path.sep)[0]!);
      });
      if (affected) {
        this.byRoot.delete(root);
        dropped = true;
      }
    }
    if (dropped) this.generation++;
    return dropped;
  }

  /** Forgets every repository (without file watching, whenever a document opens). */
  invalidate(): void {
    if (this.byRoot.size === 0) return;
    this.byRoot.clear();
    this.generation++;
  }
}

/**
 * Answers `agentManifest/templateReport`: the folder is read afresh (the command is a deliberate
 * check, not the watched facts of the editor's template checks), whole, as the CLI reads it, and
 * without the repository's own config (`ProjectConfigs.forRepository`). `warn` tells the user
 * what was not read.
 */
export function registerTemplateReport(
  connection: Connection,
  context: FeatureContext,
  configs: Pick<ProjectConfigs, 'forRepository'>,
  warn: (message: string) => void,
): void {
  connection.onRequest(TEMPLATE_REPORT_REQUEST, async (params: TemplateReportParams): Promise<TemplateReport> => {
    const root = typeof params?.folder === 'string' ? filePathOf(params.folder) : undefined;
    if (root === undefined) throw new ResponseError(ErrorCodes.InvalidParams, 'The folder to check must be a file: URI.');
    try {
      const repository = await readTemplateRepository(root, { skipInstalled: true, readManifest: true });
      for (const file of repository.unread) warn(`${path.join(root, file.path)} is not read: ${file.reason}.`);
      return await templateReport(context, params.folder, repository.facts, repository.manifestText, await configs.forRepository(root));
    } catch (error) {
      if (error instanceof TemplateRepositoryError) throw new ResponseError(ErrorCodes.InvalidRequest, error.message);
      throw error;
    }
  });
}
