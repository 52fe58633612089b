// The action's first step after Node.js (action.yml): when the action runs at a release tag, it
// downloads that release's single-file CLI (action/release.mjs) and names it in the step output
// `cli`, and the install, build and cache steps are skipped; otherwise `cli` is empty and they run.
// It never fails the job: whatever goes wrong, the build is there to fall back on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { actionSource, downloadReleaseCli, releaseTag } from './release.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

async function main() {
  const source = actionSource({ actionPath: ROOT, repository: process.env.ACTION_REPOSITORY, ref: process.env.ACTION_REF });
  const release = releaseTag(source, version);
  if ('reason' in release) return { reason: release.reason };
  return downloadReleaseCli({
    serverUrl: process.env.GITHUB_SERVER_URL || 'https://github.com',
    repository: source.repository,
    tag: release.tag,
    folder: path.join(process.env.RUNNER_TEMP || os.tmpdir(), `agent-manifest-${release.tag}`),
  });
}

const outcome = await main();
if ('cli' in outcome) {
  process.stdout.write(`manifest-lint: using the release's single-file CLI, checked against its SHA256SUMS\n`);
} else {
  // A warning when something is wrong with a release; a plain line when there is none to use.
  const message = `${outcome.reason}; building manifest-lint from the action's source`.replace(/%/g, '%25').replace(/\r?\n/g, ' ');
  process.stdout.write(`${outcome.warning ? '::warning title=manifest-lint::' : 'manifest-lint: '}${message}\n`);
}
if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `cli=${outcome.cli ?? ''}\n`);
