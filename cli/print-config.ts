import fs from 'node:fs';
import path from 'node:path';
import { isGitSource } from '../io/git/source.js';
import { lintOptionsFor } from '../rules/apply-config.js';
import { listRules, SecretMask, type SeveritySetting } from '../rules/index.js';
import type { CliOptions } from './args.js';
import { ConfigResolver, settingsFor } from './config.js';
import type { Io } from './io.js';
import { STDIN_NAME } from '../report/report.js';

/** What `--print-config` tells about one path. */
interface ConfigReport {
  filePath: string;
  /** The config file that applies, as the lint would name it; null when none does. */
  config: string | null;
  /** Config files passed over on the way, and why. */
  skipped: { path: string; reason: string }[];
  /** Every rule's severity after its default, the config file and `--rule` flags. */
  rules: Record<string, SeveritySetting>;
  ignore: unknown[];
  /** Skill name to source folder, relative to the config file's folder, as the config file writes them. */
  skillSources: Record<string, string>;
}

/**
 * `--print-config [paths…]`: which configuration applies to each manifest, as JSON (one entry
 * per path, default `./manifest.json`). Nothing is linted and the manifests need not exist.
 */
export async function printConfig(options: CliOptions, io: Io): Promise<number> {
  // Paths and URLs are printed, and the config files' entries: masked with every secret shape
  // (a path may carry a credential: `https://user:token@host/…`) and the config files' secrets.
  const mask = new SecretMask();
  const reports: ConfigReport[] = [];
  for (const { filePath, folder, excluded } of targets(options, io.cwd)) {
    const resolver = new ConfigResolver(io.cwd, options.config, options.noConfig, undefined, excluded);
    const config = await resolver.forFolder(folder);
    if (config) mask.learn(config.text);
    const chosen = lintOptionsFor(settingsFor(config, options)).rules ?? {};
    const rules = Object.fromEntries(listRules().map((rule) => [rule.id, chosen[rule.id] ?? rule.severity]));
    reports.push({
      filePath,
      config: config?.displayPath ?? null,
      skipped: resolver.skippedConfigs,
      rules,
      ignore: config?.ignore ?? [],
      skillSources: config?.skillSources ?? {},
    });
  }
  io.stdout.write(`${JSON.stringify(mask.maskDeep(reports), null, 2)}\n`);
  return 0;
}

/** Where each lookup starts; in template mode, from the caller's folder, never the repository's. */
function targets(options: CliOptions, cwd: string): { filePath: string; folder: string; excluded?: string }[] {
  if (options.template) {
    const { source } = options.template;
    return [{ filePath: source, folder: cwd, ...(isGitSource(source) ? {} : { excluded: path.resolve(cwd, source) }) }];
  }
  if (options.stdin) {
    const name = options.stdinFilename;
    return [{ filePath: name ?? STDIN_NAME, folder: name === undefined ? cwd : path.dirname(path.resolve(cwd, name)) }];
  }
  const paths = options.paths.length > 0 ? options.paths : ['manifest.json'];
  return paths.map((filePath) => {
    const absolute = path.resolve(cwd, filePath);
    return { filePath, folder: isFolder(absolute) ? absolute : path.dirname(absolute) };
  });
}

function isFolder(absolute: string): boolean {
  try {
    return fs.statSync(absolute).isDirectory();
  } catch {
    return false;
  }
}
