import { promises as fs } from 'node:fs';
import { ConfigLocator, loadConfigText, templateConfigRefusal, type ConfigFile } from '../io/config-files.js';
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
    const found = folder === undefined ? undefined : this.find(folder);
    return found === undefined ? Promise.resolve(undefined) : this.cached(found);
  }

  /**
   * The config for a template repository checked as a whole: one found from its root, unless it
   * is the repository's own (SPEC 7), which is passed over with a warning.
   */
  forRepository(root: string): Promise<ConfigFile | undefined> {
    const found = this.find(root);
    if (found === undefined) return Promise.resolve(undefined);
    const refusal = templateConfigRefusal(root, found);
    return refusal === undefined ? this.cached(found) : Promise.resolve(this.problem(found, refusal));
  }

  /** A config file was created, changed or deleted: look everything up again. */
  invalidate(): void {
    this.generation++;
    this.locator.clear();
    this.files.clear();
  }

  private find(folder: string): string | undefined {
    const { found, skipped } = this.locator.find(folder);
    for (const { absPath, reason } of skipped) this.problem(absPath, reason);
    return found;
  }

  private cached(absPath: string): Promise<ConfigFile | undefined> {
    let pending = this.files.get(absPath);
    if (!pending) {
      pending = this.read(absPath);
      this.files.set(absPath, pending);
    }
    return pending;
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
