// `npm run package` (after the build): packs `dist/extension/` into
// `dist/agent-manifest-<version>.vsix` with @vscode/vsce. The folder holds only what runs (see
// `extension.mjs`), the manifest's `files` list names each part, and dependencies are not
// collected: the client and the server are bundles, so the package has no `node_modules`.
// `--out <file>` writes the package elsewhere.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTENSION_DIR } from './extension.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// vsce lives in its own install (`build/packaging-tools/`, made by `node build/install-tools.mjs`).
const tools = createRequire(resolve(root, 'build/packaging-tools/package.json'));
if (!existsSync(resolve(root, 'build/packaging-tools/node_modules/@vscode/vsce'))) {
  process.stderr.write('@vscode/vsce is not installed: run `node build/install-tools.mjs build/packaging-tools` (`npm run package` does).\n');
  process.exit(1);
}
const vsce = tools('@vscode/vsce');
const folder = resolve(root, EXTENSION_DIR);
if (!existsSync(`${folder}/package.json`)) {
  process.stderr.write(`${EXTENSION_DIR} is missing: run \`npm run build\` first (\`npm run package\` does both).\n`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(`${folder}/package.json`, 'utf8'));
const outIndex = process.argv.indexOf('--out');
const packagePath = outIndex > 0 ? resolve(process.argv[outIndex + 1]) : resolve(root, `dist/${manifest.name}-${manifest.version}.vsix`);

await vsce.createVSIX({ cwd: folder, packagePath, dependencies: false });
