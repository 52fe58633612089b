import { lintManifest, lintOptionsFor, type ConfigFile, type ManifestLint, type ManifestSettings } from '../rules/apply-config.js';
import { findRule, parseDocument, type ParsedDocument, type SkillSourceFacts } from '../rules/index.js';
import { SkillFolders } from '../workspace/skill-folders.js';
import type { Io } from './io.js';

/** Where a manifest's skill folders are looked for, and whether their findings would be shown. */
export interface SkillFolderLookup {
  /** The manifest file; undefined for standard input or a repository without one. */
  manifestPath: string | undefined;
  /** The config whose `skillSources` map skills to folders. */
  config: ConfigFile | undefined;
  /** `--quiet`: only errors are shown, so a warning's folders are not hashed for nothing. */
  quiet: boolean;
}

const STALE_RULE = 'skill-cid-stale';

/** The skill folders of a run: one for the run, so a folder named by two manifests is hashed once and a note said once. */
export function skillFoldersOfRun(io: Io): SkillFolders {
  return new SkillFolders((message) => io.stderr.write(`manifest-lint: note: ${message}\n`));
}

/**
 * Lints a manifest's text with the facts of its skill folders when it is a file: a skill pinned
 * by CID whose source folder lies beside it is compared with that folder.
 */
export async function lintWithSkillFolders(
  text: string,
  lookup: SkillFolderLookup,
  settings: ManifestSettings,
  skillFolders: SkillFolders,
): Promise<ManifestLint> {
  const doc = parseDocument(text);
  const skillSources = await skillFactsOf(doc, lookup, settings, skillFolders);
  return lintManifest(doc, skillSources ? { ...settings, skillSources } : settings);
}

/**
 * The facts `skill-cid-stale` reads for a manifest file: its pinned skills' local source folders
 * and their CIDs now. Undefined when the rule's findings would not be shown or no folder is found;
 * a folder that cannot be read is left out with a note on standard error.
 */
async function skillFactsOf(
  doc: ParsedDocument,
  { manifestPath, config, quiet }: SkillFolderLookup,
  settings: ManifestSettings,
  skillFolders: SkillFolders,
): Promise<Record<string, SkillSourceFacts> | undefined> {
  if (manifestPath === undefined) return undefined;
  const severity = lintOptionsFor(settings).rules?.[STALE_RULE] ?? findRule(STALE_RULE)!.severity;
  if (severity === 'off' || (quiet && severity !== 'error')) return undefined;
  return (await skillFolders.find(manifestPath, doc, config))?.facts;
}
