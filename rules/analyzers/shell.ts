/**
 * A small scanner for the POSIX shell command lines of `scripts.build` / `scripts.start`.
 *
 * It reads, it never runs: a script is split into simple commands at `&&`, `||`, `;`, `|`, `&`,
 * newlines and parentheses; each command's words lose their quotes and escapes, keep the offsets
 * of their raw text in the script, and are sorted into leading `NAME=value` assignments, the
 * program, its arguments and its redirections. Expansions (`$VAR`, `$(…)`, backquotes) are kept
 * as written, never evaluated. Anything it does not understand becomes ordinary words; it never
 * throws.
 */

/** An operator that ends a command; `\n` is a newline, `&` puts the command in the background. */
export type ShellTerminator = '&&' | '||' | ';' | ';;' | '|' | '|&' | '&' | '\n' | '(' | ')';

export interface ShellWord {
  /** The word after quote removal and escapes (expansions left as written). */
  readonly text: string;
  /** Offsets of the raw word in the script, quotes included; end exclusive. */
  readonly start: number;
  readonly end: number;
  /** Whether the raw word has quotes or backslashes, so `text` differs from the raw text. */
  readonly quoted: boolean;
  /**
   * For quoted words: the script offset of each character of `text`. Use `spanInWord` /
   * `replaceInWord` rather than reading it.
   */
  readonly offsets?: readonly number[];
}

/** `NAME=value`: before a program (`PORT=3000 node x`), after `env`, or as an `export` argument. */
export interface ShellAssignment {
  readonly name: string;
  /** The value part, as a word of its own (offsets still index the script). */
  readonly value: ShellWord;
  /** The whole assignment word. */
  readonly word: ShellWord;
}

export interface ShellRedirect {
  /** `>`, `>>`, `2>`, `&>`, `<`, `<<`, `2>&`… as written (the file descriptor included). */
  readonly operator: string;
  /** The file, descriptor or here-document delimiter; absent when the script ends first. */
  readonly target: ShellWord | undefined;
  readonly start: number;
  readonly end: number;
}

export interface ShellCommand {
  /** Reserved words before the command (`if`, `then`, `while`, `do`, `!`, `{`…), in order. */
  readonly keywords: readonly ShellWord[];
  readonly env: readonly ShellAssignment[];
  /** Absent for a command made only of assignments or redirections. */
  readonly program: ShellWord | undefined;
  readonly args: readonly ShellWord[];
  readonly redirects: readonly ShellRedirect[];
  /** The operator after the command; absent for the script's last command. */
  readonly terminator: ShellTerminator | undefined;
  /** Offsets of the command in the script, from its first word to its last. */
  readonly start: number;
  readonly end: number;
}

export interface Span {
  start: number;
  end: number;
}

const OPENING_KEYWORDS = new Set(['!', '{', 'if', 'then', 'else', 'elif', 'while', 'until', 'do']);
const CLOSING_KEYWORDS = new Set(['}', 'fi', 'done', 'esac']);
const CD_OPTION = /^-[LPe@]+$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const REDIRECT = /(\d*)(&>>|&>|>>|>&|>\||<<<|<<-|<<|<&|<>|>|<)/y;

/** Characters that end an unquoted word. */
function isMeta(ch: number): boolean {
  // space tab \n \r ; & | ( ) < >
  return ch === 32 || ch === 9 || ch === 10 || ch === 13 || ch === 59 || ch === 38 || ch === 124 || ch === 40 || ch === 41 || ch === 60 || ch === 62;
}

interface Draft {
  keywords: ShellWord[];
  env: ShellAssignment[];
  program: ShellWord | undefined;
  args: ShellWord[];
  redirects: ShellRedirect[];
  terminator: ShellTerminator | undefined;
  start: number;
  end: number;
}

function emptyDraft(): Draft {
  return { keywords: [], env: [], program: undefined, args: [], redirects: [], terminator: undefined, start: -1, end: -1 };
}

/** Splits a command line into simple commands. */
export function parseShell(script: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  const n = script.length;
  let draft = emptyDraft();

  const extend = (start: number, end: number) => {
    if (draft.start < 0) draft.start = start;
    draft.end = end;
  };
  const finish = (terminator: ShellTerminator | undefined) => {
    if (draft.program || draft.env.length || draft.redirects.length || draft.keywords.length) {
      draft.terminator = terminator;
      commands.push(withProgram(draft, draft.env, draft.program, draft.args));
    }
    draft = emptyDraft();
  };

  let i = 0;
  while (i < n) {
    const ch = script.charCodeAt(i);
    if (ch === 32 || ch === 9) {
      i++;
      continue;
    }
    if (ch === 92 /* \ */ && (script.charCodeAt(i + 1) === 10 || script.charCodeAt(i + 1) === 13)) {
      i += script.charCodeAt(i + 1) === 13 && script.charCodeAt(i + 2) === 10 ? 3 : 2; // line continuation
      continue;
    }
    if (ch === 10 || ch === 13) {
      finish('\n');
      i++;
      continue;
    }
    if (ch === 35 /* # */) {
      while (i < n && script.charCodeAt(i) !== 10 && script.charCodeAt(i) !== 13) i++;
      continue;
    }
    const redirect = mayOpenRedirect(ch) ? redirectAt(script, i) : null;
    if (redirect) {
      const operator = redirect[0];
      let j = i + operator.length;
      while (j < n && (script.charCodeAt(j) === 32 || script.charCodeAt(j) === 9)) j++;
      const target = j < n && !isMeta(script.charCodeAt(j)) ? readWord(script, j) : undefined;
      const end = target ? target.end : i + operator.length;
      draft.redirects.push({ operator, target, start: i, end });
      extend(i, end);
      i = end;
      continue;
    }
    const operator = readOperator(script, i);
    if (operator) {
      finish(operator);
      i += operator.length;
      continue;
    }
    const word = readWord(script, i);
    i = word.end;
    extend(word.start, word.end);
    if (draft.program === undefined && draft.env.length === 0 && !word.quoted) {
      if (OPENING_KEYWORDS.has(word.text) || CLOSING_KEYWORDS.has(word.text)) {
        draft.keywords.push(word);
        continue;
      }
    }
    if (draft.program === undefined) {
      const assignment = asAssignment(script, word);
      if (assignment) draft.env.push(assignment);
      else draft.program = word;
    } else {
      draft.args.push(word);
    }
  }
  finish(undefined);
  return commands;
}

/** A digit (`2>`), `&` (`&>`), `>` or `<`: what a redirection opens with. */
function mayOpenRedirect(ch: number): boolean {
  return (ch >= 48 && ch <= 57) || ch === 38 || ch === 62 || ch === 60;
}

function redirectAt(script: string, i: number): RegExpExecArray | null {
  REDIRECT.lastIndex = i;
  return REDIRECT.exec(script);
}

function readOperator(script: string, i: number): ShellTerminator | undefined {
  const ch = script[i];
  const next = script[i + 1];
  switch (ch) {
    case '&':
      return next === '&' ? '&&' : '&';
    case '|':
      return next === '|' ? '||' : next === '&' ? '|&' : '|';
    case ';':
      return next === ';' ? ';;' : ';';
    case '(':
    case ')':
      return ch;
    default:
      return undefined;
  }
}

/** Reads one word starting at `start` (which is not a metacharacter). */
function readWord(script: string, start: number): ShellWord {
  // Most words have no quote, escape or expansion: their text is the script's.
  let end = start;
  while (end < script.length && !isMeta(script.charCodeAt(end)) && !opensQuoting(script.charCodeAt(end))) end++;
  if (end === script.length || isMeta(script.charCodeAt(end))) return { text: script.slice(start, end), start, end, quoted: false };
  return readQuotedWord(script, start);
}

/** `\`, `'`, `"`, `$` and a backquote: where a word's text may differ from the script's. */
function opensQuoting(ch: number): boolean {
  return ch === 92 || ch === 39 || ch === 34 || ch === 36 || ch === 96;
}

/** `readWord` for a word that has a quote, an escape or an expansion somewhere. */
function readQuotedWord(script: string, start: number): ShellWord {
  const n = script.length;
  let text = '';
  let offsets: number[] | undefined;
  let quoted = false;
  let i = start;
  const push = (char: string, at: number) => {
    text += char;
    if (offsets) offsets.push(at);
  };
  const becomeQuoted = () => {
    if (!quoted) {
      quoted = true;
      offsets = [];
      for (let k = 0; k < text.length; k++) offsets.push(start + k);
    }
  };
  const pushRaw = (from: number, to: number) => {
    for (let k = from; k < to; k++) push(script[k]!, k);
  };
  /** Copies an expansion starting at `i` as written and moves past it; false when none starts there. */
  const takeExpansion = (): boolean => {
    const end = expansionEnd(script, i);
    if (end === undefined) return false;
    pushRaw(i, end);
    i = end;
    return true;
  };

  while (i < n) {
    const ch = script.charCodeAt(i);
    if (isMeta(ch)) break;
    if (ch === 92 /* \ */) {
      becomeQuoted();
      if (i + 1 >= n) {
        i++;
        break;
      }
      push(script[i + 1]!, i + 1);
      i += 2;
    } else if (ch === 39 /* ' */) {
      becomeQuoted();
      const close = script.indexOf("'", i + 1);
      const end = close === -1 ? n : close;
      pushRaw(i + 1, end);
      i = close === -1 ? n : close + 1;
    } else if (ch === 34 /* " */) {
      becomeQuoted();
      i++;
      while (i < n && script.charCodeAt(i) !== 34) {
        const c = script.charCodeAt(i);
        if (c === 92 && i + 1 < n && '$`"\\\n'.includes(script[i + 1]!)) {
          if (script[i + 1] !== '\n') push(script[i + 1]!, i + 1);
          i += 2;
        } else if (!takeExpansion()) {
          push(script[i]!, i);
          i++;
        }
      }
      if (i < n) i++; // closing quote
    } else if (ch === 36 /* $ */ && script[i + 1] === "'") {
      becomeQuoted();
      i += 2;
      while (i < n && script.charCodeAt(i) !== 39) {
        if (script.charCodeAt(i) === 92 && i + 1 < n) {
          push(ANSI_C[script[i + 1]!] ?? script[i + 1]!, i + 1);
          i += 2;
        } else {
          push(script[i]!, i);
          i++;
        }
      }
      if (i < n) i++;
    } else if (!takeExpansion()) {
      push(script[i]!, i);
      i++;
    }
  }
  return offsets ? { text, start, end: i, quoted, offsets } : { text, start, end: i, quoted };
}

const ANSI_C: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', e: '\u001b', a: '\u0007', b: '\b', f: '\f', v: '\v' };

/** End of an expansion (`$(…)`, `${…}` or a backquoted command) starting at `i`, if one starts there. */
function expansionEnd(script: string, i: number): number | undefined {
  if (script[i] === '$' && (script[i + 1] === '(' || script[i + 1] === '{')) return skipExpansion(script, i);
  if (script[i] === '`') return skipBackquote(script, i);
  return undefined;
}

/** End of `$(…)` or `${…}` starting at `i`, nesting and quotes respected; the script's end when unclosed. */
function skipExpansion(script: string, i: number): number {
  const open = script[i + 1]!;
  const close = open === '(' ? ')' : '}';
  let depth = 0;
  let j = i + 1;
  while (j < script.length) {
    const c = script[j]!;
    if (c === '\\') j++;
    else if (c === "'" && open === '(') {
      const end = script.indexOf("'", j + 1);
      j = end === -1 ? script.length : end;
    } else if (c === open) depth++;
    else if (c === close && --depth === 0) return j + 1;
    j++;
  }
  return script.length;
}

function skipBackquote(script: string, i: number): number {
  let j = i + 1;
  while (j < script.length && script[j] !== '`') j += script[j] === '\\' ? 2 : 1;
  return Math.min(j + 1, script.length);
}

/** An assignment word: an unquoted `NAME=` at its start (quotes may follow in the value). */
function asAssignment(script: string, word: ShellWord): ShellAssignment | undefined {
  const match = ASSIGNMENT.exec(script.slice(word.start, Math.min(word.end, word.start + 256)));
  if (!match) return undefined;
  const nameLength = match[0].length - 1;
  return { name: match[0].slice(0, nameLength), value: subWord(word, nameLength + 1, word.text.length), word };
}

/** The characters `from`..`to` of a word's text, as a word whose offsets still index the script. */
export function subWord(word: ShellWord, from: number, to: number = word.text.length): ShellWord {
  const text = word.text.slice(from, to);
  if (!word.offsets) return { text, start: word.start + from, end: word.start + to, quoted: false };
  const span = spanInWord(word, from, to);
  const offsets = word.offsets.slice(from, to);
  const plain = offsets.every((offset, k) => offset === span.start + k) && span.end - span.start === text.length;
  return plain ? { text, start: span.start, end: span.end, quoted: false } : { text, start: span.start, end: span.end, quoted: true, offsets };
}

/**
 * The script offsets of the characters `from`..`to` of a word's text: exact for unquoted text;
 * for quoted text, from the first character to just after the last (a quote around them is
 * included only when the whole word is asked for).
 */
export function spanInWord(word: ShellWord, from: number, to: number): Span {
  if (from <= 0 && to >= word.text.length) return { start: word.start, end: word.end };
  if (!word.offsets) return { start: word.start + from, end: word.start + to };
  const length = word.text.length;
  const first = Math.min(Math.max(from, 0), length);
  const last = Math.min(Math.max(to, first), length);
  const start = first < length ? word.offsets[first]! : word.end;
  const end = last > first ? word.offsets[last - 1]! + 1 : start;
  return { start, end };
}

/**
 * An edit of the script that replaces the characters `from`..`to` of a word's text. An unquoted
 * word is edited in place; a quoted one is rewritten whole, re-quoted where the shell needs it,
 * so the edit never leaves a quote unbalanced.
 */
export function replaceInWord(word: ShellWord, from: number, to: number, replacement: string): Span & { newText: string } {
  if (!word.quoted) {
    const span = spanInWord(word, from, to);
    return { ...span, newText: replacement };
  }
  const text = word.text.slice(0, from) + replacement + word.text.slice(to);
  return { start: word.start, end: word.end, newText: shellQuote(text) };
}

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** A word the shell reads back as `text`: as is when safe, else single-quoted. */
export function shellQuote(text: string): string {
  if (SAFE_WORD.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const WRAPPERS = new Set(['exec', 'nohup', 'command', 'builtin', 'time', 'env', 'sudo']);

/**
 * The command that actually runs: `exec`, `nohup`, `time`, `command`, `sudo` and `env` (with its
 * `NAME=value` arguments, which join `env`) are peeled off. `export A=1 B=2` becomes a command of
 * assignments only, without a program.
 */
export function unwrapCommand(command: ShellCommand): ShellCommand {
  let { program, args, env } = command;
  for (let guard = 0; program && guard < 8; guard++) {
    const name = program.text;
    if (name === 'export' && !program.quoted) {
      const exported = args.flatMap((word) => assignmentOf(word) ?? []);
      return withProgram(command, [...env, ...exported], undefined, []);
    }
    if (!WRAPPERS.has(name) || program.quoted) break;
    // `command -v x` only looks `x` up.
    if (name === 'command' && args.some((word) => word.text === '-v' || word.text === '-V')) break;
    let k = 0;
    const added: ShellAssignment[] = [];
    while (k < args.length) {
      const word = args[k]!;
      if (word.text === '--') {
        k++;
        break;
      }
      if (word.text.startsWith('-') && word.text.length > 1) {
        // Options taking a value: `env -u NAME`, `sudo -u user`, `sudo -g group`.
        if ((name === 'env' && word.text === '-u') || (name === 'sudo' && (word.text === '-u' || word.text === '-g'))) k++;
        k++;
        continue;
      }
      if (name === 'env') {
        const assignment = assignmentOf(word);
        if (assignment) {
          added.push(assignment);
          k++;
          continue;
        }
      }
      break;
    }
    env = [...env, ...added];
    program = args[k];
    args = args.slice(k + 1);
  }
  return program === command.program ? command : withProgram(command, env, program, args);
}

/**
 * `command` running `program` with `args`, after the assignments `env`: every command is made
 * here, its fields written out (spreading an object costs several times more, and the commands
 * of every script are made at every lint) in one order, so they share one shape.
 */
function withProgram(command: ShellCommand, env: readonly ShellAssignment[], program: ShellWord | undefined, args: readonly ShellWord[]): ShellCommand {
  const { keywords, redirects, terminator, start, end } = command;
  return { keywords, env, program, args, redirects, terminator, start, end };
}

/** `NAME=value` read from a word's text (for words that are arguments, like those of `env`). */
function assignmentOf(word: ShellWord): ShellAssignment | undefined {
  const match = ASSIGNMENT.exec(word.text);
  if (!match) return undefined;
  const nameLength = match[0].length - 1;
  return { name: match[0].slice(0, nameLength), value: subWord(word, nameLength + 1), word };
}

/**
 * The folder a `cd` command changes into: its first operand after the options. Absent for other
 * commands, for a bare `cd` (the home folder) and for `cd -` (the previous folder).
 */
export function cdTarget(command: ShellCommand): ShellWord | undefined {
  const { program, args } = unwrapCommand(command);
  if (program?.text !== 'cd') return undefined;
  let k = 0;
  while (k < args.length && CD_OPTION.test(args[k]!.text)) k++;
  if (args[k]?.text === '--') k++;
  const target = args[k];
  return target && target.text !== '-' ? target : undefined;
}
