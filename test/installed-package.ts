/** A project where `agent-manifest` is installed, as npm links a dependency's bin, for running the docs' commands. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../dist/manifest-lint.cjs', import.meta.url));

/** Gives `project` a `node_modules/.bin/manifest-lint` (and `agent-manifest`) that runs the built CLI. */
export function withPackage(project: string): string {
  const bin = path.join(project, 'node_modules', '.bin');
  fs.mkdirSync(bin, { recursive: true });
  for (const name of ['manifest-lint', 'agent-manifest']) fs.writeFileSync(path.join(bin, name), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
  return project;
}

/** The PATH of the test's machine without any folder that holds a `manifest-lint`. */
export const PATH_WITHOUT_THE_TOOL = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((folder) => folder !== '' && !fs.existsSync(path.join(folder, 'manifest-lint')))
  .join(path.delimiter);
