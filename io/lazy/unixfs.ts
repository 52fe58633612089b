// Loaded on first use, like the engine's heavy dependencies (see rules/analyzers/lazy/README.md):
// `manifest-lint cid`, `manifest-lint skill upload` and `skill-cid-stale`'s folders need the UnixFS importer (bundled
// with the code around it as dist/chunks/unixfs.cjs); linting never loads it.
import * as skillStorage from '../skill-storage.js';

export function load(): typeof skillStorage {
  return skillStorage;
}
