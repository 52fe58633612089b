import { painter, type Painter } from '../report/color.js';
import { safeLine } from '../report/terminal-text.js';

/**
 * A Markdown page, as the rule pages are written (headings, paragraphs, `-` lists, fenced code,
 * inline code and bold), drawn for a terminal in the manner of a manual page: the title in bold,
 * section headings in capitals, code indented. Without colour the text stays plain and readable:
 * inline code keeps its backquotes and bold its asterisks' words; with colour, code is cyan and
 * headings and bold are bold.
 */
export function renderMarkdown(markdown: string, color: boolean): string {
  const paint = painter(color);
  const out: string[] = [];
  // The indentation of the open fence's opening line: a fence inside a list item is indented.
  let fence: string | undefined;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const marker = /^(\s*)```/.exec(line);
    if (marker) {
      fence = fence === undefined ? marker[1] : undefined;
      continue;
    }
    if (fence !== undefined) {
      const code = line.startsWith(fence) ? line.slice(fence.length) : line.trimStart();
      out.push(code === '' ? '' : `${fence}    ${paint.cyan(safeLine(code))}`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const text = safeLine(heading[2]!.replace(/`|\*\*/g, ''));
      out.push(paint.bold(heading[1] === '#' ? text : text.toUpperCase()));
      continue;
    }
    const item = /^(\s*)[-*]\s+(.*)$/.exec(line);
    out.push(item ? `${item[1]}  - ${inline(item[2]!, paint, color)}` : inline(line, paint, color));
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/** A line's inline code and bold, the rest made safe to print. */
function inline(text: string, paint: Painter, color: boolean): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => {
      if (index % 2 === 1) return color ? paint.cyan(safeLine(part.slice(1, -1))) : safeLine(part);
      return safeLine(part).replace(/\*\*([^*]+)\*\*/g, (_, words: string) => paint.bold(words));
    })
    .join('');
}
