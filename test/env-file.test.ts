import { describe, expect, it } from 'vitest';
import { readEnvLines } from '../rules/analyzers/env-file.js';

/** The lines as `name=value` (with a problem after `!`), or `?N` for a line that is no assignment. */
function read(text: string): string[] {
  return readEnvLines(text).map((entry) =>
    entry.kind === 'other' ? `?${entry.line}` : `${entry.name}=${JSON.stringify(entry.value)}${entry.problem ? ` !${entry.problem}` : ''}`,
  );
}

describe('the .env reader shared by the linter and dev', () => {
  it.each([
    ['blank lines and comments are nothing', '\n# a comment\n   \n  # indented\n', []],
    ['export before the name', 'export A=1', ['A="1"']],
    ['spaces around the sign, names with dots and dashes', '  A.b-c =  two words  ', ['A.b-c="two words"']],
    ['an unquoted value ends at a comment after a space', 'A=x#y # note', ['A="x#y"']],
    ['an empty value, or only a comment', 'A=\nB= # none', ['A=""', 'B=""']],
    ['single quotes are taken as written', String.raw`A='$raw \n "x"'`, [String.raw`A="$raw \\n \"x\""`]],
    ['double quotes read their escapes', String.raw`A="a\nb\t\"q\" \\ \x"`, ['A="a\\nb\\t\\"q\\" \\\\ \\\\x"']],
    ['a double-quoted value ends at its first unescaped quote, a comment may follow', 'A="x" # note', ['A="x"']],
    ['backquotes, with an escaped backquote', 'A=`a\\`b`', ['A="a`b"']],
    ['an unclosed quote', 'A="open', ['A="open" !unclosed quote']],
    ['text after the closing quote', 'A="a"b', ['A="a" !text after the closing quote']],
    ['a line that is no assignment', 'A=1\nsk-live-value\n', ['A="1"', '?1']],
    ['a byte order mark and CRLF line ends', '\uFEFFA=1\r\nB=2\rC=3', ['A="1"', 'B="2"', 'C="3"']],
  ])('%s', (_, text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it('places each name on its line and column', () => {
    const [entry] = readEnvLines('\n  export  TOKEN=x');
    expect(entry).toMatchObject({ kind: 'assignment', name: 'TOKEN', line: 1, character: 10, end: 15 });
  });
});
