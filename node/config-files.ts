import fs from 'node:fs';
import path from 'node:path';
import { parseConfig, type ConfigProblem, type IgnoreEntry, type SeveritySetting } from '../rules/index.js';

/** The configuration file both the CLI and the language server look for. */
export const CONFIG_NAME = '.manifestlintrc.json';

/** A parsed `.manifestlintrc.json`. */
export interface ConfigFile {
  absPath: string;
  text: string;
  rules: Record<string, SeveritySetting>;
  ignore: IgnoreEntry[];
}

/**
 * Finds the configuration file that applies to a manifest: the nearest `.manifestlintrc.json`
 * from the manifest's folder upwards, stopping at a folder that holds `.git` or at the root.
 * Answers are remembered per folder until `clear()`.
 */
export class ConfigLocator {
  private readonly byDir = new Map<string, string | null>();

  /** The absolute path of the config file for a manifest in folder `start` (absolute), if any. */
  find(start: string): string | undefined {
    const visited: string[] = [];
    let dir = path.resolve(start);
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
    return result ?? undefined;
  }

  /** Forgets every answer, for example after a config file was created or deleted. */
  clear(): void {
    this.byDir.clear();
  }
}

/** Checks the text of a config file. A file with problems is unusable: the first one is returned. */
export function loadConfigText(
  absPath: string,
  text: string,
): { config: ConfigFile; problem?: undefined } | { config?: undefined; problem: ConfigProblem } {
  const { config, problems } = parseConfig(text);
  const problem = problems[0];
  if (problem) return { problem };
  return { config: { absPath, text, rules: config.rules, ignore: config.ignore } };
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
