/** A project where `agent-manifest` is installed, as npm links a dependency's bin, for running the docs' commands. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's commands (package.json's `bin`), each the built file it runs. */
const BINS: Record<string, string> = {
  'manifest-lint': 'dist/manifest-lint.cjs',
  'agent-manifest': 'dist/manifest-lint.cjs',
  'manifest-language-server': 'dist/manifest-language-server.cjs',
};

/** Gives `project` the package's commands in `node_modules/.bin`, each running the built file. */
export function withPackage(project: string): string {
  const bin = path.join(project, 'node_modules', '.bin');
  fs.mkdirSync(bin, { recursive: true });
  for (const [name, file] of Object.entries(BINS)) {
    const built = fileURLToPath(new URL(`../${file}`, import.meta.url));
    fs.writeFileSync(path.join(bin, name), `#!/bin/sh\nexec '${process.execPath}' '${built}' "$@"\n`, { mode: 0o755 });
  }
  return project;
}

/** The PATH of the test's machine without any folder that holds a `manifest-lint`. */
export const PATH_WITHOUT_THE_TOOL = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((folder) => folder !== '' && !fs.existsSync(path.join(folder, 'manifest-lint')))
  .join(path.delimiter);
