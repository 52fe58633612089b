/**
 * Template checks in the editor (`agentManifest.templateChecks`): a manifest is linted in
 * template mode, with the facts of the folder it lies in, when the setting is `on`, or `auto`
 * and the manifest has a `template` object. Repository facts are read once per folder and kept
 * until a watched file in that folder is created, deleted, or (for the README and possible
 * secret files) changed.
 *
 * Findings about other files of the repository (a missing `README.md`, a `.env` with values,
 * a link leading out) are not published on those files, which are usually not open and may not
 * exist: they are shown on the manifest, on its `"template"` key (or its first line when it has
 * none), with the file named at the start of the message.
 */
import type { ManifestLint } from '../rules/apply-config.js';
import { nodeAt, WORKSPACE_FOLDER, type Diagnostic, type Range, type RepositoryFacts } from '../rules/index.js';
import type { OpenDocument } from './documents.js';
import { folderOf } from './uris.js';
import type { Settings } from './settings.js';

/** Where repository facts come from: the server reads them from disk; the library has none. */
export interface RepositoryFactsSource {
  /** The facts of the repository at `root`, or undefined when it cannot be read. */
  facts(root: string): Promise<RepositoryFacts | undefined>;
  /** Bumped whenever facts read before may be out of date. */
  readonly generation: number;
}

export interface TemplateCheck {
  /** Lint in template mode. */
  template: boolean;
  /** Outside template mode: whether the manifest lies at the root of a template repository, when known. */
  inTemplateRepository?: boolean;
  /** The repository's facts, when the manifest is a file in a readable folder. */
  repository: RepositoryFacts | undefined;
  /** Part of the analysis cache key: changes whenever the two above may. */
  key: string;
}

const OFF: TemplateCheck = { template: false, repository: undefined, key: 'off' };

/** Whether and how a document is checked as a template, per `agentManifest.templateChecks`. */
export async function templateCheckFor(templates: RepositoryFactsSource, document: OpenDocument, settings: Settings): Promise<TemplateCheck> {
  const hasTemplate = nodeAt(document.parsed.root, ['template'])?.type === 'object';
  if (settings.templateChecks === 'off') return hasTemplate ? layoutOnly(templates, document) : OFF;
  if (settings.templateChecks === 'auto' && !hasTemplate) return OFF;
  const folder = folderOf(document.uri);
  if (folder === undefined) return { template: true, repository: undefined, key: 'template' };
  const generation = templates.generation;
  const repository = await templates.facts(folder);
  return { template: true, repository, key: `template:${generation}` };
}

/**
 * A plain lint of a manifest with `template`: whether its folder is a template repository, where
 * `template` is what the marketplace reads (`template-ignored` stays quiet there).
 */
async function layoutOnly(templates: RepositoryFactsSource, document: OpenDocument): Promise<TemplateCheck> {
  const folder = folderOf(document.uri);
  const facts = folder === undefined ? undefined : await templates.facts(folder);
  if (!facts) return OFF;
  const inTemplateRepository = facts.readme !== undefined && facts.folders.includes(WORKSPACE_FOLDER);
  return { template: false, repository: undefined, inTemplateRepository, key: `layout:${templates.generation}:${inTemplateRepository}` };
}

/**
 * Findings about other files, moved onto the manifest: at its `"template"` key (or its first
 * line), the file named first in the message.
 */
export function placeOnManifest(lint: ManifestLint, document: OpenDocument): ManifestLint {
  if (!lint.diagnostics.some((diagnostic) => diagnostic.file !== undefined)) return lint;
  const range = anchorOf(document);
  const diagnostics = lint.diagnostics.map(
    (diagnostic): Diagnostic => (diagnostic.file === undefined ? diagnostic : { ...diagnostic, range, message: `${diagnostic.file}: ${diagnostic.message}` }),
  );
  return { ...lint, diagnostics };
}

function anchorOf(document: OpenDocument): Range {
  const key = nodeAt(document.parsed.root, ['template'])?.parent?.children?.[0];
  if (key) return document.rangeOf(key.offset, key.offset + key.length);
  const text = document.text;
  const end = text.search(/\r|\n/);
  return { start: { line: 0, character: 0 }, end: { line: 0, character: end === -1 ? text.length : end } };
}
