import type { Connection } from 'vscode-languageserver';
import { findRule, SEVERITIES, type SeveritySetting } from '../rules/index.js';

export type TemplateChecks = 'auto' | 'on' | 'off';

/** The editor settings under `agentManifest`. */
export interface Settings {
  /** `false` turns the server off for the document: no diagnostics and no features. */
  enable: boolean;
  /** Severity overrides by rule id; they win over `.manifestlintrc.json`, like CLI `--rule`. */
  rules: Record<string, SeveritySetting>;
  /**
   * Template checks (`server/template-checks.ts`): `auto` lints a manifest that has a `template`
   * object as a template submission, with the repository checks of its folder; `on` always;
   * `off` never.
   */
  templateChecks: TemplateChecks;
}

export const SECTION = 'agentManifest';
export const DEFAULT_SETTINGS: Settings = Object.freeze({ enable: true, rules: {}, templateChecks: 'auto' });

const SEVERITY_SETTINGS: readonly string[] = ['off', ...SEVERITIES];
const TEMPLATE_CHECKS: readonly string[] = ['auto', 'on', 'off'];

/** Reads settings as the client sent them, keeping what is valid and naming what is not. */
export function readSettings(raw: unknown, complain: (message: string) => void): Settings {
  if (raw === null || raw === undefined) return DEFAULT_SETTINGS;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    complain(`\`${SECTION}\` settings must be an object`);
    return DEFAULT_SETTINGS;
  }
  const value = raw as Record<string, unknown>;
  const settings: Settings = { enable: true, rules: {}, templateChecks: 'auto' };
  if (value.enable !== undefined) {
    if (typeof value.enable === 'boolean') settings.enable = value.enable;
    else complain(`\`${SECTION}.enable\` must be true or false`);
  }
  if (value.rules !== undefined && value.rules !== null) {
    if (typeof value.rules !== 'object' || Array.isArray(value.rules)) {
      complain(`\`${SECTION}.rules\` must be an object of rule id to severity`);
    } else {
      for (const [id, severity] of Object.entries(value.rules as Record<string, unknown>)) {
        if (!findRule(id)) complain(`\`${SECTION}.rules\`: unknown rule \`${id}\``);
        else if (typeof severity !== 'string' || !SEVERITY_SETTINGS.includes(severity)) {
          complain(`\`${SECTION}.rules.${id}\` must be one of ${SEVERITY_SETTINGS.join(', ')}`);
        } else settings.rules[id] = severity as SeveritySetting;
      }
    }
  }
  if (value.templateChecks !== undefined) {
    if (typeof value.templateChecks === 'string' && TEMPLATE_CHECKS.includes(value.templateChecks)) {
      settings.templateChecks = value.templateChecks as TemplateChecks;
    } else complain(`\`${SECTION}.templateChecks\` must be one of ${TEMPLATE_CHECKS.join(', ')}`);
  }
  return settings;
}

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
