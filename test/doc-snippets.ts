/** Set-ups the docs offer, each the fenced block right after `<!-- snippet: <name> -->` on its page. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The text of a page under docs/, by its file name. */
export function docPage(name: string): string {
  return fs.readFileSync(fileURLToPath(new URL(`../docs/${name}`, import.meta.url)), 'utf8');
}

/** The block marked `name` on `page` (the text of docs/`pageName`), which must be fenced as `language`. */
export function docSnippet(page: string, pageName: string, name: string, language: string): string {
  const match = new RegExp(`<!-- snippet: ${name} -->\\n\`\`\`${language}\\n([\\s\\S]*?)\`\`\`\\n`).exec(page);
  if (!match) throw new Error(`docs/${pageName} has no ${language} block marked ${name}`);
  return match[1]!;
}
