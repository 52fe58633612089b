import type { Node } from 'jsonc-parser';
import { propertiesNamed, type ParsedDocument } from '../framework/document.js';
import { indentAt, isMultiline, layoutOf, renderObject } from '../framework/json-edits.js';
import type { OffsetEdit } from '../framework/rule.js';

/**
 * Conversions of the legacy forms real manifests use (SPEC section 3) into the documented ones.
 * They return no edits when the conversion is not mechanical: a syntax error anywhere (the tree
 * may be cut short, so an edit might not land where it seems), duplicate keys (which occurrence
 * the user meant is a choice), or a value the documented form would reject.
 */

/** The single property named `key` of an object, or undefined when it is absent or repeated. */
function onlyProperty(object: Node, key: string): Node | undefined {
  const found = propertiesNamed(object, key);
  return found.length === 1 ? found[0] : undefined;
}

function source(text: string, node: Node): string {
  return text.slice(node.offset, node.offset + node.length);
}

/**
 * `{ "prompt": P, "schedule": "<cron>", … }` → `{ "schedule": { "kind": "cron", "expr": "<cron>" },
 * "payload": { "kind": "agentTurn", "text": P }, … }`. Every other key stays where it is; the
 * payload follows the schedule (the documented order); the new objects are written inline in a
 * task written on one line, one member a line otherwise; the cron string and the prompt keep
 * their exact JSON text.
 */
export function convertShorthandTask(doc: ParsedDocument, task: Node): OffsetEdit[] | undefined {
  const { text } = doc;
  if (doc.syntaxErrors.length > 0 || task.type !== 'object') return undefined;
  const scheduleProperty = onlyProperty(task, 'schedule');
  const promptProperty = onlyProperty(task, 'prompt');
  if (!scheduleProperty || !promptProperty || propertiesNamed(task, 'payload').length > 0) return undefined;
  const [scheduleKey, schedule] = scheduleProperty.children ?? [];
  const [promptKey, prompt] = promptProperty.children ?? [];
  if (!scheduleKey || !promptKey || schedule?.type !== 'string' || prompt?.type !== 'string') return undefined;
  if ((schedule.value as string).trim() === '') return undefined;

  const layout = layoutOf(text);
  const inline = !isMultiline(text, task);
  const indent = inline ? '' : indentAt(text, scheduleProperty.offset);
  const newSchedule = renderObject([['kind', '"cron"'], ['expr', source(text, schedule)]], layout, indent, inline);
  const newPayload = renderObject([['kind', '"agentTurn"'], ['text', source(text, prompt)]], layout, indent, inline);
  const scheduleEdit = { start: schedule.offset, end: schedule.offset + schedule.length };

  const properties = task.children ?? [];
  const promptIndex = properties.indexOf(promptProperty);
  if (promptIndex > properties.indexOf(scheduleProperty)) {
    // The prompt already follows the schedule: it becomes the payload in place.
    return [
      { ...scheduleEdit, newText: newSchedule },
      { start: promptKey.offset, end: promptKey.offset + promptKey.length, newText: '"payload"' },
      { start: prompt.offset, end: prompt.offset + prompt.length, newText: newPayload },
    ];
  }
  // The prompt comes first: remove it with the separator after it, and write the payload after
  // the schedule, separated and spaced the way the prompt was.
  const next = properties[promptIndex + 1]!;
  const separator = text.slice(promptProperty.offset + promptProperty.length, next.offset);
  const colon = text.slice(scheduleKey.offset + scheduleKey.length, schedule.offset);
  return [
    { start: promptProperty.offset, end: next.offset, newText: '' },
    { ...scheduleEdit, newText: `${newSchedule}${separator}"payload"${colon}${newPayload}` },
  ];
}

/**
 * `"model": { "primary": "p/m" }` → `"model": "p/m"`, when `primary` is the object's only key and
 * holds a string (whether that string is a valid model id is the caller's check).
 */
export function convertModelObject(doc: ParsedDocument, model: Node): OffsetEdit[] | undefined {
  if (doc.syntaxErrors.length > 0 || model.type !== 'object' || (model.children ?? []).length !== 1) return undefined;
  const primary = onlyProperty(model, 'primary')?.children?.[1];
  if (primary?.type !== 'string') return undefined;
  return [{ start: model.offset, end: model.offset + model.length, newText: source(doc.text, primary) }];
}
