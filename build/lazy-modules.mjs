// The modules loaded on first use (see rules/analyzers/lazy/README.md): each `lazy/<name>.ts`
// wraps one heavy or rarely needed import as `load()`. The Node bundles turn it into a `require`
// (build/build.mjs); the playground's worker into an `importScripts` (build/playground.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const LAZY_DIRS = ['rules/analyzers/lazy', 'cli/lazy', 'lib/lazy', 'language/lazy', 'io/lazy', 'report/lazy'];

/**
 * Every lazy module under `root`: its `name` (the file's), `source` file, the `specifier` it
 * wraps (a package, or an absolute path for a module of ours), whether that is `bundled` into a
 * chunk (a package or a module of ours) or a file of the package (the schema), and `runtime`,
 * what the Node bundles require: `./chunks/<name>.cjs`, or the file where the package ships it.
 */
export function lazyModules(root) {
  const modules = LAZY_DIRS.flatMap((dir) => {
    const folder = resolve(root, dir);
    return readdirSync(folder)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => {
        const name = file.replace(/\.ts$/, '');
        const specifier = /from '([^']+)'/.exec(readFileSync(`${folder}/${file}`, 'utf8'))[1];
        const local = specifier.startsWith('.');
        // A module of ours (`x.js`, written in `x.ts`) is bundled like a dependency.
        const ownModule = local && specifier.endsWith('.js') && existsSync(resolve(folder, specifier).replace(/\.js$/, '.ts'));
        const target = local ? resolve(folder, specifier) : specifier;
        return {
          name,
          source: `${folder}/${file}`,
          specifier: ownModule ? target.replace(/\.js$/, '.ts') : target,
          bundled: !local || ownModule,
          runtime: local && !ownModule ? relative(resolve(root, 'dist'), target) : `./chunks/${name}.cjs`,
        };
      });
  });
  // A chunk is named after its module's file: two of the same name would overwrite each other.
  const names = modules.map((module) => module.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new Error(`two lazy modules are named ${twice}: chunks are named after them, so each needs a name of its own`);
  return modules;
}

/**
 * The esbuild plugin that replaces each lazy module of `lazy` with `export function load() {
 * <body> }`, the body `loadBody(module)` gives (a `require`, an `importScripts`): what the
 * module imported stays out of the bundle.
 */
export function lazyLoadPlugin(name, lazy, loadBody) {
  return {
    name,
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /[\\/]lazy[\\/][^\\/]+\.ts$/ }, (args) => {
        const module = lazy.find((candidate) => candidate.source === args.path);
        return module ? { contents: `export function load() { ${loadBody(module)} }`, loader: 'js' } : undefined;
      });
      // What a replaced lazy module requires is resolved at run time, beside the bundle.
      pluginBuild.onResolve({ filter: /^\.\.?\// }, (args) =>
        lazy.some((module) => module.source === args.importer) ? { path: args.path, external: true } : undefined,
      );
    },
  };
}
