import { promises as fs } from 'node:fs';
import { ConfigLocator, loadConfigText, type ConfigFile } from '../io/config-files.js';
import type { SecretMask } from '../rules/index.js';

/** Config files are a few lines; anything this large is not one. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * The `.manifestlintrc.json` that applies to each document, found and read as the CLI does and
 * kept until a config file changes. A file that cannot be read or has problems is left out (the
 * document is linted as if there were none) and reported once through `warn`, whose messages
 * are masked on their way out with `logMask`: every text read teaches it its secrets.
 */
export class ProjectConfigs {
  private readonly locator = new ConfigLocator();
  private readonly files = new Map<string, Promise<ConfigFile | undefined>>();
  private readonly warned = new Set<string>();
  /** Bumped on every change of a config file. */
  generation = 0;

  constructor(
    private readonly warn: (message: string) => void,
    private readonly logMask: SecretMask,
  ) {}

  /** The config for a document in `folder` (undefined for documents that are not files). */
  forFolder(folder: string | undefined): Promise<ConfigFile | undefined> {
    if (folder === undefined) return Promise.resolve(undefined);
    const { found, skipped } = this.locator.find(folder);
    for (const { absPath, reason } of skipped) this.problem(absPath, reason);
    if (found === undefined) return Promise.resolve(undefined);
    let pending = this.files.get(found);
    if (!pending) {
      pending = this.read(found);
      this.files.set(found, pending);
    }
    return pending;
  }

  /** A config file was created, changed or deleted: look everything up again. */
  invalidate(): void {
    this.generation++;
    this.locator.clear();
    this.files.clear();
  }

  private async read(absPath: string): Promise<ConfigFile | undefined> {
    let text: string;
    try {
      const stat = await fs.stat(absPath);
      if (stat.size > MAX_CONFIG_BYTES) return this.problem(absPath, `it is larger than ${MAX_CONFIG_BYTES} bytes`);
      text = await fs.readFile(absPath, 'utf8');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return this.problem(absPath, code === 'ENOENT' ? 'it no longer exists' : 'it cannot be read');
    }
    this.logMask.learn(text);
    const { config, problem } = loadConfigText(absPath, text);
    if (problem) {
      return this.problem(absPath, `line ${problem.range.start.line + 1}, column ${problem.range.start.character + 1}: ${problem.message}`);
    }
    return config;
  }

  private problem(absPath: string, reason: string): undefined {
    const message = `${absPath} is not used: ${reason}.`;
    if (!this.warned.has(message)) {
      this.warned.add(message);
      this.warn(message);
    }
    return undefined;
  }
}
