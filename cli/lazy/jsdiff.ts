// Loaded on first use, like the engine's heavy dependencies (see rules/analyzers/lazy/README.md):
// only --fix-dry-run prints a diff.
import * as jsdiff from 'diff';

export function load(): typeof jsdiff {
  return jsdiff;
}
