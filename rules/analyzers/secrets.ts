import { arrayItems, childValue, derived, stringValue, type ParsedDocument } from '../framework/document.js';
import { appendToArray } from '../framework/json-edits.js';
import type { OffsetEdit } from '../framework/rule.js';

/** Names declared in `secrets[]`. */
export function declaredSecretNames(doc: ParsedDocument): ReadonlySet<string> {
  return derived(doc, readSecretNames);
}

function readSecretNames(doc: ParsedDocument): Set<string> {
  return new Set(declaredSecrets(doc).map((secret) => secret.name));
}

/** A declared secret and whether the deploy form requires it (`required` defaults to `true`, seed section 2.3). */
export interface DeclaredSecret {
  name: string;
  required: boolean;
}

/** The declared secrets by name, in order; a name declared twice is required when either says so. */
export function declaredSecrets(doc: ParsedDocument): readonly DeclaredSecret[] {
  return derived(doc, readDeclaredSecrets);
}

function readDeclaredSecrets(doc: ParsedDocument): DeclaredSecret[] {
  const byName = new Map<string, DeclaredSecret>();
  for (const { node } of arrayItems(doc.root, ['secrets'])) {
    const name = stringValue(childValue(node, 'name'));
    if (name === undefined) continue;
    const requiredNode = childValue(node, 'required');
    const required = !(requiredNode?.type === 'boolean' && requiredNode.value === false);
    const known = byName.get(name);
    byName.set(name, { name, required: required || (known?.required ?? false) });
  }
  return [...byName.values()];
}

/** Edits that add `{ name, description }` to `secrets[]`, creating the array if needed. */
export function declareSecret(doc: ParsedDocument, name: string, description: string): OffsetEdit[] {
  return appendToArray(doc, ['secrets'], { name, description });
}

/** `^[A-Za-z_][A-Za-z0-9_]*$`: what a shell accepts as an environment variable name. */
/** The message of a secret `name` that is a credential (`secret-name-case`, `secret-name-format`): nothing is derived from it. */
export const CREDENTIAL_AS_NAME =
  "{{subject}} is {{value}}, which looks like a credential, not the name of a variable: the name here is the environment variable the agent reads (for example `OPENAI_API_KEY`), and the value is set in the platform's secrets, never in the manifest. Revoke this one: whoever has read the file has it.";

export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
