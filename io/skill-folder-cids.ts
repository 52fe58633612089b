/**
 * The local source folders of skills pinned by `cid`, and the CIDs they have now: the facts
 * `skill-cid-stale` and the hover on a `cid` read (`SkillSourceFacts`), gathered for the CLI and
 * the language server through workspace/skill-folders.ts.
 *
 * A skill's folder is the one `.manifestlintrc.json` maps its name to in `skillSources`
 * (relative to the config file's folder), else `skills/<name>/` beside the manifest when that is
 * a folder; a scoped name is a path, so `@scope/name` is `skills/@scope/name/`. A name that is
 * not a plain relative path (empty segments, `.`, `..`, a backslash, control characters) has no
 * folder. No symbolic link is followed on the way to the folder or inside it.
 *
 * Hashing is the costly part: it goes through `hash` (the UnixFS chunk, loaded by the caller on
 * first use, so a lint without such a folder never loads it), and each CID is kept under the
 * folder's files' paths, sizes and modification times, so an unchanged folder is hashed once.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { ConfigFile } from '../rules/apply-config.js';
import { comparePin, MANIFEST_FILE, profilesToCompare, type CidProfile, type PinnedSkill, type SkillSourceFacts } from '../rules/index.js';
import { load as loadSkillStorage } from './lazy/unixfs.js';
import { displayPathOf, fileErrorReason, isInsideFolder } from './paths.js';
import { isUploadSourceError, readUploadSource, type UploadSource } from './upload-source.js';

/** Where a manifest's skill folders are looked for. */
export interface SkillSourceLookup {
  /** The manifest's folder (absolute). */
  manifestFolder: string;
  /** The manifest's file name: `skill upload --pin` writes only a manifest named `manifest.json`. */
  manifestName: string;
  /** The config file that applies: its folder (absolute) and its `skillSources`. */
  config?: { folder: string; skillSources: Readonly<Record<string, string>> } | undefined;
}

/** A skill's source folder, found on disk. */
export interface LocatedSource {
  name: string;
  absolute: string;
  /** As shown to users: relative to the manifest's folder, `/`-separated, a folder ending in `/`. */
  shown: string;
  /** The pinned CIDs of the skills with this name. */
  pins: string[];
}

/** Computes the CID of an upload source under a profile (`cidOfSource` of the UnixFS chunk). */
export type HashSource = (source: UploadSource, profile: CidProfile) => Promise<string>;

/** Told, in one line, why a skill's folder is not compared with its pin. */
export type Note = (message: string) => void;

export const CONVENTION_FOLDER = 'skills';
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The folder names a skill name maps to under `skills/`, or undefined when it is not a plain relative path. */
function conventionSegments(name: string): string[] | undefined {
  if (name === '' || name.includes('\\') || CONTROL.test(name) || name.startsWith('/')) return undefined;
  const segments = name.split('/');
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..') ? segments : undefined;
}

/** Where the skill folders of the manifest at `manifestPath` are looked for, with the config that applies. */
export function skillSourceLookup(manifestPath: string, config: ConfigFile | undefined): SkillSourceLookup {
  return {
    manifestFolder: path.dirname(manifestPath),
    manifestName: path.basename(manifestPath),
    config: config?.skillSources ? { folder: path.dirname(config.absPath), skillSources: config.skillSources } : undefined,
  };
}

/** Pinned skills grouped by name. */
function pinsByName(pinned: readonly PinnedSkill[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const { name, cid } of pinned) byName.set(name, [...(byName.get(name) ?? []), cid]);
  return byName;
}

/**
 * The source folders of the manifest's pinned skills that exist on disk. Looked up step by step
 * with synchronous calls: each is a single `lstat`, and a lint of one manifest would otherwise
 * start the thread pool for them, which costs more than the rest of its reads.
 */
function locateSkillSources(pinned: readonly PinnedSkill[], lookup: SkillSourceLookup, note: Note): LocatedSource[] {
  const located: LocatedSource[] = [];
  for (const [name, pins] of pinsByName(pinned)) {
    const mapped = lookup.config && Object.hasOwn(lookup.config.skillSources, name) ? lookup.config.skillSources[name] : undefined;
    let found: { absolute: string; isFolder: boolean } | undefined;
    if (mapped !== undefined && lookup.config) {
      const base = lookup.config.folder;
      const absolute = path.resolve(base, mapped);
      if (absolute !== base && !isInsideFolder(base, absolute)) continue;
      found = walkDown(base, absolute, lookup.manifestFolder, note, true);
      if (found && !found.isFolder) {
        // What `skill upload` sends, and the rule's way out names, is a folder.
        note(
          `skillSources maps \`${name}\` to ${shownPath(lookup.manifestFolder, found.absolute, false)}, a file: a skill's source is a folder, so its pin is not compared`,
        );
        found = undefined;
      }
    } else {
      const segments = conventionSegments(name);
      if (!segments) continue;
      const absolute = path.join(lookup.manifestFolder, CONVENTION_FOLDER, ...segments);
      found = walkDown(lookup.manifestFolder, absolute, lookup.manifestFolder, note, false);
      if (found && !found.isFolder) found = undefined;
    }
    if (!found) continue;
    located.push({ name, absolute: found.absolute, shown: shownPath(lookup.manifestFolder, found.absolute, found.isFolder), pins });
  }
  return located;
}

/**
 * Steps from `base` down to `target` without following a link: undefined (with a note when the
 * path was named in the config, or when a link is in the way) unless every step exists.
 */
function walkDown(base: string, target: string, manifestFolder: string, note: Note, named: boolean): { absolute: string; isFolder: boolean } | undefined {
  const steps = path
    .relative(base, target)
    .split(path.sep)
    .filter((step) => step !== '');
  let at = base;
  let isFolder = true;
  for (const [index, step] of steps.entries()) {
    at = path.join(at, step);
    let stat;
    try {
      stat = lstatSync(at);
    } catch (error) {
      if (named) note(`${shownPath(manifestFolder, target, true)} (\`skillSources\`) cannot be read: ${fileErrorReason(error)}`);
      return undefined;
    }
    if (stat.isSymbolicLink()) {
      note(`${shownPath(manifestFolder, at, false)} is a symbolic link, which is never followed: the skill folder there is not compared with its pinned CID`);
      return undefined;
    }
    const last = index === steps.length - 1;
    if (!last && !stat.isDirectory()) return undefined;
    if (last) isFolder = stat.isDirectory();
  }
  return { absolute: target, isFolder };
}

function shownPath(manifestFolder: string, absolute: string, isFolder: boolean): string {
  if (absolute === manifestFolder) return './';
  const shown = displayPathOf(manifestFolder, absolute);
  return isFolder ? `${shown}/` : shown;
}

/** The profiles to hash a folder under for its pins, in the order `comparePin` compares them. */
function profilesFor(pins: readonly string[]): CidProfile[] {
  return [...new Set(pins.flatMap(profilesToCompare))];
}

/**
 * Files changed this recently may change again within the file system's time resolution without
 * their times telling it (git's "racily clean" files): a folder holding one is hashed each time.
 */
const RACY_MS = 2000;

/**
 * Hashes skill folders, keeping the latest CID of each folder under each profile with what its
 * files were (paths, sizes, times, inodes), for as long as the object lives.
 */
export class SkillSourceHasher {
  private readonly cids = new Map<string, { fingerprint: string; cid: Promise<string> }>();

  /** By default, offline through the UnixFS chunk, which loads on the first hash. */
  constructor(private readonly hash: HashSource = (source, profile) => loadSkillStorage().cidOfSource(source, profile)) {}

  /**
   * The facts of one located folder for its pins: the CIDs under the pins' profiles, computed in
   * order until every pin matches one. Undefined, with a note, when the folder cannot be read
   * (a symbolic link inside it, a file that cannot be opened…).
   */
  async facts(located: LocatedSource, note: Note): Promise<SkillSourceFacts | undefined> {
    const facts: SkillSourceFacts = { folder: located.shown, cids: {} };
    try {
      const source = await readUploadSource(located.absolute, located.shown.replace(/\/$/, ''));
      const fingerprint = JSON.stringify([source.kind, source.files.map((file) => [file.path, file.size, file.mtimeMs, file.ctimeMs, file.ino])]);
      const racy = source.files.some((file) => Date.now() - file.mtimeMs < RACY_MS);
      for (const profile of profilesFor(located.pins)) {
        facts.cids[profile] = await this.cidOf(source, profile, racy ? undefined : { folder: located.absolute, fingerprint });
        if (located.pins.every((pin) => comparePin(pin, facts)?.state === 'matches')) break;
      }
    } catch (error) {
      // Whatever went wrong (a link inside, a file that cannot be read, the hashing itself), the
      // lint goes on without this skill's comparison.
      const reason = isUploadSourceError(error) ? error.message : `${located.shown} could not be hashed (${fileErrorReason(error)})`;
      note(`the skill \`${located.name}\` is not compared with its pinned CID: ${reason}`);
      return undefined;
    }
    return facts;
  }

  /** The CID under `profile`, from the cache when the folder's files are as they were (`kept`). */
  private cidOf(source: UploadSource, profile: CidProfile, kept: { folder: string; fingerprint: string } | undefined): Promise<string> {
    if (!kept) return this.hash(source, profile);
    const key = `${profile}\u0000${kept.folder}`;
    const cached = this.cids.get(key);
    if (cached?.fingerprint === kept.fingerprint) return cached.cid;
    const cid = this.hash(source, profile);
    // A failed hash is not kept: the next lint tries again.
    cid.catch(() => {
      if (this.cids.get(key)?.cid === cid) this.cids.delete(key);
    });
    this.cids.set(key, { fingerprint: kept.fingerprint, cid });
    return cid;
  }
}

/** The facts of a manifest's skill folders, and where they were read. */
export interface FoundSkillSources {
  /** By skill name: every pinned skill whose source folder exists. */
  facts: Record<string, SkillSourceFacts>;
  /** The folders read (absolute), for a host that watches them. */
  folders: string[];
}

/** The facts of every pinned skill (`pinnedSkills` of the manifest) whose source folder exists. */
export async function skillSourceFacts(
  pinned: readonly PinnedSkill[],
  lookup: SkillSourceLookup,
  hasher: SkillSourceHasher,
  note: Note,
): Promise<FoundSkillSources | undefined> {
  const located = locateSkillSources(pinned, lookup, note);
  if (located.length === 0) return undefined;
  const found: FoundSkillSources = { facts: {}, folders: [] };
  for (const source of located) {
    const facts = await hasher.facts(source, note);
    if (!facts) continue;
    if (lookup.manifestName !== MANIFEST_FILE) facts.pinWritesManifest = false;
    Object.defineProperty(found.facts, source.name, { value: facts, enumerable: true, writable: true, configurable: true });
    found.folders.push(source.absolute);
  }
  return found;
}
