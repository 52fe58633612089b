// Build: (1) what run time needs from the schema — the standalone Ajv validator, compiled from
// the schema without its editor documentation, and the facts the engine's messages use; (2) the
// `manifest-lint` and `manifest-language-server` bundles, split so that code a run does not need
// is never loaded; (3) the VS Code extension's folder, `dist/extension/` (`npm run package` turns
// it into a `.vsix`).
// `--sync-client-manifest` also brings the generated parts of `client/package.json` up to date.
// Prints nothing on success. Outputs are written through a temporary file and a rename, so a
// build running beside a test run never leaves a half-written file behind.
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { build } from 'esbuild';
import { createAjv, SCHEMA_PATH } from './ajv.mjs';
import { EXTENSION_DIR, extensionFiles, generatedRulesSetting, syncedClientManifest } from './extension.mjs';
import { schemaFacts, validationSchema } from './schema-artifacts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (relative) => `${root}${relative}`;
const standaloneCode = standaloneModule.default ?? standaloneModule;

function writeAtomic(file, content, mode) {
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
  "declare const validate: { (data: unknown): boolean; errors?: import('ajv').ErrorObject[] | null };\n" +
    'export default validate;\n',
);
writeAtomic(at('rules/generated/schema-facts.js'), `export default ${JSON.stringify(schemaFacts(schema))};\n`);
writeAtomic(
  at('rules/generated/schema-facts.d.ts'),
  'declare const facts: { properties: Record<string, string[]>; expectations: Record<string, string> };\n' +
    'export default facts;\n',
);

/**
 * Code a run may not need stays out of the entry file, so Node does not even parse it:
 * - each `rules/engine/lazy/<name>.ts` wraps a heavy dependency (cron-parser with luxon, …) as
 *   `load()`; in the bundle it becomes a `require` of `dist/chunks/<name>.cjs`, made on first call;
 * - tinyglobby (only globs) is `import()`ed from `dist/chunks/tinyglobby.mjs`, an ES module so
 *   that Node sees its named exports;
 * - in the CLI, the schema JSON (only `--print-schema`) is read from the package's `schema/`
 *   folder; the language server needs it for every completion and hover, so its bundle carries it.
 */
const LAZY_DIR = at('rules/engine/lazy');
const lazyModules = readdirSync(LAZY_DIR)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => {
    const specifier = /from '([^']+)'/.exec(readFileSync(`${LAZY_DIR}/${file}`, 'utf8'))[1];
    return { source: `${LAZY_DIR}/${file}`, specifier, bundle: `${file.replace(/\.ts$/, '')}.cjs` };
  });
const sideBundles = [
  ...lazyModules.map(({ specifier, bundle }) => ({ specifier, bundle })),
  { specifier: 'tinyglobby', bundle: 'tinyglobby.mjs' },
];
/** `externalSchema`: leave the schema JSON out of the bundle (the CLI), as described above. */
const loadOnDemand = ({ externalSchema }) => ({
  name: 'load-on-demand',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]rules[\\/]engine[\\/]lazy[\\/][^\\/]+\.ts$/ }, (args) => {
      const lazy = lazyModules.find((module) => module.source === args.path);
      return { contents: `export function load() { return require('./chunks/${lazy.bundle}'); }`, loader: 'js' };
    });
    pluginBuild.onResolve({ filter: /^tinyglobby$/ }, () => ({ path: './chunks/tinyglobby.mjs', external: true }));
    pluginBuild.onResolve({ filter: /^\.\/chunks\// }, (args) => ({ path: args.path, external: true }));
    if (externalSchema) {
      pluginBuild.onResolve({ filter: /[\\/]schema[\\/]manifest\.v1\.json$/ }, () => ({
        path: '../schema/manifest.v1.json',
        external: true,
      }));
    }
  },
});

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

// 2. The CLI and the language server: one CommonJS file each (Node starts it faster than an ES
// module), sharing the side bundles.
const ENTRIES = [at('dist/manifest-lint.cjs'), at('dist/manifest-language-server.cjs')];
rmSync(at('dist'), { recursive: true, force: true });
const outputs = await Promise.all([
  build({
    ...common,
    entryPoints: [at('cli/main.ts')],
    format: 'cjs',
    plugins: [loadOnDemand({ externalSchema: true })],
    outfile: ENTRIES[0],
  }),
  build({
    ...common,
    entryPoints: [at('server/main.ts')],
    format: 'cjs',
    plugins: [loadOnDemand({ externalSchema: false })],
    outfile: ENTRIES[1],
  }),
  ...sideBundles.map(({ specifier, bundle }) =>
    build({
      ...common,
      // An ES module re-export, so packages that export only ES modules (multiformats) resolve too.
      stdin: { contents: `export * from '${specifier}';`, resolveDir: root },
      format: bundle.endsWith('.mjs') ? 'esm' : 'cjs',
      outfile: at(`dist/chunks/${bundle}`),
    }),
  ),
]);
for (const file of outputs.flatMap((output) => output.outputFiles)) {
  const entry = ENTRIES.includes(file.path);
  writeAtomic(file.path, entry ? `#!/usr/bin/env node\n${file.text}` : file.contents, entry ? 0o755 : undefined);
}

// 3. The VS Code extension: the client bundles, the server above, and what the manifest names.
for (const [file, content] of await extensionFiles({ at, common })) writeAtomic(at(`${EXTENSION_DIR}/${file}`), content);
if (process.argv.includes('--sync-client-manifest')) {
  const source = JSON.parse(readFileSync(at('client/package.json'), 'utf8'));
  const { version } = JSON.parse(readFileSync(at('package.json'), 'utf8'));
  const synced = syncedClientManifest(source, { version, rulesSetting: await generatedRulesSetting(at, common) });
  writeAtomic(at('client/package.json'), `${JSON.stringify(synced, null, 2)}\n`);
}
