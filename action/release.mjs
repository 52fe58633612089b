// Which release the action is a version of, and its single-file CLI: a workflow that uses the
// action at a release tag (`agent-manifest/agent-manifest@v1.2.3`) runs the `manifest-lint.cjs`
// that release ships, checked against the release's SHA256SUMS, instead of installing and building
// the CLI (action/build.mjs). Anything else — a branch, a commit, a moving tag, the action's own
// checkout (`uses: ./`), a release without the asset — builds, as do a failed download and a file
// whose digest is not the one listed.
import fs from 'node:fs';
import path from 'node:path';
import { CLI_ASSET, digestOf, sha256, SUMS_ASSET } from '../build/release-files.mjs';

/**
 * The repository and ref the runner fetched the action from. The runner keeps an action at
 * `…/_actions/<owner>/<repository>/<ref>`, which is the surest source; `github.action_repository`
 * and `github.action_ref`, handed over by action.yml, are the others (they name the outer action
 * when this one is used inside another composite action).
 * @param {{ actionPath: string, repository?: string, ref?: string }} where
 * @returns {{ repository: string, ref: string } | undefined}
 */
export function actionSource({ actionPath, repository, ref }) {
  const fetched = /[\\/]_actions[\\/]([^\\/]+)[\\/]([^\\/]+)[\\/]([^\\/]+)[\\/]?$/.exec(actionPath);
  if (fetched) return { repository: `${fetched[1]}/${fetched[2]}`, ref: fetched[3] };
  return repository && ref ? { repository, ref } : undefined;
}

/**
 * The release tag the action runs at, or why there is none: the ref must be the tag of the
 * version the action's package.json names, so that the release's CLI is the one of these sources.
 * @returns {{ tag: string } | { reason: string }}
 */
export function releaseTag(source, version) {
  if (source === undefined) return { reason: 'the action was not fetched from a repository at a ref (a local action)' };
  if (source.ref !== `v${version}`) return { reason: `the action's ref ${source.ref} is not the tag of its version, v${version}` };
  return { tag: source.ref };
}

/** A release asset's bytes, or undefined when the release has no such asset (404). */
async function download(url) {
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(120_000) });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Downloads the release's CLI and SHA256SUMS from `serverUrl` (github.com, or the GitHub
 * Enterprise server the workflow runs on) into `folder`, and checks the one against the other.
 * @returns {Promise<{ cli: string } | { reason: string, warning?: boolean }>}
 */
export async function downloadReleaseCli({ serverUrl, repository, tag, folder }) {
  const base = `${serverUrl.replace(/\/+$/, '')}/${repository}/releases/download/${encodeURIComponent(tag)}`;
  let cli;
  let sums;
  try {
    [cli, sums] = await Promise.all([download(`${base}/${CLI_ASSET}`), download(`${base}/${SUMS_ASSET}`)]);
  } catch (error) {
    return { reason: `the release's CLI could not be downloaded: ${error?.cause?.message ?? error?.message ?? error}`, warning: true };
  }
  if (cli === undefined || sums === undefined) return { reason: `the release ${tag} of ${repository} has no ${cli === undefined ? CLI_ASSET : SUMS_ASSET}` };
  const listed = digestOf(sums.toString('utf8'), CLI_ASSET);
  if (listed === undefined) return { reason: `the release's ${SUMS_ASSET} lists no ${CLI_ASSET}`, warning: true };
  const actual = sha256(cli);
  if (actual !== listed) return { reason: `the release's ${CLI_ASSET} has the SHA-256 ${actual}, not the ${listed} its ${SUMS_ASSET} lists`, warning: true };
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, CLI_ASSET);
  fs.writeFileSync(file, cli);
  return { cli: file };
}
