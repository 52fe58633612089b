import { insertCompletionText, type Completion, type CompletionSource } from '@codemirror/autocomplete';
import { serverCompletionSource } from '@codemirror/lsp-client';
import type { EditorView } from '@codemirror/view';

/**
 * The server's completions, filtered on what is typed before the cursor. The server's items
 * replace a whole key, quotes included (`""` right after typing a quote that the editor closed);
 * the LSP client filters on that whole range, and CodeMirror matches no key name against `""`.
 * Editors that support it (VS Code) filter on the part before the cursor and replace the whole
 * range: this does the same.
 */
export const keyAwareCompletion: CompletionSource = async (context) => {
  const result = await serverCompletionSource(context);
  if (!result || result.to === undefined || result.to <= context.pos || result.from > context.pos) return result;
  // The text after the cursor that each item also replaces; typing before the cursor keeps it.
  const beyond = result.to - context.pos;
  return {
    ...result,
    to: context.pos,
    options: result.options.map((option) => ({
      ...option,
      apply: (view: EditorView, completion: Completion, from: number, to: number) => apply(option, view, completion, from, to + beyond),
    })),
  };
};

function apply(option: Completion, view: EditorView, completion: Completion, from: number, to: number): void {
  if (typeof option.apply === 'function') option.apply(view, completion, from, to);
  else view.dispatch(insertCompletionText(view.state, option.apply ?? option.label, from, to));
}
