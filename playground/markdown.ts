/**
 * The Markdown the language server sends (hovers, completion documentation) as HTML, in the
 * page: paragraphs, headings, lists, fenced code, inline code, emphasis and links. It stands in
 * for `marked` in the LSP client (the build aliases that import here), at a twentieth of its
 * size, and never passes HTML through: every character of the text is escaped, and links
 * keep only web and page-relative addresses.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

export function markdownToHtml(markdown: string): string {
  const html: string[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const flush = () => {
    if (paragraph.length > 0) html.push(`<p>${inline(paragraph.join('\n'))}</p>`);
    paragraph = [];
    if (list) html.push(`<${list.ordered ? 'ol' : 'ul'}>${list.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${list.ordered ? 'ol' : 'ul'}>`);
    list = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!); i++) body.push(lines[i]!);
      html.push(`<pre><code${fence[2] ? ` class="language-${escape(fence[2])}"` : ''}>${escape(body.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (line.trim() === '') flush();
    else if (heading) {
      flush();
      html.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      html.push('<hr>');
    } else if (item) {
      const ordered = /\d/.test(item[1]!);
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[2]!);
    } else if (list && /^\s+\S/.test(line)) list.items[list.items.length - 1] += `\n${line.trim()}`;
    else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return html.join('\n');
}

/** Inline Markdown: code spans first (their content is literal), then links, emphasis, breaks. */
function inline(text: string): string {
  const parts = text.split(/(`+)([\s\S]*?[^`])\1(?!`)/);
  let html = '';
  for (let i = 0; i < parts.length; i += 3) {
    html += spans(parts[i]!);
    if (i + 2 < parts.length) html += `<code>${escape(parts[i + 2]!.replace(/^ (.*) $/s, '$1'))}</code>`;
  }
  return html;
}

function spans(text: string): string {
  return escape(text)
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_whole, label: string, href: string) =>
      /^(https?:|#|\.{1,2}\/|\/(?!\/)|[\w-]+\.html)/i.test(href) ? `<a href="${href}">${label}</a>` : label,
    )
    .replace(/\*\*(\S(?:[\s\S]*?\S)?)\*\*|__(\S(?:[\s\S]*?\S)?)__/g, (_whole, a?: string, b?: string) => `<strong>${a ?? b}</strong>`)
    .replace(
      /(^|[^\w*])\*(\S(?:[^*]*?\S)?)\*(?!\w)|(^|\W)_(\S(?:[^_]*?\S)?)_(?!\w)/g,
      (_whole, p1?: string, a?: string, p2?: string, b?: string) => `${p1 ?? p2}<em>${a ?? b}</em>`,
    )
    .replace(/(?: {2,}|\\)\n/g, '<br>')
    .replace(/\n/g, ' ');
}

/** What the LSP client uses of `marked`: a `Marked` whose `parse` gives HTML at once. */
export class Marked {
  parse(markdown: string): string {
    return markdownToHtml(markdown);
  }
}
