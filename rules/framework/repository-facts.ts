/**
 * Facts about a template repository, as an adapter found them: the engine does no I/O, so a
 * Node-side adapter walks the repository and hands these plain objects to `lint` as
 * `EngineLintOptions.repository`; the template-repository rules read them from `RuleContext.repository`
 * (see analyzers/repository.ts). On their own, importing nothing, so that the framework's option
 * and context types can name them.
 *
 * Every path is relative to the repository root, with `/` separators and no leading `./` or
 * trailing `/`. `.git` is never part of the facts.
 */

export interface RepositoryFile {
  path: string;
  /** Size in bytes. */
  size: number;
  /**
   * The file's text, only for the files `wantsContent` names (possible secret files) and only
   * when the adapter could read them as text; absent otherwise.
   */
  text?: string;
}

export interface RepositorySymlink {
  path: string;
  /** The link's target as stored. */
  target: string;
  /** Whether the target lies outside the repository (absolute targets always do). */
  escapes: boolean;
}

export interface RepositoryFacts {
  /** Whether `manifest.json` is a file at the root (its text is what `lint` is given). */
  manifest: boolean;
  /** The text of `README.md` at the root, when it is a file. */
  readme?: string | undefined;
  /** Regular files, in any order. */
  files: readonly RepositoryFile[];
  /** Folders, in any order (a folder holding only a `.git` entry is still listed). */
  folders: readonly string[];
  symlinks: readonly RepositorySymlink[];
}
