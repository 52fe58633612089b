/**
 * The job summary's Markdown (action/summary.mjs). Its messages quote keys and values from
 * manifests that anyone can propose in a pull request: none of that may become a link, an image,
 * HTML, emphasis, a new table cell or hidden text.
 */
import { describe, expect, it } from 'vitest';
import { escapeText, messageCell, summaryMarkdown, type JsonFileResult } from '../../action/summary.mjs';

function result(filePath: string, diagnostics: JsonFileResult['diagnostics']): JsonFileResult {
  const count = (severity: string) => diagnostics.filter((d) => d.severity === severity).length;
  return { filePath, errorCount: count('error'), warningCount: count('warning'), infoCount: count('info'), hintCount: count('hint'), diagnostics };
}

const finding = (message: string, line = 3) => ({
  ruleId: 'unknown-property',
  severity: 'error',
  message,
  line,
  docsUrl: 'https://github.com/agent-manifest/agent-manifest/blob/main/docs/rules/unknown-property.md',
});

describe('the job summary', () => {
  it('keeps the tool’s code spans and escapes the text around them', () => {
    expect(messageCell('Unknown property `protcted` in `routes[0]`: did you mean `protected`?')).toBe(
      'Unknown property `protcted` in `routes[0]`: did you mean `protected`?',
    );
    expect(messageCell('a value (see *docs*) with <b>tags</b> & $x$')).toBe('a value \\(see \\*docs\\*\\) with \\<b\\>tags\\</b\\> \\& \\$x\\$');
  });

  it('turns nothing a manifest says into Markdown or HTML', () => {
    // An image, a link and HTML outside the code spans, a pipe that would open a cell.
    const hostile = 'Unknown property `a` ![x](https://example.com/t.png) [click](https://example.com) <img src=x> | b';
    expect(messageCell(hostile)).toBe(
      'Unknown property `a` \\!\\[x\\]\\(https://example.com/t.png\\) \\[click\\]\\(https://example.com\\) \\<img src=x\\> \\| b',
    );
    // A value with a backtick of its own leaves the spans unbalanced: all of it is escaped text.
    expect(messageCell('Unknown property `x` ![i](https://e.com/` `y`')).toBe('Unknown property \\`x\\` \\!\\[i\\]\\(https://e.com/\\` \\`y\\`');
    // Pipes inside a code span are escaped too (GitHub's tables read them as cell borders otherwise).
    expect(messageCell('Unknown property `a|b`')).toBe('Unknown property `a\\|b`');
    // An empty span would let a double backtick open a longer one: plain text instead.
    expect(messageCell('odd `` spans ``')).toBe('odd \\`\\` spans \\`\\`');
  });

  it('keeps every finding on one line and shows what would be invisible', () => {
    expect(messageCell('line one\nline two\r\n`key\u202Eevil`')).toBe('line one line two `key\uFFFDevil`');
    expect(escapeText('tab\there\u0007')).toBe('tab\uFFFDhere\uFFFD');
  });

  it('is a table of file, line, severity, rule and message, with the counts', () => {
    const markdown = summaryMarkdown([result('agents/a|b/manifest.json', [finding('Unknown property `x`.')]), result('ok/manifest.json', [])], {
      title: 'Agent manifest lint',
      checked: '2 manifests',
    });
    expect(markdown).toBe(
      '### Agent manifest lint\n\n1 error, 0 warnings, 0 infos, 0 hints in 2 manifests.\n\n' +
        '| File | Line | Severity | Rule | Message |\n| --- | ---: | --- | --- | --- |\n' +
        '| agents/a\\|b/manifest.json | 3 | error | [`unknown-property`](https://github.com/agent-manifest/agent-manifest/blob/main/docs/rules/unknown-property.md) | Unknown property `x`. |\n',
    );
  });

  it('links a rule only to an https address with nothing Markdown would read', () => {
    const markdown = summaryMarkdown(
      [
        result('manifest.json', [
          { ...finding('m'), docsUrl: 'javascript:alert(1)' },
          { ...finding('m'), docsUrl: 'https://e.com/a) ![x](https://e.com/y' },
        ]),
      ],
      { title: 'T', checked: '1 manifest' },
    );
    expect(markdown.match(/\| `unknown-property` \|/g)).toHaveLength(2);
  });

  it('says when there is nothing to fix, and stops listing at the row limit', () => {
    expect(summaryMarkdown([result('manifest.json', [])], { title: 'Agent manifest lint', checked: '1 manifest' })).toBe(
      '### Agent manifest lint\n\nNo problems in 1 manifest.\n',
    );
    const many = summaryMarkdown(
      [
        result(
          'manifest.json',
          Array.from({ length: 7 }, (_, index) => finding('m', index + 1)),
        ),
      ],
      { title: 'T', checked: '1 manifest', maxRows: 5 },
    );
    expect(many.split('\n').filter((line) => line.startsWith('| manifest.json'))).toHaveLength(5);
    expect(many).toContain('…and 2 more, not listed here');
  });
});
