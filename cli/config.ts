import fs from 'node:fs';
import path from 'node:path';
import type { ManifestSettings } from '../rules/apply-config.js';
import { displayPathOf } from '../io/paths.js';
import { SecretMask, type IgnoreEntry } from '../rules/index.js';
import { ConfigFiles, type ConfigFile } from '../workspace/configs.js';
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
 * The config file for each manifest of a run: the `--config` file for all of them, none with
 * `--no-config`, otherwise the one the workspace finds (workspace/configs.ts). A file with a
 * problem stops the run; the files passed over are listed for the run's warning lines.
 */
export class ConfigResolver {
  private readonly files: ConfigFiles<LoadedConfig>;
  private readonly skipped: { path: string; reason: string }[] = [];
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
    this.files = new ConfigFiles<LoadedConfig>({
      readText: (absPath) => readTextFile(absPath, this.shownPath(absPath)).text,
      invalid: (absPath, text, problem) => {
        // Where the problem is, as editors and terminals link it: `file:line:column`. A problem may
        // quote the file (a pasted token as a rule id): masked with the file's secrets.
        const where = `${this.shownPath(absPath)}:${problem.range.start.line + 1}:${problem.range.start.character + 1}`;
        throw new CliError(new SecretMask().learn(text).mask(`${where}: ${problem.message}`));
      },
      passedOver: ({ absPath, reason, kind }) => {
        this.skipped.push({ path: this.display(absPath), reason: kind === 'repository' ? `${reason} (name a file with --config to use one)` : reason });
      },
      adopt: (config) => ({ ...config, displayPath: this.shownPath(config.absPath), matched: new Set() }),
    });
  }

  /** Every config file loaded so far, in the order they were first needed. */
  get configs(): LoadedConfig[] {
    return this.files.loaded;
  }

  /** The config that applies to a manifest in folder `dir` (absolute), if any. */
  forFolder(dir: string): Promise<LoadedConfig | undefined> {
    if (this.disabled) return Promise.resolve(undefined);
    if (this.explicit !== undefined) return this.files.file(path.resolve(this.cwd, this.explicit));
    return this.files.forFolder(dir, this.repository);
  }

  /** Config files passed over so far (another user's, a link out of the repository…), and why. */
  get skippedConfigs(): { path: string; reason: string }[] {
    return [...this.skipped];
  }

  private shownPath(absPath: string): string {
    return this.explicit ?? this.display(absPath);
  }
}

/** What decides a manifest's findings in this run: its config file, then the --rule flags, and the clock. */
export function settingsFor(config: LoadedConfig | undefined, options: CliOptions): ManifestSettings {
  return { config, overrides: options.rules, now: options.now };
}
