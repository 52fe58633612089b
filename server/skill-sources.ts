/**
 * The local source folders of the skills open manifests pin by `cid`, found and hashed in the
 * background (io/skill-sources.ts): `known` answers at once with what is known, and a document
 * whose facts are missing or out of date gets them computed; when they are ready, that document's
 * key changes and the server refreshes diagnostics. The hasher keeps each folder's latest CIDs
 * with its files' sizes, times and inodes, so a folder is hashed again only when its files changed.
 */
import path from 'node:path';
import { WatchKind, type FileSystemWatcher } from 'vscode-languageserver';
import type { ConfigFile } from '../rules/apply-config.js';
import { maskFor, pinnedSkills, type ParsedDocument, type PinnedSkill, type SkillSourceFacts } from '../rules/index.js';
import type { KnownSkillSources, SkillSourcesSource } from '../language/skill-sources.js';
import { filePathOf } from '../language/uris.js';
import { CONVENTION_FOLDER, SkillSourceHasher, skillSourceFacts, skillSourceLookup, type FoundSkillSources, type SkillSourceLookup } from '../io/skill-sources.js';
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
  private readonly hasher = new SkillSourceHasher();
  private readonly noted = new Set<string>();

  constructor(
    private readonly note: (message: string) => void,
    /** Told when new facts are ready. */
    private readonly ready: () => void,
    /** Asked to watch a folder the facts came from that `SKILL_SOURCE_WATCHERS` do not cover. */
    private readonly watch: (folder: string) => void = () => undefined,
  ) {}

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
      void this.compute(uri, entry, doc, pins, skillSourceLookup(manifestPath, config));
    }
    return { facts: entry.facts, key: `skills:${entry.version}` };
  }

  private async compute(uri: string, entry: Entry, doc: ParsedDocument, pins: readonly PinnedSkill[], lookup: SkillSourceLookup): Promise<void> {
    let found: FoundSkillSources | undefined;
    // A note names skills and paths from the manifest: masked as its findings are.
    const note = (message: string) => this.noteOnce(maskFor(doc).mask(message));
    try {
      found = await skillSourceFacts(pins, lookup, this.hasher, note);
    } catch (error) {
      note(`skill folders beside ${lookup.manifestFolder} are not compared with their pinned CIDs: ${error instanceof Error ? error.message : String(error)}`);
    }
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

  private noteOnce(message: string): void {
    if (this.noted.has(message)) return;
    this.noted.add(message);
    this.note(message);
  }

  /**
   * Watched files changed: whether any lies in a folder an open manifest's facts come from, or in
   * its own `skills/` (the documents' facts are then found again). A `skills/` folder elsewhere
   * (another project, a package) changes nothing.
   */
  changed(uris: readonly string[]): boolean {
    const paths = uris.flatMap((uri) => filePathOf(uri) ?? []);
    const folders = [...this.byUri.values()].flatMap((entry) => [entry.conventionFolder, ...entry.folders]);
    const affected = paths.some((file) => folders.some((folder) => folder === file || isInsideFolder(folder, file)));
    if (affected) this.invalidate();
    return affected;
  }

  /** Files may have changed unseen: facts are found again on the next lint, and a problem noted before is noted again. */
  invalidate(): void {
    this.epoch++;
    this.noted.clear();
  }

  /** A document closed: its facts go. */
  forget(uri: string): void {
    this.byUri.delete(uri);
  }
}
