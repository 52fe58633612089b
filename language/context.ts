import type { ClientCapabilities } from 'vscode-languageserver';
import type { ConfigFile, ManifestSettings } from '../rules/apply-config.js';
import { lintManifestSteps, type ManifestLint } from '../rules/apply-config.js';
import type { OpenDocument } from './documents.js';
import { folderOf } from './uris.js';
import type { Settings } from './settings.js';
import { runInSlices } from './slices.js';
import { placeOnManifest, templateCheckFor, type RepositoryFactsSource } from './template-checks.js';
import type { SkillSourcesSource } from './skill-sources.js';

/**
 * What the language service needs from its host: the ports every feature works with. The server
 * fills them from the client (settings, config files, repositories on disk); the library from its
 * options, in memory. The host owns the documents and hands each feature the one it is about.
 */
export interface FeatureContext {
  /** The host's current document at `uri`, if it has one: what the JSON service's callbacks and a template report ask for by URI. */
  openDocument(uri: string): OpenDocument | undefined;
  settings: {
    /** A document's settings, asked of the client when it can say. */
    get(uri: string): Promise<Settings>;
    /** The settings known without asking, for features that answer synchronously. */
    known(uri: string): Settings;
    /** Bumped whenever settings may have changed. */
    readonly generation: number;
  };
  configs: {
    /** The configuration file that applies in a folder (none for a document without one). */
    forFolder(folder: string | undefined): Promise<ConfigFile | undefined>;
    /** Bumped whenever a configuration file may have changed. */
    readonly generation: number;
  };
  /** Repository facts for template checks (`agentManifest.templateChecks`). */
  templates: RepositoryFactsSource;
  /** The local source folders of skills pinned by `cid`, for `skill-cid-stale` and the hover on a `cid`. */
  skillSources: SkillSourcesSource;
  client: ClientCapabilities;
  /** How many protocol messages the connection has handled: a run gives way while it grows. */
  messagesHandled(): number;
  /** The clock: `initializationOptions.now` when given. */
  now(): Date;
}

/** Whether the service serves a document: a manifest, and not switched off in its settings. */
export function isServed(context: FeatureContext, document: OpenDocument): boolean {
  return document.isManifest && context.settings.known(document.uri).enable;
}

export interface Analysis {
  /** The version the findings are for. */
  version: number;
  /** What the findings depend on besides the version (settings, config, template and skill facts). */
  key: string;
  settings: Settings;
  manifestSettings: ManifestSettings;
  lint: ManifestLint;
  /** The server's own work for this analysis: parsing (when this run did it) and linting. */
  millis: number;
}

/**
 * Lints the current version of a document with its settings and config file, in slices that let
 * other requests in; rejects with `StaleRun` when the document changes meanwhile. Results are
 * kept per version, settings generation and config generation, so diagnostics and code actions
 * share one run.
 */
export async function analyze(context: FeatureContext, document: OpenDocument): Promise<Analysis> {
  const settings = await context.settings.get(document.uri);
  const config = await context.configs.forFolder(folderOf(document.uri));
  const template = await templateCheckFor(context.templates, document, settings);
  // Known without waiting: hashing a skill folder never holds a lint up (a refresh follows).
  const skills = context.skillSources.known(document.uri, document.parsed, config);
  const key = `analysis:${context.settings.generation}:${context.configs.generation}:${template.key}:${skills.key}`;
  return document.cached(key, async () => {
    const manifestSettings: ManifestSettings = { config, overrides: settings.rules, now: context.now() };
    if (skills.facts) manifestSettings.skillSources = skills.facts;
    if (template.template) manifestSettings.template = true;
    if (template.repository) manifestSettings.repository = template.repository;
    if (template.inTemplateRepository !== undefined) manifestSettings.inTemplateRepository = template.inTemplateRepository;
    const { version } = document;
    const started = performance.now();
    const parsed = document.parsed;
    const parseMillis = performance.now() - started;
    const run = await runInSlices(lintManifestSteps(parsed, manifestSettings), () => document.version !== version, context.messagesHandled);
    return { version, key, settings, manifestSettings, lint: placeOnManifest(run.value, document), millis: parseMillis + run.millis };
  });
}
