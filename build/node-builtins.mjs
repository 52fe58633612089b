import { readFileSync } from 'node:fs';

/**
 * Node's own modules imported by default (`import fs from 'node:fs'`), `require`d once each and
 * used as they are. Left to esbuild, each file that imports one so gets a copy of it with a getter
 * per function, made at start: sixteen copies and 700 getters on a short run, a millisecond and a
 * half before any work. A file that also imports names from the module (`import fs, { promises }`)
 * is left to esbuild: Node defines some of those with getters that load a module when read.
 */
export const nodeBuiltins = {
  name: 'node-builtins',
  setup(pluginBuild) {
    const sources = new Map();
    const sourceOf = (file) => {
      if (!sources.has(file)) sources.set(file, readFileSync(file, 'utf8'));
      return sources.get(file);
    };
    pluginBuild.onResolve({ filter: /^node:[a-z_/]+$/ }, (args) => {
      if (args.kind !== 'import-statement' || !/\.[cm]?ts$/.test(args.importer)) return undefined;
      const imports = [...sourceOf(args.importer).matchAll(/^import\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/gm)].filter(
        ([, type, , specifier]) => !type && specifier === args.path,
      );
      const byDefaultOnly = imports.length > 0 && imports.every(([, , bindings]) => /^[A-Za-z_$][\w$]*$/.test(bindings));
      return byDefaultOnly ? { path: args.path, namespace: 'node-default', sideEffects: false } : undefined;
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'node-default' }, (args) => ({
      contents: `export default require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};
