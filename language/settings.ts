import { findRule, SEVERITIES, type SeveritySetting } from '../rules/index.js';

export type TemplateChecks = 'auto' | 'on' | 'off';

/** The editor settings under `agentManifest`. */
/** The configuration section the settings are read from (`agentManifest.*`). */
export const SECTION = 'agentManifest';

export interface Settings {
  /** `false` turns the server off for the document: no diagnostics and no features. */
  enable: boolean;
  /** Severity overrides by rule id; they win over `.manifestlintrc.json`, like CLI `--rule`. */
  rules: Record<string, SeveritySetting>;
  /**
   * Template checks (`language/template-checks.ts`): `auto` lints a manifest that has a `template`
   * object as a template submission, with the repository checks of its folder; `on` always;
   * `off` never.
   */
  templateChecks: TemplateChecks;
}

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
