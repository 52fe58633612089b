// The cache key of the action's built CLI (dist/): a hash of the action's own files, so a new
// version of the action never runs an old build. Computed here because the expression hashFiles()
// only sees files inside the workspace, and the action's checkout is outside it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What installing, building and testing make (as .gitignore lists it), and git's own folder. */
const NOT_SOURCE = new Set(['.git', 'dist', 'rules/generated', 'bench/results', 'test-results']);

/** Every file under the checkout, by relative path with `/`, in a fixed order. */
function sourceFiles(folder = '') {
  return fs
    .readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .map((entry) => ({ entry, relative: folder === '' ? entry.name : `${folder}/${entry.name}` }))
    .filter(({ entry, relative }) => !NOT_SOURCE.has(relative) && entry.name !== 'node_modules')
    .sort((a, b) => (a.relative < b.relative ? -1 : 1))
    .flatMap(({ entry, relative }) => (entry.isDirectory() ? sourceFiles(relative) : [relative]));
}

const hash = createHash('sha256');
for (const file of sourceFiles()) {
  const full = path.join(ROOT, file);
  // A link is hashed as where it points, so the walk never leaves the checkout.
  const content = fs.lstatSync(full).isSymbolicLink() ? fs.readlinkSync(full) : fs.readFileSync(full);
  hash.update(`${file}\0${content.length}\0`).update(content);
}
// The build's code cache fits one Node.js major version.
const key = `agent-manifest-cli-${process.platform}-node${process.versions.node.split('.')[0]}-${hash.digest('hex').slice(0, 40)}`;
if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `key=${key}\n`);
process.stdout.write(`${key}\n`);
