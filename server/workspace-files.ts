import type { ClientCapabilities, Connection, FileSystemWatcher } from 'vscode-languageserver';
import type { FeatureContext } from '../language/context.js';
import type { LanguageService } from '../language/service.js';
import { NO_SKILL_SOURCES } from '../language/skill-sources.js';

/**
 * What the server reads beside the open documents: configuration files, template repositories
 * and skill folders. The server on a disk reads them (disk-files.ts); the playground's server, in
 * a browser's worker, has none (`NO_FILES`).
 */
export interface WorkspaceFiles {
  configs: FeatureContext['configs'];
  templates: FeatureContext['templates'];
  skillSources: FeatureContext['skillSources'];
  /** Tells `listener` when something read in the background is ready (diagnostics need a refresh). */
  onReady(listener: () => void): void;
  /** What the client is asked to watch, when it can. */
  watchers: FileSystemWatcher[];
  /** A document opened and nothing is watched: files may have changed unseen. */
  invalidate(): void;
  /** Watched files changed: returns whether diagnostics need a refresh. */
  changed(uris: readonly string[]): boolean;
  /** A document closed: what was kept for it goes. */
  closed(uri: string): void;
  /** The requests that read files, answered by the service; `client` says, once initialized, what the client can watch. */
  register(connection: Connection, service: LanguageService, client: () => ClientCapabilities): void;
}

export const NO_FILES: WorkspaceFiles = {
  configs: { generation: 0, forFolder: () => Promise.resolve(undefined) },
  templates: { generation: 0, facts: () => Promise.resolve(undefined) },
  skillSources: NO_SKILL_SOURCES,
  onReady: () => undefined,
  watchers: [],
  invalidate: () => undefined,
  changed: () => false,
  closed: () => undefined,
  register: () => undefined,
};
