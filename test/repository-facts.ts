/**
 * Repository facts written by hand for tests and golden cases: a listing of files (with their
 * text), extra folders and symbolic links, turned into the `RepositoryFacts` the Node adapter
 * would gather from disk.
 */
import { symlinkEscapes, wantsContent, type RepositoryFacts, type RepositoryFile } from '../rules/index.js';

export interface RepositoryListing {
  /** Whether `manifest.json` is there (default true; its text is the case's input). */
  manifest?: boolean;
  /** Files by path, with their text. */
  files?: Record<string, string>;
  /** Folders besides the parents of files and links (empty ones, say). */
  folders?: string[];
  /** Symbolic links by path, with their targets. */
  symlinks?: Record<string, string>;
}

export function factsOf(listing: RepositoryListing): RepositoryFacts {
  const files: RepositoryFile[] = Object.entries(listing.files ?? {}).map(([path, text]) => ({
    path,
    size: Buffer.byteLength(text),
    ...(wantsContent(path) ? { text } : {}),
  }));
  const symlinks = Object.entries(listing.symlinks ?? {}).map(([path, target]) => ({ path, target, escapes: symlinkEscapes(path, target) }));
  const folders = new Set<string>();
  for (const path of [...files.map((file) => file.path), ...symlinks.map((link) => link.path), ...(listing.folders ?? []).map((folder) => `${folder}/`)]) {
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) folders.add(path.slice(0, slash));
  }
  const readme = listing.files?.['README.md'];
  return {
    manifest: listing.manifest ?? true,
    ...(readme !== undefined ? { readme } : {}),
    files,
    folders: [...folders].sort(),
    symlinks,
  };
}
