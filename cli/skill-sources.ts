import { lintManifest, lintOptionsFor, type ConfigFile, type ManifestLint, type ManifestSettings } from '../rules/apply-config.js';
import { maskFor, parseDocument, pinnedSkills, type ParsedDocument, type SkillSourceFacts } from '../rules/index.js';
import { SkillSourceHasher, skillSourceFacts, skillSourceLookup } from '../io/skill-sources.js';
import type { Io } from './io.js';

/**
 * Lints a manifest's text with the facts of its skill folders when it is a file (`manifestPath`):
 * a skill pinned by CID whose source folder lies beside it is compared with that folder.
 */
export async function lintWithSkillSources(
  text: string,
  manifestPath: string | undefined,
  config: ConfigFile | undefined,
  settings: ManifestSettings,
  io: Io,
  hasher: SkillSourceHasher,
): Promise<ManifestLint> {
  const doc = parseDocument(text);
  const skillSources = manifestPath === undefined ? undefined : await skillSourcesOf(doc, manifestPath, config, settings, io, hasher);
  return lintManifest(doc, skillSources ? { ...settings, skillSources } : settings);
}

/**
 * The facts `skill-cid-stale` reads for a manifest file: its pinned skills' local source folders
 * and their CIDs now (see io/skill-sources.ts). Undefined when the rule is off or no folder is
 * found; a folder that cannot be read is left out with a line on standard error.
 */
async function skillSourcesOf(
  doc: ParsedDocument,
  manifestPath: string,
  config: ConfigFile | undefined,
  settings: ManifestSettings,
  io: Io,
  hasher: SkillSourceHasher,
): Promise<Record<string, SkillSourceFacts> | undefined> {
  if (lintOptionsFor(settings).rules?.['skill-cid-stale'] === 'off') return undefined;
  // A note names skills and paths from the manifest: masked as its findings are.
  return skillSourceFacts(pinnedSkills(doc), skillSourceLookup(manifestPath, config), hasher, (message) => io.stderr.write(`manifest-lint: note: ${maskFor(doc).mask(message)}\n`));
}
