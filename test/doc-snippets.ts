/** The blocks a docs page offers to copy: each is the fenced block after `<!-- snippet: <name> -->`. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The text of `page` (a path under the repository's root). */
export function docPage(page: string): string {
  return fs.readFileSync(fileURLToPath(new URL(`../${page}`, import.meta.url)), 'utf8');
}

/** The `language` block marked `name` in `text`, the text of `page`. */
export function snippetOf(text: string, page: string, name: string, language: string): string {
  const match = new RegExp(`<!-- snippet: ${name} -->\\n\`\`\`${language}\\n([\\s\\S]*?)\`\`\`\\n`).exec(text);
  if (!match) throw new Error(`${page} has no ${language} block marked ${name}`);
  return match[1]!;
}
