import type { Node } from 'jsonc-parser';
import type { InlayHint, Range } from 'vscode-languageserver';
import { cronSchedules, explainSchedule, formatRunTime, humanDuration, intervalShorthands, nodeAt } from '../rules/index.js';
import type { FeatureContext } from './context.js';
import type { OpenDocument } from './documents.js';
import { maskShown } from './masking.js';

/** After a cron expression (or shorthand cron string), its next run; after `everyMs` or a `"<n>ms"` schedule, the duration in words. */
export function provideInlayHints(context: FeatureContext, document: OpenDocument, range: Range): InlayHint[] {
  const doc = document.parsed;
  const from = document.offsetAt(range.start);
  const to = document.offsetAt(range.end);
  const visible = (node: Node) => node.offset + node.length >= from && node.offset <= to;
  const after = (node: Node) => document.positionAt(node.offset + node.length);
  const now = context.now();
  const value = doc.value as { tasks?: unknown } | undefined;
  const taskValues = Array.isArray(value?.tasks) ? (value.tasks as unknown[]) : [];
  const hints: InlayHint[] = [];

  for (const schedule of cronSchedules(doc)) {
    if (!visible(schedule.node)) continue;
    const task = taskValues[schedule.taskIndex] as { schedule?: unknown } | undefined;
    const explanation = explainSchedule(task?.schedule, now, { count: 1 });
    const next = explanation?.nextRuns[0];
    if (!explanation || !next) continue;
    hints.push({
      position: after(schedule.node),
      label: `next: ${formatRunTime(next, explanation.timeZone, now)} ${explanation.timeZone}`,
      tooltip: explanation.summary,
      paddingLeft: true,
    });
  }

  const tasks = nodeAt(doc.root, ['tasks']);
  (tasks?.type === 'array' ? (tasks.children ?? []) : []).forEach((task) => {
    const everyMs = nodeAt(task, ['schedule', 'everyMs']);
    if (everyMs?.type !== 'number' || !visible(everyMs)) return;
    const ms = everyMs.value as number;
    if (!Number.isFinite(ms) || ms <= 0) return;
    hints.push({ position: after(everyMs), label: `= ${humanDuration(ms)}`, paddingLeft: true });
  });
  for (const interval of intervalShorthands(doc)) {
    if (visible(interval.node) && interval.everyMs > 0)
      hints.push({ position: after(interval.node), label: `= ${humanDuration(interval.everyMs)}`, paddingLeft: true });
  }
  return maskShown(
    document,
    hints.sort((a, b) => a.position.line - b.position.line || a.position.character - b.position.character),
  );
}
