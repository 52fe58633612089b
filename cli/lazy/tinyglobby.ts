// Loaded on first use, like the engine's heavy dependencies (see rules/analyzers/lazy/README.md):
// only a glob on the command line needs it.
import * as tinyglobby from 'tinyglobby';

export function load(): typeof tinyglobby {
  return tinyglobby;
}
