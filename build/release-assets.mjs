// `node build/release-assets.mjs <folder> [--tag v<version>]`: makes a release's assets in an
// empty <folder> — the npm package (`npm pack`, whose `prepack` builds), the VS Code extension
// (`.vsix`, packed once: the release publishes this same file to both marketplaces), the
// single-file CLI (`manifest-lint.cjs`) and `SHA256SUMS` of those three, in the format
// `sha256sum --check` reads. The release workflow runs it, and so does its dry run in the tests:
// nothing of it is written in the workflow. With `--tag`, the tag must name the version of the
// package and of the extension. Prints the assets' paths, and when GITHUB_OUTPUT is set (a
// workflow step) also writes them as the step's outputs `tarball`, `vsix`, `cli` and `sums`.
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_ASSET, SINGLE_FILE_CLI, SUMS_ASSET, sumsText } from './release-files.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function fail(message) {
  process.stderr.write(`release-assets: ${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
const tagIndex = args.indexOf('--tag');
const tag = tagIndex >= 0 ? args[tagIndex + 1] : undefined;
const positional = args.filter((_, index) => index !== tagIndex && index !== tagIndex + 1);
if (positional.length !== 1 || (tagIndex >= 0 && !tag)) fail('usage: node build/release-assets.mjs <folder> [--tag v<version>]');
const out = resolve(positional[0]);

const versionOf = (file) => JSON.parse(readFileSync(resolve(root, file), 'utf8')).version;
const version = versionOf('package.json');
if (tag !== undefined) {
  const extensionVersion = versionOf('client/package.json');
  if (tag !== `v${version}`)
    fail(
      `the tag ${tag} does not name the package's version ${version}: set "version" in package.json (and in client/package.json) to ${tag.replace(/^v/, '')}, or tag v${version}`,
    );
  if (extensionVersion !== version)
    fail(`the extension's version (client/package.json) is ${extensionVersion}, the package's ${version}: they are released together`);
}

const run = (command, commandArgs) => execFileSync(command, commandArgs, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// The npm package: `prepack` builds dist/ (the CLI's single file included) and the types.
const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', out]));
const tarball = resolve(out, packed.filename);

// The extension, packed from the folder that build wrote, with the pinned packager.
run(process.execPath, ['build/install-tools.mjs', 'build/packaging-tools']);
const vsix = resolve(out, `agent-manifest-${version}.vsix`);
run(process.execPath, ['build/package-extension.mjs', '--out', vsix]);

const cli = resolve(out, CLI_ASSET);
copyFileSync(resolve(root, SINGLE_FILE_CLI), cli);

const assets = [tarball, vsix, cli];
const unexpected = readdirSync(out).filter((name) => !assets.some((asset) => basename(asset) === name));
if (unexpected.length > 0) fail(`unexpected files among the assets: ${unexpected.join(', ')}`);
const sums = resolve(out, SUMS_ASSET);
writeFileSync(sums, sumsText(assets.map((asset) => [basename(asset), readFileSync(asset)])));

const paths = { tarball, vsix, cli, sums };
process.stdout.write(`${JSON.stringify(paths, null, 2)}\n`);
if (process.env.GITHUB_OUTPUT)
  appendFileSync(
    process.env.GITHUB_OUTPUT,
    Object.entries(paths)
      .map(([name, path]) => `${name}=${path}\n`)
      .join(''),
  );
