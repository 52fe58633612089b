import fs from 'node:fs';
import path from 'node:path';
import { parseConfig, type IgnoreEntry, type SeveritySetting } from '../rules/index.js';
import { CliError } from './errors.js';
import { readTextFile } from './read.js';

export const CONFIG_NAME = '.manifestlintrc.json';

/** A config file that applies to at least one manifest of this run. */
export interface LoadedConfig {
  absPath: string;
  /** As given with `--config`, otherwise relative to the current folder. */
  displayPath: string;
  text: string;
  rules: Record<string, SeveritySetting>;
  ignore: IgnoreEntry[];
  /** Ignore entries that silenced at least one finding, over every manifest the file applied to. */
  matched: Set<IgnoreEntry>;
}

/**
 * Finds the config file for each manifest: the `--config` file for all of them, none with
 * `--no-config`, otherwise the nearest `.manifestlintrc.json` from the manifest's folder upwards,
 * stopping at a folder that holds `.git` or at the root. Each file is read and checked once.
 */
export class ConfigResolver {
  private readonly byDir = new Map<string, string | null>();
  private readonly loaded = new Map<string, LoadedConfig>();
  private readonly explicit: string | undefined;

  constructor(
    private readonly cwd: string,
    explicit: string | undefined,
    private readonly disabled: boolean,
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
    const found = this.lookup(dir);
    return found === null ? undefined : this.load(found, displayPathOf(this.cwd, found));
  }

  private lookup(start: string): string | null {
    const visited: string[] = [];
    let dir = start;
    let result: string | null = null;
    for (;;) {
      const cached = this.byDir.get(dir);
      if (cached !== undefined) {
        result = cached;
        break;
      }
      visited.push(dir);
      const candidate = path.join(dir, CONFIG_NAME);
      if (isFile(candidate)) {
        result = candidate;
        break;
      }
      const parent = path.dirname(dir);
      if (parent === dir || fs.existsSync(path.join(dir, '.git'))) break;
      dir = parent;
    }
    for (const folder of visited) this.byDir.set(folder, result);
    return result;
  }

  private load(absPath: string, displayPath: string): LoadedConfig {
    const cached = this.loaded.get(absPath);
    if (cached) return cached;
    const text = readTextFile(absPath, displayPath);
    const { config, problems } = parseConfig(text);
    const problem = problems[0];
    if (problem) throw new CliError(`${displayPath}: ${problem.message}`);
    const loaded: LoadedConfig = {
      absPath,
      displayPath,
      text,
      rules: config.rules,
      ignore: config.ignore,
      matched: new Set(),
    };
    this.loaded.set(absPath, loaded);
    return loaded;
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function displayPathOf(cwd: string, absPath: string): string {
  const rel = path.relative(cwd, absPath);
  return rel === '' ? absPath : rel.split(path.sep).join('/');
}
