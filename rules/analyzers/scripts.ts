import type { Node } from 'jsonc-parser';
import { childValue, derived, touchesSyntaxError, type ParsedDocument } from '../framework/document.js';
import { applyOffsetEdits } from '../framework/json-edits.js';
import type { OffsetEdit, Span } from '../framework/rule.js';
import { parseShell, unwrapCommand, type ShellCommand, type ShellWord } from './shell.js';
import type { JsonPath } from '../framework/types.js';

/** The lifecycle scripts of `scripts` (seed section 2.3). */
export type ScriptName = 'build' | 'start';

export interface ManifestScript {
  name: ScriptName;
  path: JsonPath;
  /** The string node of the script's value. */
  node: Node;
  /** The script, as the shell receives it (JSON escapes decoded). */
  script: string;
  /**
   * Whether the JSON text between the quotes is the script itself, with no escape sequences, so
   * an offset in the script maps one to one onto the document.
   */
  exact: boolean;
  /** The script's simple commands, as written (see `unwrapCommand` for what they run). */
  commands: readonly ShellCommand[];
}

/** `scripts.<name>` when it is a string (the last of duplicate keys, as the platform reads it). */
export function manifestScript(doc: ParsedDocument, name: ScriptName): ManifestScript | undefined {
  return derived(doc, readScripts)[name];
}

function readScripts(doc: ParsedDocument): Partial<Record<ScriptName, ManifestScript>> {
  return { build: readScript(doc, 'build'), start: readScript(doc, 'start') };
}

function readScript(doc: ParsedDocument, name: ScriptName): ManifestScript | undefined {
  const scripts = childValue(doc.root, 'scripts');
  if (scripts?.type !== 'object') return undefined;
  const node = childValue(scripts, name);
  if (node?.type !== 'string' || typeof node.value !== 'string' || touchesSyntaxError(doc, node)) return undefined;
  const script = node.value;
  const closed = node.length >= 2 && doc.text.charCodeAt(node.offset + node.length - 1) === 34;
  const exact = closed && doc.text.slice(node.offset + 1, node.offset + node.length - 1) === script;
  return { name, path: ['scripts', name], node, script, exact, commands: parseShell(script) };
}

/**
 * Document offsets of a span of the script: exact when the JSON string has no escape sequences,
 * otherwise the whole string (offsets inside an escaped string do not map one to one).
 */
export function documentSpan(script: ManifestScript, span: Span): Span {
  const { node } = script;
  if (!script.exact) return { start: node.offset, end: node.offset + node.length };
  return { start: node.offset + 1 + span.start, end: node.offset + 1 + span.end };
}

/**
 * Document edits for edits of the script (which must not overlap): in place when the string has
 * no escape sequences and the new texts need none, otherwise one edit rewriting the whole string.
 */
export function scriptEdits(script: ManifestScript, edits: readonly (Span & { newText: string })[]): OffsetEdit[] {
  const inPlace = script.exact && edits.every((edit) => JSON.stringify(edit.newText).slice(1, -1) === edit.newText);
  if (inPlace) return edits.map((edit) => ({ ...documentSpan(script, edit), newText: edit.newText }));
  const next = applyOffsetEdits(script.script, edits);
  return [{ start: script.node.offset, end: script.node.offset + script.node.length, newText: JSON.stringify(next) }];
}

/** A program the command runs, seen through package runners (`npx vite` runs `vite`). */
export interface ToolRun {
  /** The program's name without folder or version: `vite`, `next`, `http.server` for `python -m http.server`. */
  name: string;
  /** The word naming the program. */
  word: ShellWord;
  /** The program's own arguments. */
  args: readonly ShellWord[];
  /** The command, unwrapped (`env`, `nohup`, `exec`… peeled off). */
  command: ShellCommand;
}

const RUNNERS = new Set(['npx', 'bunx', 'pnpx']);
/** `<manager> <subcommand> <tool>` forms that run a package's binary. */
const RUNNER_SUBCOMMANDS: Record<string, ReadonlySet<string>> = {
  npm: new Set(['exec', 'x']),
  pnpm: new Set(['exec', 'dlx']),
  yarn: new Set(['exec', 'dlx']),
  bun: new Set(['x']),
  uv: new Set(['run']),
  poetry: new Set(['run']),
  pipenv: new Set(['run']),
};
/** Runner options that take a value. */
const RUNNER_VALUE_OPTIONS = new Set(['-p', '--package', '-c', '--call', '--prefix', '-C', '--dir', '--filter', '-F', '--workspace', '--from', '--with']);
/** npm's `-w <workspace>` takes a value; pnpm's `-w` (the workspace root) does not. */
const NPM_VALUE_OPTIONS = new Set([...RUNNER_VALUE_OPTIONS, '-w']);
const PYTHON = /^python(\d+(\.\d+)?)?$|^py$/;

/** The program a command runs, or undefined for a command with no program. */
export function toolOf(command: ShellCommand): ToolRun | undefined {
  const unwrapped = unwrapCommand(command);
  const { program } = unwrapped;
  if (!program) return undefined;
  const name = baseName(program.text);
  const args = unwrapped.args;
  if (RUNNERS.has(name)) return runnerTarget(unwrapped, args, 0) ?? { name, word: program, args, command: unwrapped };
  const subcommands = Object.hasOwn(RUNNER_SUBCOMMANDS, name) ? RUNNER_SUBCOMMANDS[name] : undefined;
  if (subcommands) {
    const sub = firstOperand(args, 0, name === 'npm' ? NPM_VALUE_OPTIONS : RUNNER_VALUE_OPTIONS);
    if (sub !== undefined && subcommands.has(args[sub]!.text)) {
      return runnerTarget(unwrapped, args, sub + 1) ?? { name, word: program, args, command: unwrapped };
    }
  }
  if (PYTHON.test(name)) {
    for (let k = 0; k < args.length; k++) {
      const text = args[k]!.text;
      if (text === '-m' && args[k + 1]) return { name: args[k + 1]!.text, word: args[k + 1]!, args: args.slice(k + 2), command: unwrapped };
      if (!text.startsWith('-')) break;
    }
  }
  return { name, word: program, args, command: unwrapped };
}

function runnerTarget(command: ShellCommand, args: readonly ShellWord[], from: number): ToolRun | undefined {
  const k = firstOperand(args, from);
  if (k === undefined) return undefined;
  const word = args[k]!;
  return { name: baseName(stripVersion(word.text)), word, args: args.slice(k + 1), command };
}

/** Index of the first argument from `from` on that is not an option (or an option's value). */
function firstOperand(args: readonly ShellWord[], from: number, valueOptions: ReadonlySet<string> = RUNNER_VALUE_OPTIONS): number | undefined {
  for (let k = from; k < args.length; k++) {
    const text = args[k]!.text;
    if (text === '--') return k + 1 < args.length ? k + 1 : undefined;
    if (!text.startsWith('-') || text === '-') return k;
    if (valueOptions.has(text)) k++;
  }
  return undefined;
}

/** `./node_modules/.bin/vite` → `vite` (a scoped package name keeps its scope). */
function baseName(text: string): string {
  if (text.startsWith('@')) return text;
  const slash = text.lastIndexOf('/');
  return slash === -1 ? text : text.slice(slash + 1);
}

/** `vite@5` → `vite`, `@scope/pkg@1` → `@scope/pkg`. */
function stripVersion(text: string): string {
  const at = text.indexOf('@', 1);
  return at === -1 ? text : text.slice(0, at);
}

export type PackageManager = 'npm' | 'yarn' | 'pnpm' | 'bun';

/** A package.json script run by a package manager: `npm start`, `npm run dev`, `yarn dev`. */
export interface PackageScriptRun {
  manager: PackageManager;
  /** The script's name (`start` for `npm start`). */
  script: string;
  /** The word naming the script (or the `start` / `test` subcommand). */
  word: ShellWord;
  /** Arguments after the script's name. */
  args: readonly ShellWord[];
}

/** npm subcommands that run the package.json script of the same name. */
const NPM_SCRIPT_COMMANDS = new Set(['start', 'test', 't', 'tst', 'restart', 'stop']);
const RUN_COMMANDS = new Set(['run', 'run-script', 'rum', 'urn']);
/** Subcommands of yarn, pnpm and bun that are not script names. */
const MANAGER_BUILTINS = new Set([
  'add',
  'audit',
  'bin',
  'cache',
  'ci',
  'config',
  'create',
  'dedupe',
  'dlx',
  'exec',
  'fetch',
  'help',
  'import',
  'info',
  'init',
  'install',
  'i',
  'link',
  'list',
  'ls',
  'outdated',
  'pack',
  'patch',
  'prune',
  'publish',
  'rebuild',
  'remove',
  'rm',
  'root',
  'setup',
  'store',
  'unlink',
  'up',
  'update',
  'upgrade',
  'why',
  'workspace',
  'workspaces',
  'x',
  'pm',
  'global',
  'set',
  'version',
  'node',
]);
const SOURCE_FILE = /\.[cm]?[jt]sx?$/;
const MANAGERS = new Set<PackageManager>(['npm', 'yarn', 'pnpm', 'bun']);

/** The package.json script a command runs through a package manager, if any. */
export function packageScriptOf(command: ShellCommand): PackageScriptRun | undefined {
  const { program, args } = unwrapCommand(command);
  if (!program) return undefined;
  const manager = baseName(program.text) as PackageManager;
  if (!MANAGERS.has(manager)) return undefined;
  const valueOptions = manager === 'npm' ? NPM_VALUE_OPTIONS : RUNNER_VALUE_OPTIONS;
  const sub = firstOperand(args, 0, valueOptions);
  if (sub === undefined) return undefined;
  const word = args[sub]!;
  if (RUN_COMMANDS.has(word.text)) {
    const k = firstOperand(args, sub + 1, valueOptions);
    return k === undefined ? undefined : { manager, script: args[k]!.text, word: args[k]!, args: args.slice(k + 1) };
  }
  if (manager === 'npm') {
    if (!NPM_SCRIPT_COMMANDS.has(word.text)) return undefined;
    const script = word.text === 'start' || word.text === 'restart' || word.text === 'stop' ? word.text : 'test';
    return { manager, script, word, args: args.slice(sub + 1) };
  }
  if (MANAGER_BUILTINS.has(word.text)) return undefined;
  // yarn, pnpm and bun run a script (or a binary) named by their first operand; `bun x.ts` runs a file.
  if (manager === 'bun' && SOURCE_FILE.test(word.text)) return undefined;
  return { manager, script: word.text, word, args: args.slice(sub + 1) };
}
