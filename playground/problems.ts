import { messageNodes, ruleLink, type Finding } from './findings.js';

/** What in a row can hold the keyboard's focus: its place, rule link and fixes. */
const FOCUSABLE = 'button, a';

/**
 * The problems list beside the editor: every finding with its place, rule and fixes. Each row's
 * place is a button that moves the cursor there, so the list works from the keyboard. A new lint
 * renders the list anew; the keyboard's focus, when in the list, stays at the same row and control.
 */
export function renderProblems(list: HTMLElement, count: HTMLElement, findings: readonly Finding[], reveal: (from: number) => void): void {
  const counts = (['error', 'warning', 'info', 'hint'] as const)
    .map((severity) => [severity, findings.filter((finding) => finding.severity === severity).length] as const)
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => `${n} ${severity}${n === 1 ? '' : severity === 'info' ? '' : 's'}`);
  count.textContent = counts.length === 0 ? 'no problems' : counts.join(', ');
  const focus = focusIn(list);
  list.replaceChildren(
    ...findings.map((finding) => {
      const row = document.createElement('li');
      row.className = `problem ${finding.severity}`;
      const place = document.createElement('button');
      place.type = 'button';
      place.className = 'place';
      place.textContent = `${finding.line}:${finding.column}`;
      place.title = `Go to line ${finding.line}, column ${finding.column}`;
      place.addEventListener('click', () => reveal(finding.from));
      const severity = document.createElement('span');
      severity.className = 'severity';
      severity.textContent = finding.severity;
      const message = document.createElement('span');
      message.className = 'message';
      message.append(...messageNodes(finding.message));
      row.append(place, severity, message, ruleLink(finding.ruleId));
      if (finding.fixes.length > 0) {
        const fixes = document.createElement('div');
        fixes.className = 'fixes';
        for (const fix of finding.fixes) {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = fix.preferred ? 'fix preferred' : 'fix';
          button.append(...messageNodes(fix.title));
          button.title = fix.preferred ? 'The certain fix (--fix applies it)' : 'A suggestion: check it fits';
          button.addEventListener('click', () => fix.apply());
          fixes.append(button);
        }
        row.append(fixes);
      }
      return row;
    }),
  );
  if (focus) {
    const rows = list.children;
    const row = rows[Math.min(focus.row, rows.length - 1)];
    const controls = row?.querySelectorAll<HTMLElement>(FOCUSABLE);
    controls?.[Math.min(focus.control, controls.length - 1)]?.focus();
  }
}

/** Which row of the list, and which control of that row, has the keyboard's focus, if any. */
function focusIn(list: HTMLElement): { row: number; control: number } | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !list.contains(active)) return undefined;
  const row = [...list.children].findIndex((item) => item.contains(active));
  if (row < 0) return undefined;
  return { row, control: Math.max(0, [...list.children[row]!.querySelectorAll(FOCUSABLE)].indexOf(active)) };
}
