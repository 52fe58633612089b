// The GitHub Pages site, `dist/site/`: the playground at its root and the manifest schema at
// schemas/manifest.v1.json, byte for byte, so the project has a schema address of its own
// (docs/schema-url.md). `npm run build:pages` builds it, and .github/workflows/pages.yml
// publishes what this script writes, nothing else.
// Needs `node build/build.mjs` first, as the playground does.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_SCHEMA_PATH } from './pages-url.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist/site');

// The playground build empties the folder first (and refuses one holding other files).
const playground = spawnSync(process.execPath, [join(root, 'build/playground.mjs'), '--out', out], { stdio: 'inherit' });
if (playground.status !== 0) process.exit(playground.status ?? 1);

const schema = join(out, SITE_SCHEMA_PATH);
if (existsSync(schema)) fail(`the playground build wrote ${SITE_SCHEMA_PATH}, where the site serves the schema`);
mkdirSync(dirname(schema), { recursive: true });
copyFileSync(join(root, 'schema/manifest.v1.json'), schema);
process.stdout.write(`The site is in ${out}: the playground, and the schema at ${SITE_SCHEMA_PATH}\n`);

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}
