import fs from 'node:fs';
import path from 'node:path';
import { ConfigLocator, loadConfigText, templateConfigRefusal, type ConfigFile } from '../io/config-files.js';
import type { ManifestSettings } from '../rules/apply-config.js';
import { displayPathOf } from '../io/paths.js';
import { SecretMask, type IgnoreEntry } from '../rules/index.js';
import type { CliOptions } from './args.js';
import { CliError } from './errors.js';
import { readTextFile } from './read.js';

/** A config file that applies to at least one manifest of this run. */
export interface LoadedConfig extends ConfigFile {
  /** As given with `--config`, otherwise relative to the current folder. */
  displayPath: string;
  /** Ignore entries that silenced at least one finding, over every manifest the file applied to. */
  matched: Set<IgnoreEntry>;
}

/**
 * Finds the config file for each manifest: the `--config` file for all of them, none with
 * `--no-config`, otherwise the nearest `.manifestlintrc.json` (see `ConfigLocator`). Each file is
 * read and checked once.
 */
export class ConfigResolver {
  private readonly locator = new ConfigLocator();
  private readonly loaded = new Map<string, LoadedConfig>();
  private readonly skipped = new Map<string, { path: string; reason: string }>();
  private readonly explicit: string | undefined;

  constructor(
    private readonly cwd: string,
    explicit: string | undefined,
    private readonly disabled: boolean,
    /** How a found config file is named in the output (by default, relative to `cwd`). */
    private readonly display: (absPath: string) => string = (absPath) => displayPathOf(cwd, absPath),
    /** In template mode, the repository under test, which never configures its own check. */
    private readonly repository?: string,
  ) {
    this.explicit = explicit;
    if (explicit !== undefined) {
      const absPath = path.resolve(cwd, explicit);
      if (!fs.existsSync(absPath)) throw new CliError(`no such file: ${explicit}`);
    }
  }

  /** Every config file loaded so far, in the order they were first needed. */
  get configs(): LoadedConfig[] {
    return [...this.loaded.values()];
  }

  /** The config that applies to a manifest in folder `dir` (absolute), if any. */
  forFolder(dir: string): LoadedConfig | undefined {
    if (this.disabled) return undefined;
    if (this.explicit !== undefined) {
      return this.load(path.resolve(this.cwd, this.explicit), this.explicit);
    }
    const { found, skipped } = this.locator.find(dir);
    for (const { absPath, reason } of skipped) this.skip(absPath, reason);
    if (found === undefined) return undefined;
    const refusal = this.repository === undefined ? undefined : templateConfigRefusal(this.repository, found);
    if (refusal !== undefined) {
      this.skip(found, `${refusal} (name a file with --config to use one)`);
      return undefined;
    }
    return this.load(found, this.display(found));
  }

  private skip(absPath: string, reason: string): void {
    this.skipped.set(absPath, { path: this.display(absPath), reason });
  }

  /** Config files passed over so far (another user's, a link out of the repository…), and why. */
  get skippedConfigs(): { path: string; reason: string }[] {
    return [...this.skipped.values()];
  }

  private load(absPath: string, displayPath: string): LoadedConfig {
    const cached = this.loaded.get(absPath);
    if (cached) return cached;
    const { text } = readTextFile(absPath, displayPath);
    const { config, problem } = loadConfigText(absPath, text);
    if (problem) {
      // Where the problem is, as editors and terminals link it: `file:line:column`. A problem may
      // quote the file (a pasted token as a rule id): masked with the file's secrets.
      const where = `${displayPath}:${problem.range.start.line + 1}:${problem.range.start.character + 1}`;
      throw new CliError(new SecretMask().learn(text).mask(`${where}: ${problem.message}`));
    }
    const loaded: LoadedConfig = { ...config, displayPath, matched: new Set() };
    this.loaded.set(absPath, loaded);
    return loaded;
  }
}



/** What decides a manifest's findings in this run: its config file, then the --rule flags, and the clock. */
export function settingsFor(config: LoadedConfig | undefined, options: CliOptions): ManifestSettings {
  return { config, overrides: options.rules, now: options.now };
}
