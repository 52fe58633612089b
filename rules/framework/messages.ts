import type { DefinedRuleMeta, MessageData } from './rule.js';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A rule's message by id, its `{{placeholders}}` filled from the data. A message the rule does
 * not declare, or a placeholder without a value, is a bug of the rule: it throws, and the rule's
 * run ends in an `internal-error` finding naming it.
 */
export function formatMessage(meta: Pick<DefinedRuleMeta, 'id' | 'messages'>, messageId: string, data: MessageData = {}): string {
  return fill(meta.id, 'message', meta.messages?.[messageId], messageId, data);
}

/** A rule's fix or suggestion title by id, filled as `formatMessage` fills a message. */
export function formatFixTitle(meta: Pick<DefinedRuleMeta, 'id' | 'fixTitles'>, titleId: string, data: MessageData = {}): string {
  return fill(meta.id, 'fix title', meta.fixTitles?.[titleId], titleId, data);
}

function fill(ruleId: string, kind: string, template: string | undefined, id: string, data: MessageData): string {
  if (template === undefined) throw new Error(`${ruleId} has no ${kind} "${id}"`);
  const parts = partsOf(template);
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const value = data[parts[i]!];
    if (value === undefined) throw new Error(`${kind} "${id}" of ${ruleId} needs {{${parts[i]}}}`);
    text += String(value) + parts[i + 1]!;
  }
  return text;
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
