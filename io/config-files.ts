import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isHardLinked, isInsideFolder, isWithinFolder, realpathOr } from './paths.js';
import { parseConfig, type ConfigProblem } from '../rules/index.js';

/** The configuration file both the CLI and the language server look for. */
export const CONFIG_NAME = '.manifestlintrc.json';

/** A parsed `.manifestlintrc.json`. */
import type { ConfigFile } from '../rules/apply-config.js';

export type { ConfigFile };

/** A config file passed over on the way up, and why. */
export interface SkippedConfig {
  absPath: string;
  reason: string;
}

/** The config file that applies to a folder, and the ones passed over to find it. */
export interface ConfigLookup {
  found?: string;
  skipped: SkippedConfig[];
}

export interface LocatorOptions {
  /** The user whose files are trusted; by default the one running the process. */
  uid?: number | undefined;
  /** Where the search stops at the latest; by default the user's home folder. */
  home?: string;
}

/** What one folder contributes to a lookup. */
interface FolderEntry {
  config?: string;
  skipped?: SkippedConfig;
  /** The search goes no higher: the folder holds `.git`, is the home folder or the root. */
  last: boolean;
}

/**
 * Finds the configuration file that applies to a manifest: the nearest `.manifestlintrc.json`
 * from the manifest's folder upwards, stopping at a folder that holds `.git`, at the home folder
 * or at the root. A file owned by another user is passed over (anyone who can write to a shared
 * parent folder could otherwise switch rules off), and so is a link to a file outside the
 * repository holding it; both are listed in `skipped` for a warning. Answers are remembered per
 * folder until `clear()`.
 */
export class ConfigLocator {
  private readonly byDir = new Map<string, FolderEntry>();
  private readonly uid: number | undefined;
  private readonly home: string;

  constructor(options: LocatorOptions = {}) {
    this.uid = 'uid' in options ? options.uid : process.getuid?.();
    this.home = path.resolve(options.home ?? os.homedir());
  }

  /** The config file for a manifest in folder `start` (absolute), if any. */
  find(start: string): ConfigLookup {
    const skipped: SkippedConfig[] = [];
    let dir = path.resolve(start);
    for (;;) {
      const entry = this.entryFor(dir);
      if (entry.skipped) skipped.push(entry.skipped);
      if (entry.config) return { found: entry.config, skipped };
      if (entry.last) return { skipped };
      dir = path.dirname(dir);
    }
  }

  /** Forgets every answer, for example after a config file was created or deleted. */
  clear(): void {
    this.byDir.clear();
  }

  private entryFor(dir: string): FolderEntry {
    let entry = this.byDir.get(dir);
    if (!entry) {
      entry = { ...this.inspect(path.join(dir, CONFIG_NAME)), last: this.isLast(dir) };
      this.byDir.set(dir, entry);
    }
    return entry;
  }

  private isLast(dir: string): boolean {
    return path.dirname(dir) === dir || dir === this.home || fs.existsSync(path.join(dir, '.git'));
  }

  private inspect(candidate: string): Omit<FolderEntry, 'last'> {
    let link: fs.Stats | undefined;
    let target: fs.Stats | undefined;
    try {
      // Most folders hold no config file: its absence is no error to throw, for every folder of a run.
      link = fs.lstatSync(candidate, { throwIfNoEntry: false });
      target = link?.isSymbolicLink() ? fs.statSync(candidate, { throwIfNoEntry: false }) : link;
    } catch {
      return {};
    }
    if (!link || !target?.isFile()) return {};
    if (link.isSymbolicLink()) {
      const tree = this.treeOf(path.dirname(candidate));
      if (!isInsideFolder(tree, fs.realpathSync(candidate))) {
        return { skipped: { absPath: candidate, reason: 'it is a link to a file outside the repository' } };
      }
    }
    for (const stats of link === target ? [link] : [link, target]) {
      if (this.uid !== undefined && stats.uid !== this.uid) {
        return { skipped: { absPath: candidate, reason: `it is owned by another user (uid ${stats.uid})` } };
      }
    }
    return { config: candidate };
  }

  /** The repository a folder belongs to (the nearest folder up holding `.git`), else the folder. */
  private treeOf(dir: string): string {
    for (let at = dir; ; at = path.dirname(at)) {
      if (fs.existsSync(path.join(at, '.git'))) return realpathOr(at);
      if (at === this.home || path.dirname(at) === at) return realpathOr(dir);
    }
  }
}

/**
 * Why a config file found for a template check is not used, if it is not (SPEC 7): the repository
 * under test never configures its own check. Whether the file is the repository's is decided by
 * identity, so a path through a link to the repository, or a lookup from a folder inside it,
 * still finds it to be the repository's; and a file with more than one hard link may be one of
 * the repository's under another name.
 */
export function templateConfigRefusal(repository: string, config: string): string | undefined {
  if (isWithinFolder(repository, config)) return 'it belongs to the repository under test, which the platform checks without it';
  try {
    if (isHardLinked(fs.statSync(config))) return 'it has more than one hard link, so it may be a file of the repository under test';
  } catch {
    // gone since it was found: reading it says so
  }
  return undefined;
}

/** Checks the text of a config file. A file with problems is unusable: the first one is returned. */
export function loadConfigText(absPath: string, text: string): { config: ConfigFile; problem?: undefined } | { config?: undefined; problem: ConfigProblem } {
  const { config, problems } = parseConfig(text);
  const problem = problems[0];
  if (problem) return { problem };
  return { config: { absPath, text, rules: config.rules, ignore: config.ignore, ...(config.skillSources ? { skillSources: config.skillSources } : {}) } };
}
