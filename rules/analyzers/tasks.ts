import type { Node } from 'jsonc-parser';
import { arrayItems, childValue, derived, stringValue, type ParsedDocument } from '../framework/document.js';
import { spanOf, type Span } from '../framework/rule.js';
import type { JsonPath } from '../framework/types.js';

/** A cron expression of a task, in either the documented or the shorthand form. */
export interface CronSchedule {
  taskIndex: number;
  expr: string;
  /** The string node holding the expression, and its path. */
  node: Node;
  path: JsonPath;
  tz: string | undefined;
  /** Written as the shorthand `schedule: "<cron>"`. */
  shorthand: boolean;
}

/**
 * An interval written as the shorthand's `schedule` string, `"<n>ms"`: Pinata's starter
 * documents it beside the cron string ("cron expression … OR milliseconds like '600000ms'").
 */
export const INTERVAL_SHORTHAND = /^([0-9]+)ms$/;

/** A shorthand `schedule: "<n>ms"` of a task. */
export interface IntervalShorthand {
  taskIndex: number;
  everyMs: number;
  node: Node;
  path: JsonPath;
}

/** Every interval written in the shorthand (computed once per document). */
export function intervalShorthands(doc: ParsedDocument): readonly IntervalShorthand[] {
  return derived(doc, findIntervalShorthands);
}

function findIntervalShorthands(doc: ParsedDocument): IntervalShorthand[] {
  const found: IntervalShorthand[] = [];
  for (const { index, node } of tasks(doc)) {
    const schedule = childValue(node, 'schedule');
    const interval = schedule?.type === 'string' ? INTERVAL_SHORTHAND.exec(schedule.value as string) : null;
    if (interval) found.push({ taskIndex: index, everyMs: Number(interval[1]), node: schedule!, path: ['tasks', index, 'schedule'] });
  }
  return found;
}

/** The task objects of `tasks`, with their indexes (computed once per document). */
export function tasks(doc: ParsedDocument): readonly { index: number; node: Node }[] {
  return derived(doc, findTasks);
}

function findTasks(doc: ParsedDocument): { index: number; node: Node }[] {
  return arrayItems(doc.root, ['tasks']).filter(({ node }) => node.type === 'object');
}

/** Every cron expression the tasks declare (computed once per document). */
export function cronSchedules(doc: ParsedDocument): readonly CronSchedule[] {
  return derived(doc, findCronSchedules);
}

function findCronSchedules(doc: ParsedDocument): CronSchedule[] {
  const found: CronSchedule[] = [];
  for (const { index, node } of tasks(doc)) {
    const schedule = childValue(node, 'schedule');
    if (schedule?.type === 'string') {
      if (INTERVAL_SHORTHAND.test(schedule.value as string)) continue;
      found.push({ taskIndex: index, expr: schedule.value, node: schedule, path: ['tasks', index, 'schedule'], tz: undefined, shorthand: true });
      continue;
    }
    if (schedule?.type !== 'object' || stringValue(childValue(schedule, 'kind')) !== 'cron') continue;
    const expr = childValue(schedule, 'expr');
    if (expr?.type !== 'string') continue;
    found.push({
      taskIndex: index,
      expr: expr.value,
      node: expr,
      path: ['tasks', index, 'schedule', 'expr'],
      tz: stringValue(childValue(schedule, 'tz')),
      shorthand: false,
    });
  }
  return found;
}

/** The task's `schedule` object (documented form), or undefined. */
export function scheduleObject(task: Node): Node | undefined {
  const schedule = childValue(task, 'schedule');
  return schedule?.type === 'object' ? schedule : undefined;
}

/** The task's `payload` object, or undefined. */
export function payloadObject(task: Node): Node | undefined {
  const payload = childValue(task, 'payload');
  return payload?.type === 'object' ? payload : undefined;
}

/** The payload's kind: `agentTurn` when `kind` is absent (the default), undefined when it is not a known kind. */
export function payloadKind(payload: Node): 'agentTurn' | 'systemEvent' | undefined {
  const kind = childValue(payload, 'kind');
  if (kind === undefined) return 'agentTurn';
  const value = stringValue(kind);
  return value === 'agentTurn' || value === 'systemEvent' ? value : undefined;
}

/**
 * Where a missing key of `object` is reported (SPEC section 4): the key of the property holding
 * the object, or the object's opening `{` when it is the root or an array item.
 */
export function missingKeySpan(object: Node): Span {
  const parent = object.parent;
  if (parent?.type === 'property' && parent.children?.[0]) return spanOf(parent.children[0]);
  return { start: object.offset, end: object.offset + 1 };
}

/** The one-shot times of task schedules: `at` (ISO 8601 string) and `atMs` (epoch milliseconds). */
export interface AtField {
  taskIndex: number;
  /** The schedule's `kind` as written, when a string. */
  kind: string | undefined;
  field: 'at' | 'atMs';
  node: Node;
  path: JsonPath;
  /** The schedule object, and its `tz` when a string. */
  schedule: Node;
  tz: string | undefined;
}

export function atFields(doc: ParsedDocument): readonly AtField[] {
  return derived(doc, findAtFields);
}

function findAtFields(doc: ParsedDocument): AtField[] {
  const found: AtField[] = [];
  for (const { index, node } of tasks(doc)) {
    const schedule = scheduleObject(node);
    if (!schedule) continue;
    const kind = stringValue(childValue(schedule, 'kind'));
    const tz = stringValue(childValue(schedule, 'tz'));
    const at = childValue(schedule, 'at');
    if (at?.type === 'string') found.push({ taskIndex: index, kind, field: 'at', node: at, path: ['tasks', index, 'schedule', 'at'], schedule, tz });
    const atMs = childValue(schedule, 'atMs');
    if (atMs?.type === 'number') found.push({ taskIndex: index, kind, field: 'atMs', node: atMs, path: ['tasks', index, 'schedule', 'atMs'], schedule, tz });
  }
  return found;
}

const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const BARE_HOST = /^[\w-]+(?:\.[\w-]+)+(?:[:/?#]|$)/;

/** Why a webhook's `to` is not an absolute http(s) URL (`otherScheme` with the scheme it has). */
export type WebhookUrlProblem = { id: 'spacesAround' | 'noScheme' | 'notAbsolute' | 'notValid' | 'noHost' } | { id: 'otherScheme'; values: { scheme: string } };

/** Why `text` is not an absolute http(s) URL, or undefined when it is one. */
export function webhookUrlProblem(text: string): WebhookUrlProblem | undefined {
  if (text.trim() !== text) return { id: 'spacesAround' };
  if (!URL_SCHEME.test(text)) return { id: BARE_HOST.test(text) ? 'noScheme' : 'notAbsolute' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { id: 'notValid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { id: 'otherScheme', values: { scheme: url.protocol } };
  if (url.hostname === '') return { id: 'noHost' };
  return undefined;
}

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Whether a URL's host is this machine: `localhost`, 127.0.0.0/8 or `::1`. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || LOOPBACK_V4.test(hostname);
}

/** The documented text field of each payload kind (seed 2.3). */
export const TEXT_FIELD = { agentTurn: 'text', systemEvent: 'message' } as const;
export const OTHER_TEXT_FIELD = { agentTurn: 'message', systemEvent: 'text' } as const;
