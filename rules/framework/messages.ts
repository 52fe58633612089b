import type { MessageData } from './rule.js';
import type { RuleMeta } from './types.js';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A rule's message by id, its `{{placeholders}}` filled from the data. A message the rule does
 * not declare, or a placeholder without a value, is a bug of the rule: it throws, and the rule's
 * run ends in an `internal-error` finding naming it.
 */
export function formatMessage(meta: Pick<RuleMeta, 'id' | 'messages'>, messageId: string, data: MessageData = {}): string {
  const template = meta.messages?.[messageId];
  if (template === undefined) throw new Error(`${meta.id} has no message "${messageId}"`);
  const parts = partsOf(template);
  let message = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const value = data[parts[i]!];
    if (value === undefined) throw new Error(`message "${messageId}" of ${meta.id} needs {{${parts[i]}}}`);
    message += String(value) + parts[i + 1]!;
  }
  return message;
}

/** A template split once into text and placeholder names, alternating (text first and last). */
const splitTemplates = new Map<string, readonly string[]>();

function partsOf(template: string): readonly string[] {
  let parts = splitTemplates.get(template);
  if (!parts) {
    parts = template.split(PLACEHOLDER);
    splitTemplates.set(template, parts);
  }
  return parts;
}
