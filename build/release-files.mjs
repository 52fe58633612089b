// What a release and the GitHub Action agree on: the names of the assets the Action downloads,
// and the `SHA256SUMS` file that vouches for them (the format `sha256sum --check` reads).
import { createHash } from 'node:crypto';

/** The single-file CLI as the build writes it, relative to the repository. */
export const SINGLE_FILE_CLI = 'dist/release/manifest-lint.cjs';
/** Its name among a release's assets. */
export const CLI_ASSET = 'manifest-lint.cjs';
export const SUMS_ASSET = 'SHA256SUMS';

export function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `SHA256SUMS` for files given as `[name, bytes]`, a line each, by name. */
export function sumsText(files) {
  return files
    .map(([name, bytes]) => [name, sha256(bytes)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, digest]) => `${digest}  ${name}\n`)
    .join('');
}

/** The digest `SHA256SUMS` gives for `name` (text or binary mode), or undefined. */
export function digestOf(sums, name) {
  for (const line of sums.split(/\r?\n/)) {
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (match && match[2] === name) return match[1];
  }
  return undefined;
}
