import type { Node } from 'jsonc-parser';
import { childValue, propertiesNamed, stringValue, type ParsedDocument } from '../framework/document.js';
import { indentAt, isMultiline, layoutOf, renderObject } from '../framework/json-edits.js';
import type { OffsetEdit } from '../framework/rule.js';
import { INTERVAL_SHORTHAND, tasks } from './tasks.js';

/**
 * Conversions between forms the platform's sources each accept (SPEC section 3): a task as the
 * docs' objects or as the shorthand Pinata's templates and the template validator use, the
 * model as the docs' string or the published schema's `{ "primary": … }`. They are offered as
 * suggestions, never applied by `--fix`: which form a manifest should have depends on the gate
 * it goes through. They return no edits when the conversion is not mechanical: a syntax error
 * anywhere (the tree may be cut short, so an edit might not land where it seems), duplicate keys
 * (which occurrence the user meant is a choice), or a value the other form cannot hold.
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
 * `{ "prompt": P, "schedule": "<cron>" | "<n>ms", … }` → `{ "schedule": { "kind": "cron", "expr":
 * "<cron>" } | { "kind": "every", "everyMs": n }, "payload": { "kind": "agentTurn", "text": P }, … }`.
 * Every other key stays where it is; the payload follows the schedule (the documented order);
 * the new objects are written inline in a task written on one line, one member a line
 * otherwise; the cron string and the prompt keep their exact JSON text.
 */
export function shorthandToObjects(doc: ParsedDocument, task: Node): OffsetEdit[] | undefined {
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
  const interval = INTERVAL_SHORTHAND.exec(schedule.value as string);
  const scheduleMembers: [string, string][] = interval
    ? [
        ['kind', '"every"'],
        ['everyMs', interval[1]!],
      ]
    : [
        ['kind', '"cron"'],
        ['expr', source(text, schedule)],
      ];
  const newSchedule = renderObject(scheduleMembers, layout, indent, inline);
  const newPayload = renderObject(
    [
      ['kind', '"agentTurn"'],
      ['text', source(text, prompt)],
    ],
    layout,
    indent,
    inline,
  );
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

/** The keys the shorthand has: anything else of a task in the object form has no place in it. */
const SHORTHAND_TASK_KEYS = new Set(['name', 'schedule', 'payload', 'enabled']);

/** Why a task in the object form has no shorthand, or the edits that write it as one. */
export type ToShorthand = { edits: OffsetEdit[] } | { impossible: NoShorthand };

/**
 * What a task says that the shorthand cannot: keys of its own or of its payload (`keys`, written
 * as code), a time zone, a stagger, a one-shot time, a system event.
 */
export type NoShorthand = { id: 'taskKeys' | 'payloadKeys'; keys: string } | { id: 'timeZone' | 'stagger' | 'oneShot' | 'systemEvent' };

const asCode = (keys: readonly string[]) => keys.map((key) => `\`${key}\``).join(', ');

/**
 * `{ "schedule": { "kind": "cron", "expr": E } | { "kind": "every", "everyMs": n }, "payload":
 * { "kind"?: "agentTurn", "text" | "message": P }, … }` → `{ "schedule": E | "<n>ms", "prompt":
 * P, … }`: the schedule string in place of the object, the prompt in place of the payload.
 * Impossible for what the shorthand cannot say: a one-shot `at`, a time zone, a stagger, a
 * system event, a payload's model or timeout, a delivery, a session target or a wake mode.
 */
export function objectsToShorthand(doc: ParsedDocument, task: Node): ToShorthand | undefined {
  if (doc.syntaxErrors.length > 0 || task.type !== 'object') return undefined;
  const schedule = onlyProperty(task, 'schedule')?.children?.[1];
  const payloadProperty = onlyProperty(task, 'payload');
  const payload = payloadProperty?.children?.[1];
  if (schedule?.type !== 'object' || payload?.type !== 'object') return undefined;
  const extra = (task.children ?? []).map((property) => property.children?.[0]?.value as string).filter((key) => !SHORTHAND_TASK_KEYS.has(key));
  if (extra.length > 0) return { impossible: { id: 'taskKeys', keys: asCode(extra) } };

  const kind = stringValue(childValue(schedule, 'kind'));
  const scheduleKeys = new Set((schedule.children ?? []).map((property) => property.children?.[0]?.value as string));
  let scheduleText: string;
  if (kind === 'cron') {
    const expr = childValue(schedule, 'expr');
    if (scheduleKeys.has('tz')) return { impossible: { id: 'timeZone' } };
    if (expr?.type !== 'string' || scheduleKeys.size !== 2) return undefined;
    scheduleText = source(doc.text, expr);
  } else if (kind === 'every') {
    const everyMs = childValue(schedule, 'everyMs');
    if (scheduleKeys.has('staggerMs')) return { impossible: { id: 'stagger' } };
    if (everyMs?.type !== 'number' || !Number.isSafeInteger(everyMs.value) || scheduleKeys.size !== 2) return undefined;
    scheduleText = JSON.stringify(`${everyMs.value as number}ms`);
  } else if (kind === 'at') {
    return { impossible: { id: 'oneShot' } };
  } else {
    return undefined;
  }

  const payloadKind = stringValue(childValue(payload, 'kind'));
  if (payloadKind === 'systemEvent') return { impossible: { id: 'systemEvent' } };
  const payloadKeys = (payload.children ?? []).map((property) => property.children?.[0]?.value as string);
  const unsaid = payloadKeys.filter((key) => key !== 'kind' && key !== 'text' && key !== 'message');
  if (unsaid.length > 0) return { impossible: { id: 'payloadKeys', keys: asCode(unsaid) } };
  const texts = propertiesNamed(payload, 'text').concat(propertiesNamed(payload, 'message'));
  const prompt = texts.length === 1 ? texts[0]!.children?.[1] : undefined;
  if (prompt?.type !== 'string') return undefined;
  const payloadKey = payloadProperty!.children![0]!;
  return {
    edits: [
      { start: schedule.offset, end: schedule.offset + schedule.length, newText: scheduleText },
      { start: payloadKey.offset, end: payloadKey.offset + payloadKey.length, newText: '"prompt"' },
      { start: payload.offset, end: payload.offset + payload.length, newText: source(doc.text, prompt) },
    ],
  };
}

/**
 * `"model": { "primary": "p/m" }` → `"model": "p/m"`, when `primary` is the object's only key and
 * holds a string (whether that string is a valid model id is the caller's check).
 */
export function modelObjectToString(doc: ParsedDocument, model: Node): OffsetEdit[] | undefined {
  if (doc.syntaxErrors.length > 0 || model.type !== 'object' || (model.children ?? []).length !== 1) return undefined;
  const primary = onlyProperty(model, 'primary')?.children?.[1];
  if (primary?.type !== 'string') return undefined;
  return [{ start: model.offset, end: model.offset + model.length, newText: source(doc.text, primary) }];
}

/** `"model": "p/m"` → `"model": { "primary": "p/m" }`, the model string's JSON text kept. */
export function modelStringToObject(doc: ParsedDocument, model: Node): OffsetEdit[] | undefined {
  if (doc.syntaxErrors.length > 0 || model.type !== 'string') return undefined;
  return [{ start: model.offset, end: model.offset + model.length, newText: `{ "primary": ${source(doc.text, model)} }` }];
}

/** A rewrite an editor offers as a refactoring: no rule's fix, so it is titled here. */
export interface FormRewrite {
  title: string;
  edits: OffsetEdit[];
}

/**
 * The rewrites between accepted forms for what lies at `offset`: the model (string ↔ object) and
 * the task there (shorthand ↔ objects). Editors offer them as refactorings, whatever the rules say,
 * so a manifest can be moved to the form the gate it is meant for asks for.
 */
export function formRewrites(doc: ParsedDocument, offset: number): FormRewrite[] {
  const root = doc.root;
  if (root?.type !== 'object') return [];
  const inside = (node: Node | undefined): node is Node => node !== undefined && node.offset <= offset && offset <= node.offset + node.length;
  const rewrites: FormRewrite[] = [];
  const modelProperty = (root.children ?? []).find((property) => property.children?.[0]?.value === 'model');
  const model = modelProperty?.children?.[1];
  if (inside(modelProperty) && model) {
    const toString = modelObjectToString(doc, model);
    const toObject = modelStringToObject(doc, model);
    if (toString) rewrites.push({ title: "Write the model as the docs' string", edits: toString });
    if (toObject) rewrites.push({ title: 'Write the model as the published schema\'s `{ "primary": … }`', edits: toObject });
  }
  const task = tasks(doc).find(({ node }) => inside(node))?.node;
  if (task) {
    const toObjects = shorthandToObjects(doc, task);
    const toShorthand = objectsToShorthand(doc, task);
    if (toObjects) rewrites.push({ title: "Write the task as the docs' `schedule` and `payload` objects", edits: toObjects });
    if (toShorthand && 'edits' in toShorthand)
      rewrites.push({ title: "Write the task as the shorthand `prompt` and `schedule` string (the template validator's form)", edits: toShorthand.edits });
  }
  return rewrites;
}
