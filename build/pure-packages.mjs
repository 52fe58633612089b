/**
 * Packages whose modules do nothing when loaded but define what they export, though their
 * package.json does not say so (`"sideEffects": false`): a bundle then leaves out a module none of
 * whose exports it uses. jsonc-parser's formatter, which the engine never calls, otherwise builds
 * 1,200 strings of indentation at every start.
 */
const PURE = /[\\/]node_modules[\\/]jsonc-parser[\\/]lib[\\/]esm[\\/]/;

export const purePackages = {
  name: 'pure-packages',
  setup(pluginBuild) {
    // The package by its name, and its modules' imports of one another, which are relative.
    pluginBuild.onResolve({ filter: /^(?:jsonc-parser$|\.)/ }, async (args) => {
      if (args.pluginData?.pure || !(args.path === 'jsonc-parser' || PURE.test(args.importer))) return undefined;
      const resolved = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { pure: true },
      });
      return resolved.errors.length > 0 || !PURE.test(resolved.path) ? undefined : { path: resolved.path, sideEffects: false };
    });
  },
};
