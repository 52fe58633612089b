/**
 * Checks documented VS Code settings against what the extension contributes (client/package.json):
 * each `agentManifest.*` key must be a contributed setting and its value valid by that setting's
 * schema. Other keys are VS Code's own, or other extensions', and are left alone.
 */
import fs from 'node:fs';
import { Ajv } from './sarif-schema.js';

const CONTRIBUTED = (
  JSON.parse(fs.readFileSync(new URL('../client/package.json', import.meta.url), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, Record<string, unknown>> } };
  }
).contributes.configuration.properties;

/** What is wrong with `settings` (a settings.json object), one line per problem. */
export function vscodeSettingsProblems(settings: Record<string, unknown>): string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  return Object.entries(settings).flatMap(([key, value]) => {
    if (!key.startsWith('agentManifest.')) return [];
    const schema = CONTRIBUTED[key];
    if (!schema) return [`${key}: the extension contributes no such setting`];
    const validate = ajv.compile(schema);
    return validate(value) ? [] : [`${key}: ${ajv.errorsText(validate.errors)}`];
  });
}
