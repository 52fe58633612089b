import { CodeActionKind, type CodeAction, type CodeActionContext, type Range, type TextEdit } from 'vscode-languageserver';
import { fixManifest } from '../rules/apply-config.js';
import { formRewrites, type Diagnostic } from '../rules/index.js';
import { analyze, type FeatureContext } from './context.js';
import { toLspDiagnostic } from './convert.js';
import type { OpenDocument } from './documents.js';
import { maskShown } from './masking.js';
import { StaleRun } from './slices.js';

/** The "fix all" source action's kind, which editors can run on save (`source.fixAll`). */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.agentManifest`;

/**
 * Quick fixes: the fix and the suggestions of every finding in the requested range, from a lint
 * of the current version (never from what the client remembers of an older one); the certain fix
 * is preferred. Plus "Fix all problems", which applies every certain fix the way
 * `manifest-lint --fix` does, and no suggestion; and the rewrites of the model or task at the
 * cursor between the forms the platform's sources each accept.
 */
export async function provideCodeActions(
  context: FeatureContext,
  document: OpenDocument,
  range: Range,
  asked: Pick<CodeActionContext, 'only'>,
): Promise<CodeAction[] | null> {
  const only = asked.only;
  const wants = (kind: string) => !only || only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
  const analysis = await analyze(context, document).catch((error: unknown) => {
    if (error instanceof StaleRun) return undefined;
    throw error;
  });
  // Asked about a version that has changed since: the editor asks again for the new one.
  if (!analysis || analysis.version !== document.version) return null;
  const actions: CodeAction[] = [];

  if (wants(CodeActionKind.QuickFix)) {
    for (const diagnostic of analysis.lint.diagnostics) {
      if (!intersects(diagnostic.range, range)) continue;
      // The certain fix is the preferred one; suggestions are offered beside it, never preferred.
      const offered = [
        ...(diagnostic.fixes ?? []).map((fix) => ({ fix, preferred: true })),
        ...(diagnostic.suggestions ?? []).map((fix) => ({ fix, preferred: false })),
      ];
      for (const { fix, preferred } of offered) {
        actions.push({
          title: fix.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [toLspDiagnostic(diagnostic)],
          isPreferred: preferred,
          edit: { changes: { [document.uri]: fix.edits } },
        });
      }
    }
  }

  // The accepted forms of the model or task at the cursor, whichever gate the manifest is for.
  if (wants(CodeActionKind.RefactorRewrite)) {
    for (const rewrite of formRewrites(document.parsed, document.offsetAt(range.start))) {
      const edits = rewrite.edits.map((edit) => ({ range: document.rangeOf(edit.start, edit.end), newText: edit.newText }));
      actions.push({ title: rewrite.title, kind: CodeActionKind.RefactorRewrite, edit: { changes: { [document.uri]: edits } } });
    }
  }

  // Offered when asked for by kind (the source action menu, fix on save), or beside quick fixes
  // when something can be fixed.
  const fixable = analysis.lint.diagnostics.some((d: Diagnostic) => d.fixes?.length === 1);
  if (only ? wants(FIX_ALL_KIND) : fixable) {
    const edit = fixAllEdit(document, analysis.manifestSettings);
    if (edit) {
      actions.push({ title: 'Fix all problems (agent-manifest)', kind: FIX_ALL_KIND, edit: { changes: { [document.uri]: [edit] } } });
    }
  }
  return maskShown(document, actions);
}

/** One edit covering the part of the text that fixing everything changes. */
function fixAllEdit(document: OpenDocument, settings: Parameters<typeof fixManifest>[1]): TextEdit | undefined {
  const before = document.text;
  const { output, fixCount } = fixManifest(before, settings);
  if (fixCount === 0 || output === before) return undefined;
  let start = 0;
  const limit = Math.min(before.length, output.length);
  while (start < limit && before.charCodeAt(start) === output.charCodeAt(start)) start++;
  let end = 0;
  while (end < limit - start && before.charCodeAt(before.length - 1 - end) === output.charCodeAt(output.length - 1 - end)) end++;
  // Never split a surrogate pair or a CRLF between the edit and the unchanged text.
  while (start > 0 && isLowSurrogateOrLf(before, start)) start--;
  while (end > 0 && isLowSurrogateOrLf(before, before.length - end)) end--;
  return {
    range: document.rangeOf(start, before.length - end),
    newText: output.slice(start, output.length - end),
  };
}

function isLowSurrogateOrLf(text: string, index: number): boolean {
  const ch = text.charCodeAt(index);
  const previous = text.charCodeAt(index - 1);
  return (ch >= 0xdc00 && ch <= 0xdfff && previous >= 0xd800 && previous <= 0xdbff) || (ch === 10 && previous === 13);
}

function intersects(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}
