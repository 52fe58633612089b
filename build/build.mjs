// Build: (1) what run time needs from the schema — the standalone Ajv validator, compiled from
// the schema without its editor documentation, and the facts the engine's messages use; (2) the
// `manifest-lint` bundle, split so that code a run does not need is never loaded.
// Prints nothing on success. Outputs are written through a temporary file and a rename, so a
// build running beside a test run never leaves a half-written file behind.
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { build } from 'esbuild';
import { createAjv, SCHEMA_PATH } from './ajv.mjs';
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
 * cron-parser with luxon (only schedules need them; `load-cron-parser.ts` becomes a `require`
 * of their bundle, made on first call), tinyglobby (only globs) and the schema JSON (only
 * `--print-schema`, read from the package's `schema/` folder).
 */
// cron-parser is `require`d (the engine is synchronous); tinyglobby is `import()`ed, so it is an
// ES module, whose named exports Node sees.
const SIDE_BUNDLES = { 'cron-parser': 'cron-parser.cjs', tinyglobby: 'tinyglobby.mjs' };
const loadOnDemand = {
  name: 'load-on-demand',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]rules[\\/]engine[\\/]load-cron-parser\.ts$/ }, () => ({
      contents: `export function loadCronParser() { return require('cron-parser'); }`,
      loader: 'js',
    }));
    pluginBuild.onResolve({ filter: /^(cron-parser|tinyglobby)$/ }, (args) => ({
      path: `./chunks/${SIDE_BUNDLES[args.path]}`,
      external: true,
    }));
    pluginBuild.onResolve({ filter: /[\\/]schema[\\/]manifest\.v1\.json$/ }, () => ({
      path: '../schema/manifest.v1.json',
      external: true,
    }));
  },
};

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

// 2. The CLI: one CommonJS file (Node starts it faster than an ES module) plus the side bundles.
rmSync(at('dist'), { recursive: true, force: true });
const outputs = await Promise.all([
  build({
    ...common,
    entryPoints: [at('cli/main.ts')],
    format: 'cjs',
    plugins: [loadOnDemand],
    outfile: at('dist/manifest-lint.cjs'),
  }),
  ...Object.entries(SIDE_BUNDLES).map(([name, file]) => {
    const esm = file.endsWith('.mjs');
    const contents = esm ? `export * from '${name}';` : `module.exports = require('${name}');`;
    return build({ ...common, stdin: { contents, resolveDir: root }, format: esm ? 'esm' : 'cjs', outfile: at(`dist/chunks/${file}`) });
  }),
]);
for (const file of outputs.flatMap((output) => output.outputFiles)) {
  const entry = file.path === at('dist/manifest-lint.cjs');
  writeAtomic(file.path, entry ? `#!/usr/bin/env node\n${file.text}` : file.contents, entry ? 0o755 : undefined);
}
