/**
 * Where the language service gets the local source folders of skills pinned by `cid` and the
 * CIDs they have now (`skill-cid-stale`, the hover on a `cid`). The server on a disk finds and
 * hashes them off the diagnostics path (server/skill-folder-watch.ts); the library and the
 * playground have none, so the rule and the hover line stay silent there.
 */
import type { ConfigFile } from '../rules/apply-config.js';
import type { ParsedDocument, SkillSourceFacts } from '../rules/index.js';

export interface KnownSkillSources {
  /** The facts known now, by skill name; undefined while none are (not computed yet, or no folder). */
  facts: Readonly<Record<string, SkillSourceFacts>> | undefined;
  /** Part of the analysis cache key: changes whenever `facts` may. */
  key: string;
}

export interface SkillSourcesSource {
  /**
   * The facts known now for a document, without waiting. When they are missing or may be out of
   * date, finding them starts in the background; when they are ready the document's key changes
   * (the server then refreshes diagnostics), and meanwhile the last facts found are returned.
   */
  known(uri: string, doc: ParsedDocument, config: ConfigFile | undefined): KnownSkillSources;
}

export const NO_SKILL_SOURCES: SkillSourcesSource = {
  known: () => ({ facts: undefined, key: 'none' }),
};
