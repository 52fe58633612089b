// Build: (1) the standalone Ajv validator for the manifest schema, (2) the `manifest-lint` bundle.
// Prints nothing on success. Outputs are written through a temporary file and a rename, so a
// build running beside a test run never leaves a half-written file behind.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { build } from 'esbuild';
import { createAjv, SCHEMA_PATH } from './ajv.mjs';

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

// 1. Standalone validator: no schema compilation at run time.
const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8'));
const ajv = createAjv({ code: { source: true, esm: true } });
const validate = (schema.$id && ajv.getSchema(schema.$id)) || ajv.compile(schema);
writeAtomic(at('rules/generated/manifest-validator.js'), standaloneCode(ajv, validate));
writeAtomic(
  at('rules/generated/manifest-validator.d.ts'),
  "declare const validate: { (data: unknown): boolean; errors?: import('ajv').ErrorObject[] | null };\n" +
    'export default validate;\n',
);

// 2. The CLI: one minified ESM file with a shebang.
const result = await build({
  entryPoints: [at('cli/main.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  minify: true,
  // jsonc-parser's `main` is a UMD build that esbuild cannot follow; its `module` is ESM.
  mainFields: ['module', 'main'],
  banner: {
    js:
      '#!/usr/bin/env node\n' +
      "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  legalComments: 'none',
  write: false,
  outfile: at('dist/manifest-lint.js'),
  logLevel: 'warning',
});
for (const file of result.outputFiles) writeAtomic(file.path, file.contents, 0o755);
