/**
 * The `.manifestlintrc.json` that applies to each manifest, for the CLI and the language server
 * alike: found with `ConfigLocator` (io/config-files.ts), each file read and checked once and kept
 * until `invalidate`, and each file passed over told once. How a file is read and what a file
 * with problems does are the host's: the CLI reads it as it reads its inputs and stops at a
 * problem; the server reads it without blocking and goes on without it.
 */
import { promises as fs } from 'node:fs';
import { CONFIG_NAME, ConfigLocator, loadConfigText, templateConfigRefusal, type ConfigFile } from '../io/config-files.js';
import type { ConfigProblem } from '../rules/index.js';
import { SaidOnce } from './said-once.js';

export { CONFIG_NAME, type ConfigFile };

/** Config files are a few lines; anything this large is not one. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** A config file found for a manifest but not used for it, and why. */
export interface PassedOverConfig {
  absPath: string;
  /** A clause that ends "… is not used: ": "it is owned by another user (uid 1001)". */
  reason: string;
  /**
   * `untrusted`: another user's file, or a link out of its repository; `repository`: the
   * template repository's own, which never configures its check (SPEC 7); `unusable`: it cannot
   * be read or has problems.
   */
  kind: 'untrusted' | 'repository' | 'unusable';
}

/** Thrown by a host's reader: the file cannot be used, for the reason given, and is passed over. */
export class UnusableConfig extends Error {}

export interface ConfigFilesOptions<T extends ConfigFile> {
  /** A config file's text. Throws `UnusableConfig` to pass the file over, anything else to stop. */
  readText(absPath: string): Promise<string> | string;
  /** Told once of each config file passed over. */
  passedOver(file: PassedOverConfig): void;
  /** A file whose text has a problem; when this returns, the file is passed over (the CLI throws instead). */
  invalid?(absPath: string, text: string, problem: ConfigProblem): void;
  /** What is kept of a usable file: the file itself, or the host's record of it. */
  adopt(config: ConfigFile): T;
  locator?: ConfigLocator;
}

interface Entry<T> {
  pending: Promise<T | undefined>;
  /** Set once the file was read and is usable. */
  loaded?: T;
}

export class ConfigFiles<T extends ConfigFile = ConfigFile> {
  private readonly locator: ConfigLocator;
  private readonly files = new Map<string, Entry<T>>();
  private readonly passedOver: SaidOnce<PassedOverConfig>;
  /** Bumped on every `invalidate`: what was computed with older files is known stale. */
  generation = 0;

  constructor(private readonly options: ConfigFilesOptions<T>) {
    this.locator = options.locator ?? new ConfigLocator();
    this.passedOver = new SaidOnce(options.passedOver, ({ absPath, reason }) => `${absPath}\u0000${reason}`);
  }

  /**
   * The config for a manifest in `folder` (absolute; none for a document that is not a file).
   * With `repository`, the template repository under test: a file that is its own is passed over.
   */
  forFolder(folder: string | undefined, repository?: string): Promise<T | undefined> {
    if (folder === undefined) return Promise.resolve(undefined);
    const { found, skipped } = this.locator.find(folder);
    for (const { absPath, reason } of skipped) this.passedOver.say({ absPath, reason, kind: 'untrusted' });
    if (found === undefined) return Promise.resolve(undefined);
    const refusal = repository === undefined ? undefined : templateConfigRefusal(repository, found);
    if (refusal !== undefined) {
      this.passedOver.say({ absPath: found, reason: refusal, kind: 'repository' });
      return Promise.resolve(undefined);
    }
    return this.file(found);
  }

  /** The config in the file at `absPath` (one found, or one the user named), read once. */
  file(absPath: string): Promise<T | undefined> {
    let entry = this.files.get(absPath);
    if (!entry) {
      const created: Entry<T> = {
        pending: this.read(absPath).then((loaded) => {
          if (loaded && this.files.get(absPath) === created) created.loaded = loaded;
          return loaded;
        }),
      };
      entry = created;
      this.files.set(absPath, entry);
    }
    return entry.pending;
  }

  /** The usable files read so far, in the order they were first needed. */
  get loaded(): T[] {
    return [...this.files.values()].flatMap((entry) => (entry.loaded ? [entry.loaded] : []));
  }

  /** A config file was created, changed or deleted: everything is looked up and read again. */
  invalidate(): void {
    this.generation++;
    this.locator.clear();
    this.files.clear();
  }

  private async read(absPath: string): Promise<T | undefined> {
    let text: string;
    try {
      text = await this.options.readText(absPath);
    } catch (error) {
      if (!(error instanceof UnusableConfig)) throw error;
      this.passedOver.say({ absPath, reason: error.message, kind: 'unusable' });
      return undefined;
    }
    const { config, problem } = loadConfigText(absPath, text);
    if (problem) {
      this.options.invalid?.(absPath, text, problem);
      const { line, character } = problem.range.start;
      this.passedOver.say({ absPath, reason: `line ${line + 1}, column ${character + 1}: ${problem.message}`, kind: 'unusable' });
      return undefined;
    }
    return this.options.adopt(config);
  }
}

/** A config file's text for a host that goes on without it: a file too large, gone or unreadable is passed over. */
export async function readConfigText(absPath: string): Promise<string> {
  try {
    const stat = await fs.stat(absPath);
    if (stat.size > MAX_CONFIG_BYTES) throw new UnusableConfig(`it is larger than ${MAX_CONFIG_BYTES} bytes`);
    return await fs.readFile(absPath, 'utf8');
  } catch (error) {
    if (error instanceof UnusableConfig) throw error;
    const code = (error as { code?: unknown }).code;
    throw new UnusableConfig(code === 'ENOENT' ? 'it no longer exists' : 'it cannot be read');
  }
}
