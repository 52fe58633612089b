/** The set-ups docs/ci.md offers: each is the fenced block after `<!-- snippet: <name> -->`. */
import { docPage, snippetOf } from './doc-snippets.js';

export const CI_PAGE = docPage('docs/ci.md');

/** The command the page runs the CLI with, installed in the user's project. */
export const NPX_LINT = 'npx --no-install manifest-lint';

export function ciSnippet(name: string, language: string): string {
  return snippetOf(CI_PAGE, 'docs/ci.md', name, language);
}
