/** The set-ups docs/ci.md offers: each is the fenced block after `<!-- snippet: <name> -->`. */
import { docPage, docSnippet } from './doc-snippets.js';

export const CI_PAGE = docPage('ci.md');

export function ciSnippet(name: string, language: string): string {
  return docSnippet(CI_PAGE, 'ci.md', name, language);
}
