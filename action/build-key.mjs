// The cache key of the action's built CLI (dist/): a hash of the action's own files, so a new
// version of the action never runs an old build. Computed here because the expression hashFiles()
// only sees files inside the workspace, and the action's checkout is outside it.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sourceHash } from '../build/source-hash.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// By Node.js major version: a build made by another release of it runs the same (V8 ignores a
// code cache that does not fit), where the build's own stamp asks for the exact release.
const key = `agent-manifest-cli-${process.platform}-node${process.versions.node.split('.')[0]}-${sourceHash(ROOT).slice(0, 40)}`;
if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `key=${key}\n`);
process.stdout.write(`${key}\n`);
