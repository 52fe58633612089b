/** The playground's Markdown renderer: what the server's hovers use, and nothing it could abuse. */
import { describe, expect, it } from 'vitest';
import { markdownToHtml } from '../../playground/markdown.js';

describe('markdownToHtml', () => {
  it('renders what hovers and completion documentation hold', () => {
    expect(markdownToHtml('**Runs** at 09:00 (`Europe/Lisbon`)\n\nNext runs:\n\n- Thu 26 Nov\n- Fri 27 Nov')).toBe(
      '<p><strong>Runs</strong> at 09:00 (<code>Europe/Lisbon</code>)</p>\n<p>Next runs:</p>\n<ul><li>Thu 26 Nov</li><li>Fri 27 Nov</li></ul>',
    );
    expect(markdownToHtml('# Title\n\n1. one\n2. *two*\n\n```json\n{ "a": 1 }\n```')).toBe(
      '<h1>Title</h1>\n<ol><li>one</li><li><em>two</em></li></ol>\n<pre><code class="language-json">{ &quot;a&quot;: 1 }</code></pre>',
    );
    expect(markdownToHtml('See [the rule](route-port-reserved.html) and [docs](https://example.com/a?b=1&c=2).')).toBe(
      '<p>See <a href="route-port-reserved.html">the rule</a> and <a href="https://example.com/a?b=1&amp;c=2">docs</a>.</p>',
    );
  });

  it('keeps code spans literal, whatever they hold', () => {
    expect(markdownToHtml('`` a `tick` **not bold** `` and `<b>`')).toBe('<p><code>a `tick` **not bold**</code> and <code>&lt;b&gt;</code></p>');
  });

  it('links only to web addresses and this site, never to another host through a protocol-relative address', () => {
    expect(markdownToHtml('[a](/rules/x.html) [b](//evil.example/x) [c](../index.html)')).toBe(
      '<p><a href="/rules/x.html">a</a> b <a href="../index.html">c</a></p>',
    );
  });

  it('never lets HTML or a script address through', () => {
    const html = markdownToHtml('<img src=x onerror=alert(1)> [click](javascript:alert(1)) [x](data:text/html,<script>) "quoted"');
    expect(html).not.toMatch(/<img|<script|javascript:|data:|href="data/);
    // The address ends at its first parenthesis, as in CommonMark; the link is dropped, its label kept.
    expect(html).toBe('<p>&lt;img src=x onerror=alert(1)&gt; click) x &quot;quoted&quot;</p>');
  });
});
