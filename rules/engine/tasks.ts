import type { Node } from 'jsonc-parser';
import { arrayItems, childValue, stringValue, type ParsedDocument } from './document.js';
import type { JsonPath } from './types.js';

/** A cron expression of a task, in either the documented or the shorthand form. */
export interface CronSchedule {
  taskIndex: number;
  expr: string;
  /** The string node holding the expression, and its path. */
  node: Node;
  path: JsonPath;
  tz: string | undefined;
  /** Written as the legacy shorthand `schedule: "<cron>"`. */
  shorthand: boolean;
}

export function tasks(doc: ParsedDocument): { index: number; node: Node }[] {
  return arrayItems(doc.root, ['tasks']).filter(({ node }) => node.type === 'object');
}

/** Every cron expression the tasks declare. */
export function cronSchedules(doc: ParsedDocument): CronSchedule[] {
  const found: CronSchedule[] = [];
  for (const { index, node } of tasks(doc)) {
    const schedule = childValue(node, 'schedule');
    if (schedule?.type === 'string') {
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
