import type { Connection } from 'vscode-languageserver';
import { DEFAULT_SETTINGS, readSettings, SECTION, type Settings } from '../language/settings.js';

/**
 * Settings per document: asked with `workspace/configuration` (scoped to the document) when the
 * client supports it, otherwise taken from `workspace/didChangeConfiguration`. Answers are kept
 * until the configuration changes.
 */
export class SettingsStore {
  private readonly byUri = new Map<string, Promise<Settings>>();
  private readonly resolved = new Map<string, Settings>();
  private pushed: Settings = DEFAULT_SETTINGS;
  private readonly complaints = new Set<string>();
  /** Bumped whenever settings may have changed, so results computed with older ones are known stale. */
  generation = 0;
  pullSupported = false;

  constructor(private readonly connection: Connection) {}

  /** The settings of a document, asking the client at most once per configuration change. */
  get(uri: string): Promise<Settings> {
    if (!this.pullSupported) return Promise.resolve(this.pushed);
    let pending = this.byUri.get(uri);
    if (!pending) {
      const generation = this.generation;
      pending = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: SECTION })
        .then(
          (raw: unknown) => this.read(raw),
          () => DEFAULT_SETTINGS,
        )
        .then((settings) => {
          if (generation === this.generation) this.resolved.set(uri, settings);
          return settings;
        });
      this.byUri.set(uri, pending);
    }
    return pending;
  }

  /** The settings known without asking: for features that answer synchronously. */
  known(uri: string): Settings {
    return this.pullSupported ? (this.resolved.get(uri) ?? DEFAULT_SETTINGS) : this.pushed;
  }

  /** `workspace/didChangeConfiguration`: forget every answer; take the pushed value if any. */
  changed(raw: unknown): void {
    this.generation++;
    this.byUri.clear();
    this.resolved.clear();
    this.complaints.clear();
    if (!this.pullSupported) {
      const section = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[SECTION] : undefined;
      this.pushed = this.read(section);
    }
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
    this.resolved.delete(uri);
  }

  private read(raw: unknown): Settings {
    return readSettings(raw, (message) => {
      if (this.complaints.has(message)) return;
      this.complaints.add(message);
      this.connection.console.warn(`Settings: ${message}; it is ignored.`);
    });
  }
}
