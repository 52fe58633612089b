import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cdTarget, parseShell, replaceInWord, shellQuote, spanInWord, subWord, unwrapCommand, type ShellCommand } from '../rules/analyzers/shell.js';

/** A command reduced to its texts, for readable expectations. */
function texts(command: ShellCommand) {
  return {
    env: command.env.map((a) => `${a.name}=${a.value.text}`),
    program: command.program?.text,
    args: command.args.map((w) => w.text),
    terminator: command.terminator,
  };
}

describe('parseShell', () => {
  it('splits on &&, ||, ;, |, & and newlines, and records what ends each command', () => {
    const commands = parseShell('cd app && npm ci || echo failed; npm run build | tee log & node a.js\nnode b.js');
    expect(commands.map(texts)).toEqual([
      { env: [], program: 'cd', args: ['app'], terminator: '&&' },
      { env: [], program: 'npm', args: ['ci'], terminator: '||' },
      { env: [], program: 'echo', args: ['failed'], terminator: ';' },
      { env: [], program: 'npm', args: ['run', 'build'], terminator: '|' },
      { env: [], program: 'tee', args: ['log'], terminator: '&' },
      { env: [], program: 'node', args: ['a.js'], terminator: '\n' },
      { env: [], program: 'node', args: ['b.js'], terminator: undefined },
    ]);
  });

  it('gives every word the offsets of its raw text in the script', () => {
    const script = 'cd workspace/app && HOST=0.0.0.0 PORT=4321 node dist/server.mjs';
    const [cd, node] = parseShell(script);
    expect(script.slice(cd!.program!.start, cd!.program!.end)).toBe('cd');
    expect(script.slice(cd!.args[0]!.start, cd!.args[0]!.end)).toBe('workspace/app');
    expect(node!.env.map((a) => [a.name, a.value.text, script.slice(a.value.start, a.value.end)])).toEqual([
      ['HOST', '0.0.0.0', '0.0.0.0'],
      ['PORT', '4321', '4321'],
    ]);
    expect(script.slice(node!.start, node!.end)).toBe('HOST=0.0.0.0 PORT=4321 node dist/server.mjs');
  });

  it('removes quotes and escapes, and keeps expansions as written', () => {
    const [command] = parseShell(`echo 'a b' "c \\"d\\" $HOME" e\\ f $(date +%s) \`pwd\` \${X:-y} $'t\\tu'`);
    expect(command!.args.map((w) => w.text)).toEqual(['a b', 'c "d" $HOME', 'e f', '$(date +%s)', '`pwd`', '${X:-y}', 't\tu']);
    expect(command!.args.map((w) => w.quoted)).toEqual([true, true, true, false, false, false, true]);
  });

  it('does not split inside quotes or command substitutions', () => {
    const commands = parseShell(`sh -c "a && b; c" && echo $(x | y; z) 'p|q'`);
    expect(commands.map((c) => [c.program?.text, ...c.args.map((w) => w.text)])).toEqual([
      ['sh', '-c', 'a && b; c'],
      ['echo', '$(x | y; z)', 'p|q'],
    ]);
  });

  it('reads leading assignments only before the program', () => {
    const [command] = parseShell('A=1 B="two words" node x.js C=3');
    expect(texts(command!)).toEqual({ env: ['A=1', 'B=two words'], program: 'node', args: ['x.js', 'C=3'], terminator: undefined });
    expect(parseShell('"A=1" node').map(texts)[0]!.program).toBe('A=1');
    expect(parseShell('X=1').map(texts)).toEqual([{ env: ['X=1'], program: undefined, args: [], terminator: undefined }]);
  });

  it('separates redirections from arguments', () => {
    const [command] = parseShell('node server.js > /tmp/out.log 2>&1 </dev/null');
    expect(command!.args.map((w) => w.text)).toEqual(['server.js']);
    expect(command!.redirects.map((r) => [r.operator, r.target?.text])).toEqual([
      ['>', '/tmp/out.log'],
      ['2>&', '1'],
      ['<', '/dev/null'],
    ]);
    expect(parseShell('echo a>b')[0]!.args.map((w) => w.text)).toEqual(['a']);
    expect(parseShell('echo 3000')[0]!.args.map((w) => w.text)).toEqual(['3000']);
  });

  it('sets reserved words aside, skips comments and follows line continuations', () => {
    const commands = parseShell('if [ -f x ]; then npm run dev; fi # serve\nwhile true; do sleep 1; done\nnpm \\\n  start');
    expect(commands.map((c) => [c.keywords.map((w) => w.text).join(' '), c.program?.text ?? null, c.args.map((w) => w.text).join(' ')])).toEqual([
      ['if', '[', '-f x ]'],
      ['then', 'npm', 'run dev'],
      ['fi', null, ''],
      ['while', 'true', ''],
      ['do', 'sleep', '1'],
      ['done', null, ''],
      ['', 'npm', 'start'],
    ]);
  });

  it('treats parentheses as command boundaries', () => {
    expect(parseShell('(cd app && npm start) & wait').map((c) => c.program?.text)).toEqual(['cd', 'npm', 'wait']);
  });

  it('never throws, and every offset lies inside the script', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '"', "'", '\\', '$', '(', ')', '`', '{', '}', '&', '|', ';', '<', '>', '=', '\n', '#', '1') }),
        (script) => {
          for (const command of parseShell(script)) {
            const words = [...command.keywords, ...command.env.map((a) => a.word), ...(command.program ? [command.program] : []), ...command.args];
            for (const word of words) {
              expect(word.start).toBeGreaterThanOrEqual(0);
              expect(word.end).toBeLessThanOrEqual(script.length);
              expect(word.start).toBeLessThan(word.end);
              if (!word.quoted) expect(script.slice(word.start, word.end)).toBe(word.text);
              for (let i = 0; i < word.text.length; i++) {
                const span = spanInWord(word, i, i + 1);
                expect(span.start).toBeGreaterThanOrEqual(word.start);
                expect(span.end).toBeLessThanOrEqual(word.end);
              }
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('word spans and edits', () => {
  it('maps text indexes to script offsets through quotes', () => {
    const script = `serve --listen="tcp://localhost:3000"`;
    const word = parseShell(script)[0]!.args[0]!;
    expect(word.text).toBe('--listen=tcp://localhost:3000');
    const from = word.text.indexOf('localhost');
    expect(script.slice(...Object.values(spanInWord(word, from, from + 9)))).toBe('localhost');
  });

  it('edits an unquoted word in place and rewrites a quoted one whole', () => {
    const plain = parseShell('vite --host=localhost')[0]!.args[0]!;
    expect(replaceInWord(plain, 7, 16, '0.0.0.0')).toEqual({ start: 12, end: 21, newText: '0.0.0.0' });
    const script = `vite --host="localhost"`;
    const quoted = parseShell(script)[0]!.args[0]!;
    const edit = replaceInWord(quoted, 7, 16, '0.0.0.0');
    expect(script.slice(0, edit.start) + edit.newText + script.slice(edit.end)).toBe('vite --host=0.0.0.0');
  });

  it('gives an assignment value inside quotes its own exact span', () => {
    const script = `HOST="127.0.0.1" node x`;
    const value = parseShell(script)[0]!.env[0]!.value;
    expect(value).toMatchObject({ text: '127.0.0.1', quoted: false });
    expect(script.slice(value.start, value.end)).toBe('127.0.0.1');
    expect(subWord(value, 0, 3).text).toBe('127');
  });

  it('quotes only what needs quoting', () => {
    expect(shellQuote('0.0.0.0:3000')).toBe('0.0.0.0:3000');
    expect(shellQuote("it's here")).toBe(`'it'\\''s here'`);
  });
});

describe('unwrapCommand and cdTarget', () => {
  it('peels off env, nohup, exec and time, and reads export', () => {
    const [command] = parseShell('nohup env -u X HOST=0.0.0.0 exec node server.js');
    expect(texts(unwrapCommand(command!))).toEqual({ env: ['HOST=0.0.0.0'], program: 'node', args: ['server.js'], terminator: undefined });
    const [exported] = parseShell('export PORT=3000 HOST=localhost');
    expect(texts(unwrapCommand(exported!))).toEqual({ env: ['PORT=3000', 'HOST=localhost'], program: undefined, args: [], terminator: undefined });
    expect(unwrapCommand(parseShell('command -v node')[0]!).program?.text).toBe('command');
  });

  it('finds the folder a cd changes into', () => {
    const target = (script: string) => cdTarget(parseShell(script)[0]!)?.text;
    expect(target('cd workspace/projects/app')).toBe('workspace/projects/app');
    expect(target('cd -P "my app"')).toBe('my app');
    expect(target('cd -- -dir')).toBe('-dir');
    expect(target('cd')).toBeUndefined();
    expect(target('cd -')).toBeUndefined();
    expect(target('ls app')).toBeUndefined();
  });
});
