import { maskSecret } from '../framework/masking.js';
import { looksLikeToken } from '../framework/secret-detector.js';
import { defineRule, type MessageData, type Span } from '../framework/rule.js';
import { documentSpan, manifestScript, packageScriptOf, toolOf, type ManifestScript, type ToolRun } from '../analyzers/scripts.js';
import { unwrapCommand, type ShellCommand, type ShellWord } from '../analyzers/shell.js';
import { ALWAYS_LONG, BUILD_INSTEAD, LONG_SCRIPT, NON_SERVER_SUBCOMMANDS, SERVER_SUBCOMMANDS, WATCH_FLAGS } from '../analyzers/long-running-tools.js';

const SLEEP_LIMIT_SECONDS = 300;
const DURATION = /^(\d+(?:\.\d+)?)([smhd]?)$/;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };
const TAIL_FOLLOW = /^-[^-]*[fF]/;
const PYTHON = /^python[\d.]*$/;
const WHITESPACE_RUN = /\s+/g;
/** `app:serve` → `serve`, so an nx target reads like a script name. */
const TARGET_PROJECT = /^[^:]*:(?=(dev|serve|start|watch|preview)$)/;
/** `--watch=false`, `--watch=0`. */
const SWITCHED_OFF = /=(false|0|no)$/;
const INFORMATION_FLAGS = new Set(['--help', '-h', '--version', '-v', '-V']);
const SHOWN = 60;

/** A message of this rule: the command, what it does, the timeout, and what to do instead. */
const said = (what: string, instead: string) =>
  `\`scripts.build\` runs {{shownCommand}}, which ${what}; the build has a 5 minute timeout, and when it fails \`start\` never runs. ${instead}`;
const RUN_FROM_START = 'Run it from `scripts.start` instead.';
const BUILD_WITH_SCRIPT = 'Build with a script that exits (such as `npm run build`), and run the server from `scripts.start`.';
const REMOVE_WATCHING = 'Remove `{{flag}}` here, and run a watcher, if you need one, from `scripts.start`.';

/** One message per kind of long-running command. */
const MESSAGES = {
  loopsForever: said('loops forever', 'Remove the loop, or run it from `scripts.start`.'),
  startScript: said('by convention starts the app and does not exit', BUILD_WITH_SCRIPT),
  devScript: said('by convention starts a development server or watcher and does not exit', BUILD_WITH_SCRIPT),
  serverOrWatcher: said('starts a server or watcher that does not exit', RUN_FROM_START),
  devServer: said('starts a development server that does not exit', 'Serve from `scripts.start`.'),
  devServerWithBuild: said('starts a development server that does not exit', 'Build with `{{build}}` here, and serve from `scripts.start`.'),
  serveOption: said('serves files (`{{flag}}`) and does not exit', REMOVE_WATCHING),
  watchOption: said('keeps watching for changes (`{{flag}}`) and does not exit', REMOVE_WATCHING),
  tailFollow: said('follows the file forever (`{{flag}}`)', 'Remove `{{flag}}`.'),
  sleepForever: said('never ends', 'Remove it.'),
  sleepLong: said('waits {{minutes}} minutes, longer than the build may take', 'Remove it.'),
  watchCommand: said('repeats a command forever', RUN_FROM_START),
  djangoServer: said('starts the Django development server, which does not exit', RUN_FROM_START),
  phpServer: said("starts PHP's built-in web server, which does not exit", RUN_FROM_START),
  composeForeground: said('runs the containers in the foreground and does not exit', 'Add `-d` to run them detached, or run them from `scripts.start`.'),
  longTask: said('runs the `{{task}}` task, which by convention does not exit', RUN_FROM_START),
};

interface LongRunning {
  /** The command as the message shows it, from its program (or loop keyword) to its end. */
  command: Span;
  /** What in the script is long-running: the command, or the option that makes it so. */
  span: Span;
  /** The message saying what it does and what to do instead, and the values it fills in besides the command. */
  messageId: keyof typeof MESSAGES;
  data?: MessageData;
}

export const buildLongRunning = defineRule({
  meta: {
    id: 'build-long-running',
    category: 'Routes and scripts',
    severity: 'warning',
    description: 'The build command looks like it starts a server or a watcher, which never exits.',
    rationale:
      'The build runs with a 5 minute timeout, and when it fails `start` never runs. A development server, a file watcher or `tail -f` in the build never exits, so every deploy fails after five minutes and your app is never started.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#scripts: `build` has a "5 min" timeout, and "If `build` fails, `start` does not run." That a given command is a server or watcher that never exits is the linter\'s own inference from its name and options.',
    assumptions:
      'Servers and watchers are recognised by name and convention: package scripts named `dev`, `start`, `serve`, `watch` or `preview`, `vite` without `build`, `next dev`, `--watch` options of known tools, `nodemon`, `tail -f`, `sleep infinity`. A command put in the background with `&` does not hold the build up and is not reported.',
    messages: MESSAGES,
    fixable: false,
  },
  check(context) {
    const script = manifestScript(context.doc, 'build');
    if (!script) return;
    const loopCanEnd = script.commands.some((command) => {
      const name = unwrapCommand(command).program?.text;
      return name === 'break' || name === 'exit' || name === 'return';
    });
    for (const command of script.commands) {
      if (command.terminator === '&') continue;
      const found = longRunning(command, loopCanEnd);
      if (!found) continue;
      context.report({
        path: script.path,
        span: documentSpan(script, found.span),
        messageId: found.messageId,
        data: { ...found.data, shownCommand: shownCommand(script, command, found.command) },
      });
    }
  },
});

/** A long-running command, or undefined. The span shown runs from a loop's keyword or the program (wrappers such as `nohup` left out) to the command's end. */
function longRunning(command: ShellCommand, loopCanEnd: boolean): LongRunning | undefined {
  const unwrapped = unwrapCommand(command);
  const program = unwrapped.program;
  const keyword = command.keywords.at(-1);
  const loop = keyword?.text === 'while' || keyword?.text === 'until';
  const whole = { start: (loop ? keyword : program)?.start ?? command.start, end: command.end };
  const found = findLongRunning(command, unwrapped, whole, loopCanEnd);
  return found && { ...found, command: whole };
}

function findLongRunning(command: ShellCommand, unwrapped: ShellCommand, whole: Span, loopCanEnd: boolean): Omit<LongRunning, 'command'> | undefined {
  const program = unwrapped.program?.text;
  const keyword = command.keywords.at(-1)?.text;
  if (!loopCanEnd && ((keyword === 'while' && (program === 'true' || program === ':')) || (keyword === 'until' && program === 'false'))) {
    return { span: whole, messageId: 'loopsForever' };
  }
  const run = packageScriptOf(command);
  if (run) {
    if (LONG_SCRIPT.test(run.script)) {
      return { span: whole, messageId: run.script === 'start' || run.script.startsWith('start:') ? 'startScript' : 'devScript' };
    }
    // `yarn vite`, `pnpm next dev`: a package manager running a binary of the same name.
    if (Object.hasOwn(SERVER_SUBCOMMANDS, run.script) || Object.hasOwn(WATCH_FLAGS, run.script) || ALWAYS_LONG.has(run.script)) {
      return toolLongRunning({ name: run.script, word: run.word, args: run.args, command: unwrapped }, whole);
    }
    return undefined;
  }
  const tool = toolOf(command);
  return tool ? toolLongRunning(tool, whole) : undefined;
}

function toolLongRunning(tool: ToolRun, whole: Span): Omit<LongRunning, 'command'> | undefined {
  const { name, args } = tool;
  if (ALWAYS_LONG.has(name)) return { span: whole, messageId: 'serverOrWatcher' };
  if (args.some((word) => INFORMATION_FLAGS.has(word.text))) return undefined;
  const positionals = args.filter((word) => !word.text.startsWith('-'));
  const subcommand = positionals[0];
  if (Object.hasOwn(SERVER_SUBCOMMANDS, name)) {
    const servers = SERVER_SUBCOMMANDS[name]!;
    const others = Object.hasOwn(NON_SERVER_SUBCOMMANDS, name) ? NON_SERVER_SUBCOMMANDS[name] : undefined;
    // `vite`, `vite dev`, `vite ./app` serve; `vite build` (wherever it is among the options) does not.
    const serves = others ? !positionals.some((word) => others.has(word.text)) : servers.includes(subcommand === undefined ? '' : subcommand.text);
    if (serves) {
      const build = Object.hasOwn(BUILD_INSTEAD, name) ? BUILD_INSTEAD[name] : undefined;
      return build ? { span: whole, messageId: 'devServerWithBuild', data: { build } } : { span: whole, messageId: 'devServer' };
    }
  }
  const watch = Object.hasOwn(WATCH_FLAGS, name) ? WATCH_FLAGS[name]! : undefined;
  const flag =
    watch &&
    args.find((word) =>
      watch.some((option) => word.text === option || (option.startsWith('--') && word.text.startsWith(`${option}=`) && !SWITCHED_OFF.test(word.text))),
    );
  if (flag) {
    return { span: { start: flag.start, end: flag.end }, messageId: flag.text.includes('serve') ? 'serveOption' : 'watchOption', data: { flag: flag.text } };
  }
  if (name === 'tail') {
    const follow = args.find((word) => word.text === '--follow' || word.text.startsWith('--follow=') || TAIL_FOLLOW.test(word.text));
    if (follow) return { span: { start: follow.start, end: follow.end }, messageId: 'tailFollow', data: { flag: follow.text } };
  }
  if (name === 'sleep') {
    const seconds = sleepSeconds(args);
    if (seconds >= SLEEP_LIMIT_SECONDS) {
      return seconds === Infinity
        ? { span: whole, messageId: 'sleepForever' }
        : { span: whole, messageId: 'sleepLong', data: { minutes: Math.round(seconds / 60) } };
    }
  }
  if (name === 'watch') return { span: whole, messageId: 'watchCommand' };
  if ((PYTHON.test(name) || name === 'django-admin') && args.some((word) => word.text === 'runserver')) {
    return { span: whole, messageId: 'djangoServer' };
  }
  if (name === 'php' && args.some((word) => word.text === '-S' || word.text.startsWith('-S'))) {
    return { span: whole, messageId: 'phpServer' };
  }
  if (name === 'docker-compose' || (name === 'docker' && subcommand?.text === 'compose')) {
    const upIndex = args.findIndex((word) => word.text === 'up');
    if (upIndex !== -1 && !args.slice(upIndex).some((word) => word.text === '-d' || word.text === '--detach' || word.text === '--wait')) {
      return { span: whole, messageId: 'composeForeground' };
    }
  }
  if (name === 'turbo' || name === 'nx') {
    const tasks = positionals.map((word) => word.text);
    const task = tasks.find((text) => LONG_SCRIPT.test(text.replace(TARGET_PROJECT, '')));
    if (task) return { span: whole, messageId: 'longTask', data: { task } };
  }
  return undefined;
}

/** Total seconds of `sleep`'s arguments (`sleep 1m 30s`); Infinity for `infinity`. */
function sleepSeconds(args: readonly ShellWord[]): number {
  let total = 0;
  for (const { text } of args) {
    if (text === 'infinity' || text === 'inf') return Infinity;
    const match = DURATION.exec(text);
    if (match) total += Number(match[1]) * UNIT_SECONDS[match[2]!]!;
  }
  return total;
}

/** The command as written, whitespace collapsed, token-shaped words masked, shortened. */
function shownCommand(script: ManifestScript, command: ShellCommand, span: Span): string {
  const words = [...command.env.map((assignment) => assignment.value), ...(command.program ? [command.program] : []), ...command.args];
  let text = '';
  let at = span.start;
  for (const word of words) {
    if (word.start < at || word.end > span.end) continue;
    const equals = word.text.indexOf('=');
    const shown = looksLikeToken(word.text)
      ? maskSecret(word.text)
      : equals !== -1 && looksLikeToken(word.text.slice(equals + 1))
        ? `${word.text.slice(0, equals + 1)}${maskSecret(word.text.slice(equals + 1))}`
        : undefined;
    if (shown === undefined) continue;
    text += script.script.slice(at, word.start) + shown;
    at = word.end;
  }
  text = (text + script.script.slice(at, span.end)).replace(WHITESPACE_RUN, ' ');
  return `\`${text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text}\``;
}
