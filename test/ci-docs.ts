/** The set-ups docs/ci.md offers: each is the fenced block after `<!-- snippet: <name> -->`. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CI_PAGE = fs.readFileSync(fileURLToPath(new URL('../docs/ci.md', import.meta.url)), 'utf8');

export function ciSnippet(name: string, language: string): string {
  const match = new RegExp(`<!-- snippet: ${name} -->\\n\`\`\`${language}\\n([\\s\\S]*?)\`\`\`\\n`).exec(CI_PAGE);
  if (!match) throw new Error(`docs/ci.md has no ${language} block marked ${name}`);
  return match[1]!;
}
