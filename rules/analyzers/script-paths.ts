/**
 * The repository paths `scripts.build` and `scripts.start` depend on: folders they `cd` into and
 * files they run (`bash x.sh`, `node x.js`, `python x.py`, `./x.sh`…), resolved from the
 * repository root where the platform runs them, following `cd` chains within a command list.
 *
 * Paths a script may have created by the time it uses them are left out: build outputs and
 * installed packages by their conventional folder names, and what earlier commands create
 * (`mkdir`, `git clone`, `cp`, redirections…); after a command that may create anything (an
 * archive extracted, a repository script run, inline code), nothing further is checked.
 */
import { derived, type ParsedDocument } from '../framework/document.js';
import { joinRepositoryPath } from './repository.js';
import { manifestScript, toolOf, type ManifestScript } from './scripts.js';
import { cdTarget, subWord, unwrapCommand, type ShellCommand, type ShellTerminator, type ShellWord } from './shell.js';

/** Where the platform runs the scripts: the repository root (seed section 3). */
export const SCRIPT_ROOT = '/home/node/clawd';

export type PathExpectation =
  /** A folder (`cd`, `--prefix`). */
  | 'folder'
  /** A file or a folder the program accepts (`bash x.sh`, `python app/`). */
  | 'file'
  /** What Node resolves a module path to: `x`, `x.js`, `x.mjs`, `x/index.js`… */
  | 'node-module';

export interface ScriptPathUse {
  script: ManifestScript;
  /** The word naming the path, in the script. */
  word: ShellWord;
  /** Repository-relative and normalized (`''` is the root). */
  path: string;
  expects: PathExpectation;
  /** The command as the message shows it: `cd ./app`, `node server.js`. */
  shown: string;
  /** The folder the command runs in, repository-relative (`''` is the root). */
  cwd: string;
}

/**
 * Folders that builds and installs create: their contents are not expected in the repository.
 * `build` and `out` are the usual output folders of bundlers and frameworks.
 */
const GENERATED = new Set([
  'node_modules',
  'dist',
  'build',
  'out',
  '.next',
  '.nuxt',
  '.output',
  '.svelte-kit',
  '.astro',
  '.vercel',
  '.turbo',
  '.cache',
  '.parcel-cache',
  'coverage',
  'target',
  '.venv',
  'venv',
  '__pycache__',
  '.pytest_cache',
  'vendor',
  '.bundle',
]);

/** Programs whose operands are paths they create. */
const CREATORS = new Set(['mkdir', 'touch', 'cp', 'mv', 'ln', 'install', 'rsync', 'tee']);
/** Programs that may create anything (archives, scaffolders, inline code, other checkouts). */
const ANYTHING = new Set(['tar', 'bsdtar', 'unzip', '7z', '7za', 'gunzip', 'degit', 'tiged', 'cookiecutter', 'eval', 'patch']);

interface Interpreter {
  /** Options that take the next word as their value. */
  valueOptions: ReadonlySet<string>;
  /** Options after which no script file follows (`-c`, `-e`, `-m`…). */
  stopOptions: ReadonlySet<string>;
  /** Leading operands that are subcommands, not the file (`deno run`, `tsx watch`). */
  subcommands?: ReadonlySet<string>;
  /** The file must carry one of these extensions to be checked (otherwise it may be a script name). */
  extension?: RegExp;
  /** Node-style resolution of an operand without an extension. */
  nodeResolution?: boolean;
  /** Whether running the file may create other files (shell scripts do, by their nature). */
  createsAnything?: boolean;
}

const SET = (...values: string[]) => new Set(values);
const SHELL: Interpreter = {
  valueOptions: SET('-o', '+o', '-O', '+O', '--rcfile', '--init-file'),
  stopOptions: SET('-c', '-s', '-i', '--version', '--help'),
  createsAnything: true,
};
const NODE: Interpreter = {
  valueOptions: SET(
    '-r',
    '--require',
    '--import',
    '--loader',
    '--experimental-loader',
    '-C',
    '--conditions',
    '--input-type',
    '--title',
    '--inspect-port',
    '--env-file',
    '--stack-size',
  ),
  stopOptions: SET('-e', '--eval', '-p', '--print', '-i', '--interactive', '-v', '--version', '-h', '--help', '--test', '--run'),
  nodeResolution: true,
};
const SOURCE_FILE = /\.([cm]?[jt]sx?|json)$/i;
const INTERPRETERS: Record<string, Interpreter> = {
  sh: SHELL,
  bash: SHELL,
  zsh: SHELL,
  dash: SHELL,
  ksh: SHELL,
  ash: SHELL,
  mksh: SHELL,
  node: NODE,
  nodejs: NODE,
  nodemon: {
    valueOptions: SET('--exec', '-x', '--ext', '-e', '--watch', '-w', '--ignore', '-i', '--delay', '-d', '--signal', '-s', '--config'),
    stopOptions: SET('-v', '--version', '-h', '--help'),
    nodeResolution: true,
  },
  'ts-node': {
    valueOptions: SET('-P', '--project', '-r', '--require', '-O', '--compiler-options', '-C', '--compiler', '--cwd'),
    stopOptions: SET('-e', '--eval', '-p', '--print', '-v', '--version', '-h', '--help'),
    extension: SOURCE_FILE,
  },
  'ts-node-esm': { valueOptions: SET('-P', '--project', '-r', '--require'), stopOptions: SET('-e', '--eval', '-p', '--print'), extension: SOURCE_FILE },
  'ts-node-dev': {
    valueOptions: SET('-P', '--project', '-r', '--require', '--ignore-watch', '--watch'),
    stopOptions: SET('-v', '--version', '-h', '--help'),
    extension: SOURCE_FILE,
  },
  tsx: {
    valueOptions: SET('--tsconfig', '--import', '--require', '-r'),
    stopOptions: SET('-e', '--eval', '-p', '--print', '-v', '--version', '-h', '--help'),
    subcommands: SET('watch'),
    extension: SOURCE_FILE,
  },
  bun: {
    valueOptions: SET('--cwd', '--config', '-c', '--preload', '-r', '--env-file'),
    stopOptions: SET('-e', '--eval', '-p', '--print', '-v', '--version', '-h', '--help'),
    subcommands: SET('run'),
    extension: SOURCE_FILE,
  },
  deno: {
    valueOptions: SET('--config', '-c', '--import-map', '--lock', '--cert', '--location', '--seed', '--env-file'),
    stopOptions: SET('-v', '--version', '-h', '--help'),
    subcommands: SET('run'),
    extension: /\.([cm]?[jt]sx?)$/i,
  },
  python: { valueOptions: SET('-W', '-X', '-Q'), stopOptions: SET('-m', '-c', '-V', '--version', '-h', '--help') },
  ruby: { valueOptions: SET('-I', '-r', '-C', '-E'), stopOptions: SET('-e', '-v', '--version', '-h', '--help'), extension: /\.rb$/ },
  perl: { valueOptions: SET('-I', '-M', '-m'), stopOptions: SET('-e', '-E', '-v', '--version', '-h'), extension: /\.(pl|pm)$/ },
  php: { valueOptions: SET('-c', '-d', '-z', '-t'), stopOptions: SET('-r', '-S', '-v', '--version', '-h', '-a'), extension: /\.php$/ },
};
const PYTHON = /^python(\d+(\.\d+)?)?$|^py$/;

/** git subcommands that leave the working tree alone. */
const READ_ONLY_GIT = new Set(['config', 'status', 'log', 'rev-parse', 'describe', 'show', 'diff', 'branch', 'remote', 'version', '--version']);

/** Options of package managers and `make` that name the folder they work in. */
const FOLDER_OPTIONS: Record<string, ReadonlySet<string>> = {
  npm: SET('--prefix'),
  pnpm: SET('-C', '--dir'),
  yarn: SET('--cwd'),
  bun: SET('--cwd'),
  make: SET('-C', '--directory'),
};

/** The paths both scripts use, in script order (`build` first: it runs first). */
export function scriptPathUses(doc: ParsedDocument): readonly ScriptPathUse[] {
  return derived(doc, computeUses);
}

function computeUses(doc: ParsedDocument): ScriptPathUse[] {
  const state: CreationState = { created: [], anything: false };
  const uses: ScriptPathUse[] = [];
  for (const name of ['build', 'start'] as const) {
    const script = manifestScript(doc, name);
    if (script) uses.push(...usesOf(script, state));
  }
  return uses;
}

interface CreationState {
  /** Paths earlier commands create (repository-relative). */
  created: string[];
  /** Whether an earlier command may have created anything at all. */
  anything: boolean;
}

function isPipe(terminator: ShellTerminator | undefined): boolean {
  return terminator === '|' || terminator === '|&';
}

const TESTS = new Set(['[', '[[', 'test']);
const OPENING = new Set(['if', 'while', 'until', 'case']);
const CLOSING = new Set(['fi', 'done', 'esac']);

function usesOf(script: ManifestScript, state: CreationState): ScriptPathUse[] {
  const uses: ScriptPathUse[] = [];
  const text = script.script;
  /** The current folder; undefined once it cannot be known (`cd $DIR`, a conditional `cd`). */
  let cwd: string | undefined = '';
  const subshells: (string | undefined)[] = [];
  let depth = 0;
  let previous: ShellCommand | undefined;
  /** The folder when the current and-or list (`a && b || c`) began: a list ending in `&` runs in a subshell. */
  let listStart: string | undefined = '';

  const applyGap = (from: number, to: number) => {
    const gap = text.slice(from, to).replace(/#[^\n\r]*/g, '');
    for (const ch of gap) {
      if (ch === '(') subshells.push(cwd);
      else if (ch === ')' && subshells.length > 0) cwd = subshells.pop();
    }
  };

  for (const command of script.commands) {
    applyGap(previous ? previous.end : 0, command.start);
    if (previous?.terminator !== '&&' && previous?.terminator !== '||' && !isPipe(previous?.terminator)) listStart = cwd;
    for (const keyword of command.keywords) {
      if (OPENING.has(keyword.text)) depth++;
      else if (CLOSING.has(keyword.text)) depth = Math.max(0, depth - 1);
    }
    // Guarded by a test (`[ -d app ] && cd app`) or inside `if`/`while`: the script expects the path may be absent.
    const guarded =
      depth > 0 ||
      (previous !== undefined && (previous.terminator === '&&' || previous.terminator === '||') && TESTS.has(unwrapCommand(previous).program?.text ?? ''));
    // A pipeline's commands and background commands run in subshells: a `cd` there changes nothing after.
    const ownShell = !isPipe(previous?.terminator) && !isPipe(command.terminator) && command.terminator !== '&';
    const here: string | undefined = cwd;
    const use = (word: ShellWord, expects: PathExpectation, shown: string): string | undefined => {
      if (here === undefined || !checkable(word.text)) return undefined;
      const path = resolve(here, word.text);
      if (path === undefined || path === '') return path;
      if (!guarded && !isGenerated(path) && !wasCreated(state, path)) uses.push({ script, word, path, expects, shown, cwd: here });
      return path;
    };

    const unwrapped = unwrapCommand(command);
    const program = unwrapped.program;
    const name = program ? baseName(program.text) : '';

    if (name === 'cd' || name === 'pushd') {
      const target = name === 'cd' ? cdTarget(command) : unwrapped.args.find((word) => !word.text.startsWith('-'));
      const next = target ? use(target, 'folder', `${name} ${shorten(target.text)}`) : undefined;
      if (ownShell) cwd = guarded || next === undefined || here === undefined ? undefined : next;
    } else if (name === 'popd') {
      if (ownShell) cwd = undefined;
    } else if (program) {
      checkCommand(command, unwrapped, name, use, state, here);
    }
    for (const redirect of command.redirects) {
      if (redirect.target && /^\d*(>|>>|&>|&>>|>\|)$/.test(redirect.operator)) created(state, here, redirect.target.text);
    }
    if (command.terminator === '&') cwd = listStart;
    previous = command;
  }
  return uses;
}

type Use = (word: ShellWord, expects: PathExpectation, shown: string) => string | undefined;

function checkCommand(command: ShellCommand, unwrapped: ShellCommand, name: string, use: Use, state: CreationState, cwd: string | undefined): void {
  const args = unwrapped.args;
  const program = unwrapped.program!;

  // Package managers and make working in another folder.
  const folderOptions = Object.hasOwn(FOLDER_OPTIONS, name) ? FOLDER_OPTIONS[name] : undefined;
  if (folderOptions) {
    for (let k = 0; k < args.length; k++) {
      const word = args[k]!;
      const eq = word.text.indexOf('=');
      if (eq > 0 && folderOptions.has(word.text.slice(0, eq))) use(subWord(word, eq + 1), 'folder', `${name} ${shorten(word.text)}`);
      else if (folderOptions.has(word.text) && args[k + 1]) use(args[k + 1]!, 'folder', `${name} ${word.text} ${shorten(args[k + 1]!.text)}`);
    }
  }

  const tool = toolOf(command);
  if (CREATORS.has(name)) {
    for (const word of args) if (!word.text.startsWith('-')) created(state, cwd, word.text);
    return;
  }
  if (ANYTHING.has(name) || (tool && (ANYTHING.has(tool.name) || tool.name.startsWith('create-')))) {
    state.anything = true;
    return;
  }
  if (name === 'git') {
    const operands = args.filter((word) => !word.text.startsWith('-'));
    const sub = operands[0]?.text;
    if (sub === 'clone') {
      const [url, dir] = [operands[1]?.text, operands[2]?.text];
      if (dir) created(state, cwd, dir);
      else if (url)
        created(
          state,
          cwd,
          url
            .replace(/[/:]+$/, '')
            .replace(/^.*[/:]/, '')
            .replace(/\.git$/, ''),
        );
    } else if (sub && !READ_ONLY_GIT.has(sub)) {
      state.anything = true;
    }
    return;
  }
  if (name === 'curl' || name === 'wget') {
    const outputs = name === 'curl' ? SET('-o', '--output') : SET('-O', '--output-document', '-P', '--directory-prefix');
    for (let k = 0; k < args.length; k++) if (outputs.has(args[k]!.text) && args[k + 1]) created(state, cwd, args[k + 1]!.text);
    if (name === 'curl' && args.some((word) => word.text === '-O' || word.text === '--remote-name')) state.anything = true;
    return;
  }
  if ((name === 'npm' || name === 'yarn' || name === 'pnpm' || name === 'bun') && args.some((word) => word.text === 'create' || word.text === 'init')) {
    state.anything = true;
    return;
  }
  if (name === 'source' || name === '.') {
    const file = args[0];
    if (file) use(file, 'file', `${name} ${shorten(file.text)}`);
    state.anything = true;
    return;
  }

  // A file of the repository run directly: `./start.sh`, `bin/server` (not `/usr/bin/node`).
  const text = program.text;
  if (text.includes('/') && !text.includes('://') && (!text.startsWith('/') || text.startsWith(`${SCRIPT_ROOT}/`))) {
    use(program, 'file', shorten(text));
    state.anything = true;
    return;
  }

  // An interpreter running a file, possibly through a package runner (`npx tsx src/index.ts`).
  if (!tool) return;
  const interpreter = PYTHON.test(tool.name) ? INTERPRETERS.python : Object.hasOwn(INTERPRETERS, tool.name) ? INTERPRETERS[tool.name] : undefined;
  if (!interpreter) return;
  const file = scriptOperand(tool.args, interpreter);
  if (!file) {
    // `bash -c '…'`, `node -e '…'`: inline code may create anything.
    if (tool.args.some((word) => interpreter.stopOptions.has(word.text))) state.anything = true;
    return;
  }
  const hasExtension = /\.[A-Za-z0-9]{1,5}$/.test(file.text);
  if (interpreter.extension && !interpreter.extension.test(file.text)) return;
  if (!hasExtension && !file.text.includes('/') && !interpreter.nodeResolution && interpreter !== SHELL) return;
  use(file, interpreter.nodeResolution && !hasExtension ? 'node-module' : 'file', `${tool.name} ${shorten(file.text)}`);
  if (interpreter.createsAnything) state.anything = true;
}

/** The interpreter's script operand: the first argument that is not an option or an option's value. */
function scriptOperand(args: readonly ShellWord[], interpreter: Interpreter): ShellWord | undefined {
  let subcommandSeen = false;
  for (let k = 0; k < args.length; k++) {
    const text = args[k]!.text;
    if (interpreter.stopOptions.has(text)) return undefined;
    if (text === '--') return args[k + 1];
    if (text.startsWith('-') && text.length > 1) {
      if (interpreter.valueOptions.has(text)) k++;
      continue;
    }
    if (!subcommandSeen && interpreter.subcommands?.has(text)) {
      subcommandSeen = true;
      continue;
    }
    return args[k];
  }
  return undefined;
}

/** Words that name a path as written: no expansion, glob, home folder, URL or module specifier. */
function checkable(text: string): boolean {
  return text !== '' && text !== '-' && !/[$`*?[{~]/.test(text) && !text.includes('://') && !/^(npm|jsr|node|https?|data):/.test(text);
}

/** A path as the script names it, from `cwd`; undefined when it lies outside the repository. */
function resolve(cwd: string, text: string): string | undefined {
  if (text.startsWith('/')) {
    if (text !== SCRIPT_ROOT && !text.startsWith(`${SCRIPT_ROOT}/`)) return undefined;
    return joinRepositoryPath('', text.slice(SCRIPT_ROOT.length));
  }
  return joinRepositoryPath(cwd, text);
}

function isGenerated(path: string): boolean {
  return path.split('/').some((segment) => GENERATED.has(segment));
}

function created(state: CreationState, cwd: string | undefined, text: string): void {
  if (cwd === undefined || !checkable(text)) {
    state.anything = true;
    return;
  }
  const path = resolve(cwd, text);
  if (path !== undefined) state.created.push(path);
}

function wasCreated(state: CreationState, path: string): boolean {
  return state.anything || state.created.some((made) => made === path || path.startsWith(`${made}/`) || made.startsWith(`${path}/`));
}

function baseName(text: string): string {
  const slash = text.lastIndexOf('/');
  return slash === -1 ? text : text.slice(slash + 1);
}

const SHOWN = 60;

function shorten(text: string): string {
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text;
}
