/** The golden cases (`test/golden/<rule-id>/<case>.json`), shared by the golden and docs tests. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_NAME } from '../io/config-files.js';
import { lintManifest, lintOptionsFor as settingsOptions } from '../rules/apply-config.js';
import { decodeUtf8, lint, parseConfig, reportUnusedIgnores, type Diagnostic, type EngineLintOptions, type SkillSourceFacts } from '../rules/index.js';
import { factsOf, type RepositoryListing } from './repository-facts.js';

export const GOLDEN = new URL('./golden/', import.meta.url).pathname;
export const NOW = new Date('2026-11-23T09:00:00Z');

export interface GoldenCase {
  rule: string;
  name: string;
  /** Path of the input manifest. */
  input: string;
}

/** Files beside a case's input: its fixed text, and what it is linted with. */
const BESIDE_INPUT = /\.(fixed|repository|skill-sources|config)\.json$/;
const isInput = (file: string) => file.endsWith('.json') && !BESIDE_INPUT.test(file);

export function goldenCases(): GoldenCase[] {
  return readdirSync(GOLDEN, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((rule) =>
      readdirSync(join(GOLDEN, rule))
        .filter(isInput)
        .sort()
        .map((file) => ({ rule, name: file.replace(/\.json$/, ''), input: join(GOLDEN, rule, file) })),
    );
}

/** A case's manifest as the CLI reads it: decoded from UTF-8 (invalid bytes become U+FFFD). */
export function goldenText(input: string): string {
  return decodeUtf8(readFileSync(input)).text;
}

/**
 * The repository a case's manifest lies in: `<case>.repository.json` beside the input, a
 * `RepositoryListing` (files with their text, folders, symbolic links), when there is one.
 */
export function repositoryOf(input: string): RepositoryListing | undefined {
  const file = input.replace(/\.json$/, '.repository.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RepositoryListing) : undefined;
}

/**
 * The local skill folders of a case: `<case>.skill-sources.json` beside the input, the facts an
 * adapter would give (`EngineLintOptions.skillSources`), when there is one.
 */
export function skillSourcesOf(input: string): Record<string, SkillSourceFacts> | undefined {
  const file = input.replace(/\.json$/, '.skill-sources.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, SkillSourceFacts>) : undefined;
}

/**
 * Cases named `template-mode-…` are linted as template submissions (`manifest-lint template`),
 * and so are cases with a repository beside them, with its facts. A plain lint of a case named
 * `outside-template-repository-…` knows its manifest lies outside one (the CLI's folder check).
 */
export function lintOptionsFor(name: string, input?: string): EngineLintOptions {
  const listing = input === undefined ? undefined : repositoryOf(input);
  const options: EngineLintOptions = { now: NOW, template: name.startsWith('template-mode-') || listing !== undefined };
  if (name.startsWith('outside-template-repository-')) options.inTemplateRepository = false;
  if (listing) options.repository = factsOf(listing);
  const skillSources = input === undefined ? undefined : skillSourcesOf(input);
  if (skillSources) options.skillSources = skillSources;
  const { invalid } = input === undefined ? {} : decodeUtf8(readFileSync(input));
  if (invalid) options.encoding = invalid;
  return options;
}

/** The config file a case's manifest is linted under: `<case>.config.json` beside the input, when there is one. */
export function configOf(input: string): string | undefined {
  const file = input.replace(/\.json$/, '.config.json');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * What a case reports with `options`: its manifest's findings and, when it has a config file, as
 * the CLI reports them under it (`lintManifest`): what its `ignore` entries leave, then the
 * `unused-ignore` findings on the entries that silenced nothing, located in the config file.
 */
export function findingsOfCase(text: string, input: string, options: EngineLintOptions): Diagnostic[] {
  const configText = configOf(input);
  if (configText === undefined) return lint(text, options).diagnostics;
  const { config, problems } = parseConfig(configText);
  if (problems.length > 0) throw new Error(`${input.replace(/\.json$/, '.config.json')}: ${problems.map((problem) => problem.message).join('; ')}`);
  const { rules: overrides, ...settings } = options;
  const configFile = { absPath: CONFIG_NAME, text: configText, ...config };
  const manifestSettings = { ...settings, config: configFile, ...(overrides ? { overrides } : {}) };
  const { diagnostics, matched } = lintManifest(text, manifestSettings);
  const unused = reportUnusedIgnores(
    config.ignore.filter((entry) => !matched.has(entry)),
    settingsOptions(manifestSettings),
  );
  return [...diagnostics, ...unused.map((finding) => ({ ...finding, file: CONFIG_NAME }))];
}
