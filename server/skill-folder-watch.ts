/**
 * The skill folders of open manifests, kept up to date in the editor: `known` answers at once
 * with what is known, and a document whose facts are missing or out of date gets them found and
 * hashed in the background (workspace/skill-folders.ts); when they are ready, that document's key
 * changes and the server refreshes diagnostics. What is the server's own: the documents' entries,
 * which watched changes touch them, and the folders to watch.
 */
import path from 'node:path';
import { WatchKind, type FileSystemWatcher } from 'vscode-languageserver';
import type { ConfigFile } from '../rules/apply-config.js';
import { pinnedSkills, type ParsedDocument, type PinnedSkill, type SkillSourceFacts } from '../rules/index.js';
import type { KnownSkillSources, SkillSourcesSource } from '../language/skill-sources.js';
import { filePathOf } from '../language/uris.js';
import { CONVENTION_FOLDER, SkillFolders } from '../workspace/skill-folders.js';
import { isInsideFolder } from '../io/paths.js';

/** Changes of the files in skill folders by convention (a mapped folder elsewhere is seen when files are created or deleted). */
export const SKILL_SOURCE_WATCHERS: FileSystemWatcher[] = [
  { globPattern: `**/${CONVENTION_FOLDER}/**`, kind: WatchKind.Create | WatchKind.Change | WatchKind.Delete },
];

interface Entry {
  /** What the facts depend on besides the disk: the pins, the config, the disk's epoch. */
  signature: string;
  facts: Record<string, SkillSourceFacts> | undefined;
  /** Bumped when this document's facts change: part of its analysis key, so only it is linted again. */
  version: number;
  /** The manifest's own `skills/` folder (absolute), where a pinned skill's folder may appear. */
  conventionFolder: string;
  /** The folders the facts were read from (absolute). */
  folders: string[];
  /** Being computed for this signature. */
  pending: boolean;
}

/** Whether a path lies in a `skills/` folder, which `SKILL_SOURCE_WATCHERS` watch everywhere: no watcher of its own is needed. */
function inConventionFolder(file: string): boolean {
  return file.split(path.sep).includes(CONVENTION_FOLDER);
}

export class SkillSourceFolders implements SkillSourcesSource {
  /** Bumped when files may have changed: every document's facts are found again. */
  private epoch = 0;
  private readonly byUri = new Map<string, Entry>();
  private readonly skillFolders: SkillFolders;

  constructor(
    note: (message: string) => void,
    /** Told when new facts are ready. */
    private readonly ready: () => void,
    /** Asked to watch a folder the facts came from that `SKILL_SOURCE_WATCHERS` do not cover. */
    private readonly watch: (folder: string) => void = () => undefined,
  ) {
    this.skillFolders = new SkillFolders(note);
  }

  known(uri: string, doc: ParsedDocument, config: ConfigFile | undefined): KnownSkillSources {
    const manifestPath = filePathOf(uri);
    const pins = manifestPath === undefined ? [] : pinnedSkills(doc);
    if (manifestPath === undefined || pins.length === 0) {
      this.byUri.delete(uri);
      return { facts: undefined, key: 'none' };
    }
    const signature = JSON.stringify([pins, config?.absPath, config?.skillSources, this.epoch]);
    let entry = this.byUri.get(uri);
    if (!entry || entry.signature !== signature) {
      // Until the new facts are ready, the last ones stand: they are about the same folders.
      const conventionFolder = path.join(path.dirname(manifestPath), CONVENTION_FOLDER);
      entry = { signature, facts: entry?.facts, version: entry?.version ?? 0, conventionFolder, folders: entry?.folders ?? [], pending: true };
      this.byUri.set(uri, entry);
      void this.compute(uri, entry, manifestPath, doc, config, pins);
    }
    return { facts: entry.facts, key: `skills:${entry.version}` };
  }

  private async compute(
    uri: string,
    entry: Entry,
    manifestPath: string,
    doc: ParsedDocument,
    config: ConfigFile | undefined,
    pins: readonly PinnedSkill[],
  ): Promise<void> {
    const found = await this.skillFolders.find(manifestPath, doc, config, pins);
    if (this.byUri.get(uri) !== entry) return;
    entry.pending = false;
    const facts = found?.facts;
    const before = JSON.stringify(entry.facts ?? null);
    entry.facts = facts;
    entry.folders = found?.folders ?? [];
    for (const folder of entry.folders) if (!inConventionFolder(folder)) this.watch(folder);
    if (JSON.stringify(facts ?? null) === before) return;
    entry.version++;
    this.ready();
  }

  /**
   * Watched files changed (their paths): whether any lies in a folder an open manifest's facts come from, or in
   * its own `skills/` (the documents' facts are then found again). A `skills/` folder elsewhere
   * (another project, a package) changes nothing.
   */
  changed(paths: readonly string[]): boolean {
    const folders = [...this.byUri.values()].flatMap((entry) => [entry.conventionFolder, ...entry.folders]);
    const affected = paths.some((file) => folders.some((folder) => folder === file || isInsideFolder(folder, file)));
    if (affected) this.invalidate();
    return affected;
  }

  /** Files may have changed unseen: facts are found again on the next lint, and a problem noted before is noted again. */
  invalidate(): void {
    this.epoch++;
    this.skillFolders.invalidate();
  }

  /** A document closed: its facts go. */
  forget(uri: string): void {
    this.byUri.delete(uri);
  }
}
