// The VS Code extension's folder, `dist/extension/`: exactly what the `.vsix` holds.
//   extension.cjs        the client's entry (activation, commands, language modes); small
//   language-client.cjs  vscode-languageclient and the client set-up, required at the first manifest
//   server/              the language server bundle and the chunks it loads on demand
//   schema/              the manifest JSON Schema
//   syntaxes/, language-configuration.json, icon.png, README.md, LICENSE, package.json
// The manifest is `client/package.json` with the root package's version and the
// `agentManifest.rules` setting generated from the engine's rule metadata, without `type` (which
// only tells TypeScript that the sources beside it are ES modules).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { drawIcon, encodePng } from './icon.mjs';

/** Pixels of the file icon: twice the 16 px the explorer shows, for high-density screens. */
const FILE_ICON_SIZE = 32;

export const EXTENSION_DIR = 'dist/extension';
const RULES_SETTING = 'agentManifest.rules';

/** In the client bundle, the language client is a `require` of its own bundle, made on first use. */
const languageClientOnDemand = {
  name: 'language-client-on-demand',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]client[\\/]src[\\/]load-language-client\.ts$/ }, () => ({
      contents: "export function loadLanguageClient() { return Promise.resolve(require('./language-client.cjs')); }",
      loader: 'js',
    }));
    pluginBuild.onResolve({ filter: /^\.\/language-client\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** The rules as `manifest-lint --list-rules --format json` lists them (the CLI just built). */
export function ruleSummaries(at) {
  const output = execFileSync(process.execPath, [at('dist/manifest-lint.cjs'), '--list-rules', '--format', 'json'], {
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

/** `rulesSettingSchema` from the client's sources (TypeScript), compiled in memory. */
async function loadRulesSettingSchema(at, common) {
  const result = await build({
    ...common,
    entryPoints: [at('client/src/rules-setting.ts')],
    format: 'esm',
    minify: false,
  });
  const code = result.outputFiles[0].text;
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return module.rulesSettingSchema;
}

/** The `agentManifest.rules` setting's contribution, from the engine's rules. */
export async function generatedRulesSetting(at, common) {
  const rulesSettingSchema = await loadRulesSettingSchema(at, common);
  return rulesSettingSchema(ruleSummaries(at));
}

/** `client/package.json` with the generated parts brought up to date (`--sync-client-manifest`). */
export function syncedClientManifest(source, { version, rulesSetting }) {
  const manifest = structuredClone(source);
  manifest.version = version;
  manifest.contributes.configuration.properties[RULES_SETTING] = rulesSetting;
  return manifest;
}

/** The shipped manifest: the synced source without `type`. */
export function extensionManifest(source, generated) {
  const manifest = syncedClientManifest(source, generated);
  delete manifest.type;
  return manifest;
}

/**
 * Builds the client bundles and returns every file of the extension folder as
 * `[path inside dist/extension, contents]`. Call after the server and its chunks are in `dist/`.
 */
export async function extensionFiles({ at, common }) {
  const bundles = await build({
    ...common,
    entryPoints: {
      extension: at('client/src/extension.ts'),
      'language-client': at('client/src/language-client.ts'),
    },
    format: 'cjs',
    external: ['vscode'],
    plugins: [languageClientOnDemand],
    outdir: at(EXTENSION_DIR),
    outExtension: { '.js': '.cjs' },
  });
  const rootPackage = JSON.parse(readFileSync(at('package.json'), 'utf8'));
  const source = JSON.parse(readFileSync(at('client/package.json'), 'utf8'));
  const manifest = extensionManifest(source, {
    version: rootPackage.version,
    rulesSetting: await generatedRulesSetting(at, common),
  });
  const files = bundles.outputFiles.map((file) => [file.path.slice(at(EXTENSION_DIR).length + 1), file.contents]);
  const copy = (from, to = from) => files.push([to, readFileSync(at(from))]);
  files.push(['package.json', `${JSON.stringify(manifest, null, 2)}\n`]);
  // The bundle alone: VS Code runs it with its own Node.js, which a code cache made here would not fit.
  copy('dist/manifest-language-server.bundle.cjs', 'server/manifest-language-server.cjs');
  for (const chunk of readdirSync(at('dist/chunks'))) copy(`dist/chunks/${chunk}`, `server/chunks/${chunk}`);
  copy('schema/manifest.v1.json', 'schema/manifest.v1.json');
  copy('client/syntaxes/agent-manifest.tmLanguage.json', 'syntaxes/agent-manifest.tmLanguage.json');
  copy('client/language-configuration.json', 'language-configuration.json');
  copy('client/icon.png', 'icon.png');
  // The walkthrough's pictures, taken by the real-editor test (UPDATE_SCREENSHOTS=1).
  for (const picture of readdirSync(at('client/media'))) copy(`client/media/${picture}`, `media/${picture}`);
  // The file icon of manifests (the language's icon), drawn small from the same picture.
  files.push(['file-icon.png', encodePng(FILE_ICON_SIZE, FILE_ICON_SIZE, drawIcon(FILE_ICON_SIZE))]);
  copy('client/README.md', 'README.md');
  copy('LICENSE', 'LICENSE');
  return files;
}
