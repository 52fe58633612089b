// The contribution of the `agentManifest.rules` setting, generated from the engine's rule metadata
// (`manifest-lint --list-rules --format json` gives the same fields). Pure: no `vscode`.
// The build writes it into the packaged manifest; a test keeps `client/package.json` in step.
import { SEVERITY_SETTINGS } from './settings.js';

export interface RuleSummary {
  id: string;
  /** The default severity. */
  severity: string;
  description: string;
  docsUrl?: string;
}

/**
 * A JSON schema for the setting, so the settings editor completes rule ids and severities and
 * flags unknown ones: `propertyNames` lists every rule id, and each rule has its own entry with
 * its description and default severity.
 */
export function rulesSettingSchema(rules: readonly RuleSummary[]): Record<string, unknown> {
  const ids = rules.map((rule) => rule.id);
  const properties: Record<string, unknown> = {};
  for (const rule of rules) {
    const docs = rule.docsUrl ? ` [Documentation](${rule.docsUrl})` : '';
    properties[rule.id] = {
      type: 'string',
      enum: [...SEVERITY_SETTINGS],
      markdownDescription: `${rule.description} Default: \`${rule.severity}\`.${docs}`,
    };
  }
  return {
    type: 'object',
    scope: 'resource',
    default: {},
    markdownDescription:
      'Severity by rule id: `off`, `hint`, `info`, `warning` or `error`. These win over `.manifestlintrc.json`, like `manifest-lint --rule`. Example: `{ "task-at-past": "off", "secret-name-case": "error" }`.',
    propertyNames: { enum: ids },
    properties,
    additionalProperties: false,
  };
}
