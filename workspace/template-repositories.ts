/**
 * The template repositories manifests lie in, for template checks while editing (see
 * language/template-checks.ts): each repository's facts read once (io/template-repository.ts) and
 * kept until a file in it changes; each file not read, and each repository skipped, told once.
 */
import path from 'node:path';
import { isInsideFolder } from '../io/paths.js';
import { readTemplateRepository, TemplateRepositoryError } from '../io/template-repository.js';
import type { RepositoryFacts } from '../rules/index.js';
import { SaidOnce } from './said-once.js';

/** A folder holding more entries than this is not walked while editing (a template check of it as a whole still is). */
export const EDITOR_MAX_ENTRIES = 20_000;

/** Folders whose changes never matter to the checks. */
const IGNORED = new Set(['.git', 'node_modules']);

export class TemplateRepositories {
  /** Bumped whenever facts are dropped, so what was computed with older ones is known stale. */
  generation = 0;
  private readonly byRoot = new Map<string, Promise<RepositoryFacts | undefined>>();
  private readonly warnings: SaidOnce;

  constructor(warn: (message: string) => void) {
    this.warnings = new SaidOnce(warn);
  }

  /** The facts of the repository rooted at `root` (undefined when it cannot be read). */
  facts(root: string): Promise<RepositoryFacts | undefined> {
    let pending = this.byRoot.get(root);
    if (!pending) {
      pending = readTemplateRepository(root, { skipInstalled: true, maxEntries: EDITOR_MAX_ENTRIES, readManifest: false }).then(
        ({ facts, unread }) => {
          for (const file of unread) this.warnings.say(`Template checks do not read ${path.join(root, file.path)}: ${file.reason}.`);
          // The manifest is the text being linted, whatever the disk holds.
          return { ...facts, manifest: true };
        },
        (error: unknown) => {
          this.warnings.say(`Template checks skip ${root}: ${error instanceof TemplateRepositoryError ? error.message : String(error)}.`);
          return undefined;
        },
      );
      this.byRoot.set(root, pending);
    }
    return pending;
  }

  /**
   * Files changed (absolute paths): drops the facts of every repository they lie in, outside
   * `.git` and `node_modules`. Returns whether any were dropped.
   */
  changed(files: readonly string[]): boolean {
    const matters = (root: string, file: string) => isInsideFolder(root, file) && !IGNORED.has(path.relative(root, file).split(path.sep)[0]!);
    let dropped = false;
    for (const root of [...this.byRoot.keys()]) {
      if (!files.some((file) => matters(root, file))) continue;
      this.byRoot.delete(root);
      dropped = true;
    }
    if (dropped) this.generation++;
    return dropped;
  }

  /** Forgets every repository: files may have changed unseen. */
  invalidate(): void {
    if (this.byRoot.size === 0) return;
    this.byRoot.clear();
    this.generation++;
  }
}
