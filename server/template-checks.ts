/**
 * Template checks in the editor (`agentManifest.templateChecks`): a manifest is linted in
 * template mode, with the facts of the folder it lies in, when the setting is `on`, or `auto`
 * and the manifest has a `template` object. Repository facts are read once per folder and kept
 * until a watched file in that folder is created, deleted, or (for the README and possible
 * secret files) changed.
 *
 * Findings about other files of the repository (a missing `README.md`, a `.env` with values,
 * a link leading out) are not published on those files, which are usually not open and may not
 * exist: they are shown on the manifest, on its `"template"` key (or its first line when it has
 * none), with the file named at the start of the message.
 */
import path from 'node:path';
import { filePathOf } from './uris.js';
import { WatchKind, type FileSystemWatcher } from 'vscode-languageserver';
import type { ManifestLint } from '../io/apply-config.js';
import { readTemplateRepository, TemplateRepositoryError } from '../io/template-repository.js';
import { nodeAt, type Diagnostic, type Range, type RepositoryFacts } from '../rules/index.js';
import { folderOf, type OpenDocument } from './documents.js';
import type { Settings } from './settings.js';

/** A folder holding more entries than this is not walked in the editor (template mode still applies). */
export const EDITOR_MAX_ENTRIES = 20_000;

/**
 * What the server watches for template checks: any file or folder created or deleted (a
 * README, the workspace folder, a script's target), and changes of the files whose content a
 * rule reads.
 */
export const TEMPLATE_WATCHERS: FileSystemWatcher[] = [
  { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
  { globPattern: '**/{README.md,.env,.env.*,*.env,.envrc,*.pem,*.key,*.p8,id_rsa,id_dsa,id_ecdsa,id_ed25519}', kind: WatchKind.Change },
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
        // The manifest is the open document, whatever the disk holds.
        ({ facts }) => ({ ...facts, manifest: true }),
        (error: unknown) => {
          const message = `Template checks skip ${root}: ${error instanceof TemplateRepositoryError ? error.message : String(error)}.`;
          if (!this.warned.has(message)) {
            this.warned.add(message);
            this.warn(message);
          }
          return undefined;
        },
      );
      this.byRoot.set(root, pending);
    }
    return pending;
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

export interface TemplateCheck {
  /** Lint in template mode. */
  template: boolean;
  /** The repository's facts, when the manifest is a file in a readable folder. */
  repository: RepositoryFacts | undefined;
  /** Part of the analysis cache key: changes whenever the two above may. */
  key: string;
}

const OFF: TemplateCheck = { template: false, repository: undefined, key: 'off' };

/** Whether and how a document is checked as a template, per `agentManifest.templateChecks`. */
export async function templateCheckFor(templates: Pick<TemplateRepositories, 'facts' | 'generation'>, document: OpenDocument, settings: Settings): Promise<TemplateCheck> {
  if (settings.templateChecks === 'off') return OFF;
  if (settings.templateChecks === 'auto' && nodeAt(document.parsed.root, ['template'])?.type !== 'object') return OFF;
  const folder = folderOf(document.uri);
  if (folder === undefined) return { template: true, repository: undefined, key: 'template' };
  const generation = templates.generation;
  const repository = await templates.facts(folder);
  return { template: true, repository, key: `template:${generation}` };
}

/**
 * Findings about other files, moved onto the manifest: at its `"template"` key (or its first
 * line), the file named first in the message.
 */
export function placeOnManifest(lint: ManifestLint, document: OpenDocument): ManifestLint {
  if (!lint.diagnostics.some((diagnostic) => diagnostic.file !== undefined)) return lint;
  const range = anchorOf(document);
  const diagnostics = lint.diagnostics.map((diagnostic): Diagnostic =>
    diagnostic.file === undefined ? diagnostic : { ...diagnostic, range, message: `${diagnostic.file}: ${diagnostic.message}` },
  );
  return { ...lint, diagnostics };
}

function anchorOf(document: OpenDocument): Range {
  const key = nodeAt(document.parsed.root, ['template'])?.parent?.children?.[0];
  if (key) return document.rangeOf(key.offset, key.offset + key.length);
  const text = document.text;
  const end = text.search(/\r|\n/);
  return { start: { line: 0, character: 0 }, end: { line: 0, character: end === -1 ? text.length : end } };
}
