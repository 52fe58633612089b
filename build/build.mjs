// Build: (1) what run time needs from the schema — the standalone Ajv validator, compiled from
// the schema without its editor documentation, and the facts the engine's messages use — and the
// script of a template clone's watchdog; (2) the
// `manifest-lint` and `manifest-language-server` bundles, split so that code a run does not need
// is never loaded; (3) the VS Code extension's folder, `dist/extension/` (`npm run package` turns
// it into a `.vsix`); (4) the SchemaStore contribution, `dist/schemastore/`: the schema translated
// to draft-07 with its tests (docs/schemastore.md).
// `--sync-client-manifest` also brings the generated parts of `client/package.json` up to date.
// Prints nothing on success. Outputs are written through a temporary file and a rename, so a
// build running beside a test run never leaves a half-written file behind. A build whose outputs
// were all made by this Node.js from the same sources does nothing (`--force` builds anyway).
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepBuild, restoreBuild } from './build-cache.mjs';
import { stampIsCurrent, writeStamp } from './build-stamp.mjs';
import { SINGLE_FILE_CLI } from './release-files.mjs';
import { buildKey } from './source-hash.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (relative) => `${root}${relative}`;

// 0. Nothing to do when the outputs are there and the sources, Node.js and its platform (the code
// cache fits one Node.js) are those they were made from: a test run after a build, for example.
const STAMP = 'dist/.build-stamp.json';
const stampKey = buildKey(root);
const fresh = process.argv.includes('--force') || process.argv.includes('--sync-client-manifest');
if (!fresh && stampIsCurrent(root, STAMP, stampKey)) process.exit(0);

// A packaged extension (`npm run package`) survives a rebuild; everything else is made anew, or
// taken from a build of the same sources kept before (build/build-cache.mjs), stamp included.
for (const entry of existsSync(at('dist')) ? readdirSync(at('dist')) : []) {
  if (!entry.endsWith('.vsix')) rmSync(at(`dist/${entry}`), { recursive: true, force: true });
}
if (!fresh && restoreBuild(root, 'build', stampKey)) process.exit(0);

// What building takes, loaded only when there is something to build (a test run's build usually has nothing to do).
const [
  { default: standaloneModule },
  { build },
  { createAjv, SCHEMA_PATH },
  codeCache,
  lazyLoading,
  { packageFacts },
  extension,
  schemaArtifacts,
  { schemaStoreContribution },
  { oneLuxon },
  { purePackages },
  { withoutRuleDocs },
  { nodeBuiltins },
] = await Promise.all([
  import('ajv/dist/standalone/index.js'),
  import('esbuild'),
  import('./ajv.mjs'),
  import('./code-cache.mjs'),
  import('./lazy-modules.mjs'),
  import('./package-facts.mjs'),
  import('./extension.mjs'),
  import('./schema-artifacts.mjs'),
  import('./schemastore-contribution.mjs'),
  import('./one-luxon.mjs'),
  import('./pure-packages.mjs'),
  import('./without-rule-docs.mjs'),
  import('./node-builtins.mjs'),
]);
const standaloneCode = standaloneModule.default ?? standaloneModule;
const { writeCliCodeCache, writeServerCodeCache } = codeCache;
const { lazyLoadPlugin, lazyModules } = lazyLoading;
const { EXTENSION_DIR, extensionFiles, generatedRulesSetting, syncedClientManifest } = extension;
const { schemaFacts, validationSchema } = schemaArtifacts;

/** Every file this build writes, relative to the root: the stamp lists them. */
const outputs = new Set();

function writeAtomic(file, content, mode) {
  outputs.add(relative(root, file).split('\\').join('/'));
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content, mode === undefined ? undefined : { mode });
  if (mode !== undefined) chmodSync(temp, mode);
  renameSync(temp, file);
}

// 1. Run-time schema artifacts: no schema compilation and no documentation text at run time.
const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8'));
const ajv = createAjv({ code: { source: true, esm: true } });
const validate = ajv.compile(validationSchema(schema));
writeAtomic(at('rules/generated/manifest-validator.js'), standaloneCode(ajv, validate));
writeAtomic(
  at('rules/generated/manifest-validator.d.ts'),
  "declare const validate: { (data: unknown): boolean; errors?: import('ajv').ErrorObject[] | null };\n" + 'export default validate;\n',
);
writeAtomic(at('rules/generated/schema-facts.js'), `export default ${JSON.stringify(schemaFacts(schema))};\n`);
writeAtomic(
  at('rules/generated/schema-facts.d.ts'),
  'declare const facts: { properties: Record<string, string[]>; expectations: Record<string, string> };\n' + 'export default facts;\n',
);

/**
 * Code a run may not need stays out of the entry file, so Node does not even parse it: each
 * `lazy/<name>.ts` module (build/lazy-modules.mjs) wraps one heavy or rarely needed import
 * as `load()`. In the bundle it becomes a `require` made on first call: of `dist/chunks/<name>.cjs`,
 * a separate bundle of that package (cron-parser with luxon, cronstrue, multiformats, tinyglobby)
 * or of a module of ours (the library's language service), or, for the schema, of the package's
 * own `schema/manifest.v1.json`. The bundles hold no dynamic
 * `import()`, so the CLI can run from V8's code cache.
 */
const lazy = lazyModules(root);
const sideBundles = lazy.filter(({ bundled }) => bundled);
const loadOnDemand = lazyLoadPlugin('load-on-demand', lazy, (module) => `return require(${JSON.stringify(module.runtime)});`);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  // jsonc-parser's `main` is a UMD build that esbuild cannot follow; its `module` is ESM.
  mainFields: ['module', 'main'],
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
};

/** ES-module packages may use `import.meta.url` (tinyglobby's fdir does): a CommonJS bundle gives them its own file's URL. */
const importMetaUrl = {
  banner: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;",
  define: { 'import.meta.url': '__importMetaUrl' },
};

// The watchdog a template clone's git runs under (io/git/watchdog-program.ts): one script, which
// the bundles carry as a string and Node.js runs with `-e`, so even the single-file CLI starts it.
const [watchdog] = (await build({ ...common, entryPoints: [at('io/git/watchdog-program.ts')], format: 'cjs' })).outputFiles;
writeAtomic(at('io/git/generated/watchdog-script.js'), `export default ${JSON.stringify(watchdog.text)};\n`);
writeAtomic(at('io/git/generated/watchdog-script.d.ts'), 'declare const script: string;\nexport default script;\n');

// 2. The CLI and the language server: one CommonJS bundle each (Node starts it faster than an ES
// module), sharing the side bundles, and each started by a small loader with its code cache.
const COMMANDS = ['manifest-lint', 'manifest-language-server'];
const ENTRIES = COMMANDS.map((command) => at(`dist/${command}.bundle.cjs`));
// What every bundle of the package's own code needs; the commands leave out the rules' documentation.
const libraryPlugins = [loadOnDemand, packageFacts, purePackages];
const commandPlugins = [...libraryPlugins, withoutRuleDocs, nodeBuiltins];
const bundles = await Promise.all([
  build({ ...common, entryPoints: [at('cli/main.ts')], format: 'cjs', plugins: commandPlugins, outfile: ENTRIES[0] }),
  build({ ...common, entryPoints: [at('server/main.ts')], format: 'cjs', plugins: commandPlugins, outfile: ENTRIES[1] }),
  // The library, as CommonJS and as an ES module; its lazy parts are the same side bundles.
  build({ ...common, entryPoints: [at('lib/index.ts')], format: 'cjs', plugins: [...libraryPlugins, nodeBuiltins], outfile: at('dist/agent-manifest.cjs') }),
  build({
    ...common,
    entryPoints: [at('lib/index.ts')],
    format: 'esm',
    plugins: libraryPlugins,
    // The side bundles are CommonJS, loaded with `require`, which an ES module makes for itself.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    outfile: at('dist/agent-manifest.mjs'),
  }),
  ...sideBundles.map(({ specifier, runtime }) =>
    build({
      ...common,
      // An ES module re-export, so packages that export only ES modules (multiformats) resolve too.
      stdin: { contents: `export * from '${specifier}';`, resolveDir: root },
      format: 'cjs',
      plugins: [oneLuxon],
      banner: { js: importMetaUrl.banner },
      define: importMetaUrl.define,
      outfile: at(`dist/${runtime}`),
    }),
  ),
]);
for (const file of bundles.flatMap((output) => output.outputFiles)) writeAtomic(file.path, file.contents);
// The loader reads a command's bundle as Latin-1, which is faster than decoding UTF-8 and the same
// for ASCII: esbuild escapes every other character but those of regular expression literals.
for (const entry of ENTRIES) {
  const offset = readFileSync(entry).findIndex((byte) => byte > 0x7f);
  if (offset !== -1) throw new Error(`${entry} holds a character outside ASCII at byte ${offset}: write it as an escape (\\u…) in the source`);
}

// Each command is a small loader that runs its bundle with V8's code cache for it, made here by
// one representative run (a cache that does not fit the running Node is ignored).
for (const command of COMMANDS) {
  writeAtomic(at(`dist/${command}.cjs`), readFileSync(at('build/cached-loader.cjs')), 0o755);
  outputs.add(`dist/${command}.code-cache`);
}
const cacheOf = (command) => ({ command: at(`dist/${command}.cjs`), cacheFile: at(`dist/${command}.code-cache`) });
await Promise.all([
  writeCliCodeCache({ ...cacheOf('manifest-lint'), examples: at('examples') }),
  writeServerCodeCache({ ...cacheOf('manifest-language-server'), manifest: at('examples/needs-work/manifest.json') }),
]);

// 3. The VS Code extension: the client bundles, the server above, and what the manifest names.
for (const [file, content] of await extensionFiles({ at, common })) writeAtomic(at(`${EXTENSION_DIR}/${file}`), content);
if (process.argv.includes('--sync-client-manifest')) {
  const source = JSON.parse(readFileSync(at('client/package.json'), 'utf8'));
  const { version } = JSON.parse(readFileSync(at('package.json'), 'utf8'));
  const synced = syncedClientManifest(source, { version, rulesSetting: await generatedRulesSetting(at, common) });
  writeAtomic(at('client/package.json'), `${JSON.stringify(synced, null, 2)}\n`);
}

// 4. The SchemaStore contribution, generated from the schema and the test fixtures.
for (const [file, content] of schemaStoreContribution(schema)) writeAtomic(at(`dist/schemastore/${file}`), content);

// 5. The single-file CLI a release ships (and the GitHub Action of a release runs): one bundle
// without the lazy loading, so every chunk and the schema are inside it, and no code cache (a
// file of its own); it also exports `formatJsonResults` (cli/single-file.ts).
const [singleFile] = (
  await build({
    ...common,
    entryPoints: [at('cli/single-file.ts')],
    format: 'cjs',
    plugins: [packageFacts, purePackages, nodeBuiltins],
    banner: { js: `#!/usr/bin/env node\n${importMetaUrl.banner}` },
    define: importMetaUrl.define,
    outfile: at(SINGLE_FILE_CLI),
  })
).outputFiles;
writeAtomic(singleFile.path, singleFile.contents, 0o755);

writeStamp(root, STAMP, stampKey, outputs);
// Not a build that changed a source file (the client manifest): its key names the sources before.
// Kept with its stamp, so that a build restored from the cache is current.
if (!process.argv.includes('--sync-client-manifest')) keepBuild(root, 'build', stampKey, [...outputs, STAMP]);
