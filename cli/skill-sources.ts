import { lintManifest, lintOptionsFor, type ConfigFile, type ManifestLint, type ManifestSettings } from '../rules/apply-config.js';
import { findRule, maskFor, parseDocument, pinnedSkills, type ParsedDocument, type SkillSourceFacts } from '../rules/index.js';
import { SkillSourceHasher, skillSourceFacts, skillSourceLookup } from '../io/skill-sources.js';
import type { Io } from './io.js';

/** Where a manifest's skill folders are looked for, and whether their findings would be shown. */
export interface SkillFolders {
  /** The manifest file; undefined for standard input or a repository without one. */
  manifestPath: string | undefined;
  /** The config whose `skillSources` map skills to folders. */
  config: ConfigFile | undefined;
  /** `--quiet`: only errors are shown, so a warning's folders are not hashed for nothing. */
  quiet: boolean;
}

const STALE_RULE = 'skill-cid-stale';

/**
 * Lints a manifest's text with the facts of its skill folders when it is a file: a skill pinned
 * by CID whose source folder lies beside it is compared with that folder.
 */
export async function lintWithSkillSources(
  text: string,
  folders: SkillFolders,
  settings: ManifestSettings,
  io: Io,
  hasher: SkillSourceHasher,
): Promise<ManifestLint> {
  const doc = parseDocument(text);
  const skillSources = await skillSourcesOf(doc, folders, settings, io, hasher);
  return lintManifest(doc, skillSources ? { ...settings, skillSources } : settings);
}

/**
 * The facts `skill-cid-stale` reads for a manifest file: its pinned skills' local source folders
 * and their CIDs now (see io/skill-sources.ts). Undefined when the rule's findings would not be
 * shown or no folder is found; a folder that cannot be read is left out with a line on standard error.
 */
async function skillSourcesOf(
  doc: ParsedDocument,
  { manifestPath, config, quiet }: SkillFolders,
  settings: ManifestSettings,
  io: Io,
  hasher: SkillSourceHasher,
): Promise<Record<string, SkillSourceFacts> | undefined> {
  if (manifestPath === undefined) return undefined;
  const severity = lintOptionsFor(settings).rules?.[STALE_RULE] ?? findRule(STALE_RULE)!.severity;
  if (severity === 'off' || (quiet && severity !== 'error')) return undefined;
  // A note names skills and paths from the manifest: masked as its findings are.
  const found = await skillSourceFacts(pinnedSkills(doc), skillSourceLookup(manifestPath, config), hasher, (message) => io.stderr.write(`manifest-lint: note: ${maskFor(doc).mask(message)}\n`));
  return found?.facts;
}
