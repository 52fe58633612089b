// Loaded on first use, like the engine's heavy dependencies (see rules/analyzers/lazy/README.md):
// only `manifest-lint cid` and `manifest-lint skill upload` need the UnixFS importer (bundled
// with the code around it as dist/chunks/unixfs.cjs); linting never loads it.
import * as skillStorage from '../../io/skill-storage.js';

export function load(): typeof skillStorage {
  return skillStorage;
}
