/**
 * The local source folders of the skills a manifest pins by `cid`, for the CLI and the language
 * server alike: found beside the manifest or where its config maps them, and hashed
 * (io/skill-folder-cids.ts). Each folder's CIDs are kept while its files stay as they were, so a
 * folder is hashed again only when one changed; each note about a folder that is not compared is
 * told once, until `invalidate`.
 */
import type { ConfigFile } from '../rules/apply-config.js';
import { maskFor, pinnedSkills, type ParsedDocument, type PinnedSkill } from '../rules/index.js';
import { CONVENTION_FOLDER, SkillSourceHasher, skillSourceFacts, skillSourceLookup, type FoundSkillSources } from '../io/skill-folder-cids.js';
import { SaidOnce } from './said-once.js';

export { CONVENTION_FOLDER };

export class SkillFolders {
  private readonly notes: SaidOnce;

  constructor(
    /** Told, in one line, why a skill's folder is not compared with its pin. */
    note: (message: string) => void,
    private readonly hasher = new SkillSourceHasher(),
  ) {
    this.notes = new SaidOnce(note);
  }

  /**
   * The facts of the folders of the skills `doc` pins (`pins`, by default all of them) for the
   * manifest at `manifestPath`, with the config that applies; undefined when no folder is found.
   */
  async find(
    manifestPath: string,
    doc: ParsedDocument,
    config: ConfigFile | undefined,
    pins: readonly PinnedSkill[] = pinnedSkills(doc),
  ): Promise<FoundSkillSources | undefined> {
    const lookup = skillSourceLookup(manifestPath, config);
    // A note names skills and paths from the manifest: masked as its findings are.
    const note = (message: string) => this.notes.say(maskFor(doc).mask(message));
    try {
      return await skillSourceFacts(pins, lookup, this.hasher, note);
    } catch (error) {
      note(`skill folders beside ${lookup.manifestFolder} are not compared with their pinned CIDs: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** Files may have changed unseen: a problem noted before is noted again. */
  invalidate(): void {
    this.notes.forget();
  }
}
