/**
 * Facts about a template repository (`manifest-lint template`, the language server's template
 * checks). The engine does no I/O: a Node-side adapter walks the repository and hands these
 * plain objects to `lint` as `EngineLintOptions.repository`; the template-repository rules read them
 * from `RuleContext.repository`.
 *
 * Every path is relative to the repository root, with `/` separators and no leading `./` or
 * trailing `/`. `.git` is never part of the facts.
 */
import { SECRET_FILE_GLOBS } from './secret-files.js';
import type { RepositoryFacts } from '../framework/repository-facts.js';

export type { RepositoryFacts, RepositoryFile, RepositorySymlink } from '../framework/repository-facts.js';

export const MANIFEST_FILE = 'manifest.json';
export const README_FILE = 'README.md';
export const WORKSPACE_FOLDER = 'workspace';
/** Where the platform unpacks each skill: `workspace/skills/<name>/` (seed section 2.3). */
export const SKILLS_FOLDER = 'workspace/skills';

/**
 * The files of a repository whose text the template checks read (the README, possible secret
 * files), as one glob: an editor watches them for changes, besides files created and deleted.
 */
export const CONTENT_FILES_GLOB = `**/{${[README_FILE, ...SECRET_FILE_GLOBS].join(',')}}`;

export type EntryKind = 'file' | 'folder' | 'symlink';

/** Lookups over the facts, built once per facts object. */
export interface RepositoryIndex {
  /** What is at `path`, if anything. */
  kindOf(path: string): EntryKind | undefined;
  /** Whether `path` or one of its parent folders is a symbolic link (what lies beyond is unknown). */
  throughSymlink(path: string): boolean;
  /** Whether at least one file or symbolic link lies under the folder. */
  hasEntriesUnder(folder: string): boolean;
  /** Paths whose last segment equals `name` when both are lowercased, sorted. */
  namedLike(name: string): string[];
}

const INDEXES = new WeakMap<RepositoryFacts, RepositoryIndex>();

export function repositoryIndex(facts: RepositoryFacts): RepositoryIndex {
  let index = INDEXES.get(facts);
  if (!index) {
    index = buildIndex(facts);
    INDEXES.set(facts, index);
  }
  return index;
}

function buildIndex(facts: RepositoryFacts): RepositoryIndex {
  const kinds = new Map<string, EntryKind>();
  for (const folder of facts.folders) kinds.set(folder, 'folder');
  for (const file of facts.files) kinds.set(file.path, 'file');
  for (const link of facts.symlinks) kinds.set(link.path, 'symlink');
  const nonEmpty = new Set<string>();
  for (const path of [...facts.files.map((file) => file.path), ...facts.symlinks.map((link) => link.path)]) {
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) nonEmpty.add(path.slice(0, slash));
  }
  return {
    kindOf: (path) => kinds.get(path),
    throughSymlink(path) {
      if (kinds.get(path) === 'symlink') return true;
      for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
        if (kinds.get(path.slice(0, slash)) === 'symlink') return true;
      }
      return false;
    },
    hasEntriesUnder: (folder) => nonEmpty.has(folder),
    namedLike(name) {
      const lower = name.toLowerCase();
      return [...kinds.keys()].filter((path) => path.slice(path.lastIndexOf('/') + 1).toLowerCase() === lower).sort();
    },
  };
}

/**
 * A relative path joined to a folder of the repository and normalized; undefined when it leaves
 * the repository through `..`.
 */
export function joinRepositoryPath(folder: string, relative: string): string | undefined {
  const parts = folder === '' ? [] : folder.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else {
      parts.push(segment);
    }
  }
  return parts.join('/');
}

/**
 * Whether a symbolic link at `linkPath` whose target is `target` points outside the repository,
 * read lexically: absolute targets always do (the repository is checked out elsewhere on the
 * platform), relative ones when their `..` segments climb above the root.
 */
export function symlinkEscapes(linkPath: string, target: string): boolean {
  if (target === '' || target.startsWith('/')) return true;
  const slash = linkPath.lastIndexOf('/');
  return joinRepositoryPath(slash === -1 ? '' : linkPath.slice(0, slash), target) === undefined;
}
