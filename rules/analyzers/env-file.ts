/**
 * The lines of a `.env`-style file, read as dotenv and Docker Compose read them: one reader for
 * the linter (which names a committed file's variables) and `manifest-lint dev` (which gives
 * their values to scripts), so the two agree on what a line says.
 *
 * `NAME=value`, `export` allowed before the name; blank lines and `#` comments are nothing. A
 * value in single quotes is taken as written; one in double quotes or backquotes ends at the
 * first quote not escaped by a backslash, and in double quotes `\n`, `\r`, `\t`, `\"` and `\\`
 * are read; an unquoted value ends at a `#` that follows a space.
 */

export type EnvLine = EnvAssignment | { kind: 'other'; line: number };

export interface EnvAssignment {
  kind: 'assignment';
  name: string;
  /** 0-based line and UTF-16 column of the name; `end` is just after it. */
  line: number;
  character: number;
  end: number;
  /** The value as a program sees it: quotes removed, escapes read, a trailing comment left out. */
  value: string;
  /** What is wrong with how the value is written, if anything (the value is still read as far as it goes). */
  problem?: 'unclosed quote' | 'text after the closing quote';
}

const ASSIGNMENT = /^(\s*)(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=(.*)$/;
const DOUBLE_QUOTED_ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/** Every line that is not blank or a comment, with its 0-based number. */
export function readEnvLines(text: string): EnvLine[] {
  const lines: EnvLine[] = [];
  for (const [line, content] of text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .entries()) {
    const trimmed = content.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const match = ASSIGNMENT.exec(content);
    if (!match) {
      lines.push({ kind: 'other', line });
      continue;
    }
    const name = match[2]!;
    const character = content.indexOf(name, match[1]!.length);
    lines.push({ kind: 'assignment', name, line, character, end: character + name.length, ...valueOf(match[3]!) });
  }
  return lines;
}

function valueOf(raw: string): Pick<EnvAssignment, 'value' | 'problem'> {
  const written = raw.trim();
  const quote = written[0];
  if (quote !== '"' && quote !== "'" && quote !== '`') {
    const comment = written.search(/(^|\s)#/);
    return { value: (comment === -1 ? written : written.slice(0, comment)).trim() };
  }
  let value = '';
  for (let at = 1; at < written.length; at++) {
    const char = written[at]!;
    if (char === quote) {
      const after = written.slice(at + 1).trim();
      return after === '' || after.startsWith('#') ? { value } : { value, problem: 'text after the closing quote' };
    }
    if (char === '\\' && quote !== "'" && at + 1 < written.length) {
      const next = written[++at]!;
      value += quote === '"' ? (DOUBLE_QUOTED_ESCAPES[next] ?? `\\${next}`) : next === quote ? next : `\\${next}`;
    } else {
      value += char;
    }
  }
  return { value, problem: 'unclosed quote' };
}
