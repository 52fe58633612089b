import { defineRule, type RuleContext } from '../framework/rule.js';
import { documentSpan, manifestScript, scriptEdits, toolOf, type ManifestScript } from '../analyzers/scripts.js';
import { unwrapCommand, type ShellCommand, type ShellWord } from '../analyzers/shell.js';

/** A command the platform's container image lacks, and the way out. */
interface MissingTool {
  /** The command words that run it. */
  names: ReadonlySet<string>;
  /** What runs the same without the command: a certain fix. */
  replacement?: string;
  /** What installs it, to run first: a suggestion (it costs the build time and a download). */
  install?: string;
  /** Whether a command may put this tool on the PATH (beyond what puts any tool there). */
  provides(command: ShellCommand): boolean;
}

const PIP: MissingTool = {
  names: new Set(['pip', 'pip3']),
  replacement: 'python3 -m pip',
  provides: (command) => toolOf(command)?.name === 'ensurepip' || [command.program, ...command.args].some((word) => word?.text.includes('get-pip')),
};

/** `npm install -g <tool>` (any spelling of install and global), or Node's own `corepack enable`. */
function installsWithNpm(tool: string): (command: ShellCommand) => boolean {
  return (command) => {
    const { program, args } = unwrapCommand(command);
    const words = args.map((word) => word.text);
    if (program?.text === 'corepack') return words[0] === 'enable' || words[0] === 'prepare' || words[0] === 'install';
    if (program?.text !== 'npm' || !['i', 'install', 'add'].includes(words[0] ?? '')) return false;
    return words.some((word) => word === '-g' || word === '--global') && words.some((word) => word === tool || word.startsWith(`${tool}@`));
  };
}

const PNPM: MissingTool = { names: new Set(['pnpm']), install: 'npm install -g pnpm', provides: installsWithNpm('pnpm') };
const YARN: MissingTool = { names: new Set(['yarn']), install: 'npm install -g yarn', provides: installsWithNpm('yarn') };
const TOOLS: readonly MissingTool[] = [PIP, PNPM, YARN];

/** Programs that may put any command on the PATH: system package managers, environment and version managers. */
const MAY_PROVIDE_ANY = new Set([
  'apt-get',
  'apt',
  'apk',
  'dnf',
  'yum',
  'microdnf',
  'zypper',
  'brew',
  'conda',
  'mamba',
  'micromamba',
  'pyenv',
  'asdf',
  'mise',
  'nvm',
  'volta',
]);
/** Programs that look a command up, so a script naming a tool to them expects it may be missing. */
const LOOKUPS = new Set(['command', 'which', 'type', 'hash']);

/** A tool to install first, in a script that fails without it (and in `build` what that costs). */
const notInstalled = (name: 'build' | 'start', consequence: string) =>
  `\`scripts.${name}\` runs \`{{tool}}\`, which the platform's container image does not have, so the command fails with "command not found"${consequence}. Install it first in the script (\`{{install}} && …\`), or use \`npm\`, which the image has.`;

export const scriptToolMissing = defineRule({
  meta: {
    id: 'script-tool-missing',
    category: 'Routes and scripts',
    severity: 'warning',
    description:
      "A script runs a command the platform's container image does not have: bare `pip`/`pip3` (run `python3 -m pip`), or `pnpm`/`yarn` without installing them first.",
    rationale:
      'The agent\'s container has Node.js with `npm` and Python 3, but no `pip` command on its PATH, and neither `pnpm` nor `yarn`: a script that runs one fails with "command not found". In `build` that fails the build, and when the build fails `start` never runs. `python3 -m pip` needs only the interpreter; `pnpm` and `yarn` can be installed with `npm` first.',
    evidence:
      '"Missing tooling (`pnpm`, `yarn`) - install in the build script first, or use a tool that ships with the image (`npm`)" (https://docs.pinata.cloud/agents/troubleshooting). pratkuk/claw-bots-for-reo dc86fdf, after a failed deploy: "Pinata\'s container image does not have bare `pip` on PATH. Surfaced by deploy attempt 1/3 on agents.pinata.cloud."; `pip3` is reported by inference (the commit names `pip`), and that `python3 -m pip` works rests on the author\'s fix.',
    assumptions:
      "Only a tool run as a command is reported (at the start, after `&&`, `||`, `;`, `|`, `(`, assignments, `sudo`, `env`…); `python3 -m pip`, `npx pnpm`, `pipx`, `pipenv`, a path such as `.venv/bin/pip` and a name inside a quoted argument are not. From a command that may put the tool on the PATH (sourcing a file such as a virtualenv's `activate`, setting `PATH`, a system or version manager such as `apt-get`, `conda` or `nvm`; for pip `ensurepip` or `get-pip.py`; for pnpm and yarn `npm install -g` or `corepack enable`) or that looks it up (`command -v pnpm`) on, the rest of that script is left alone for it.",
    messages: {
      barePip: `\`scripts.{{name}}\` runs \`{{tool}}\`, which the platform's container image does not have on its PATH, so the command fails with "command not found". Run it as \`${PIP.replacement}\`, which needs only the Python interpreter.`,
      notInstalledInBuild: notInstalled('build', ', the build fails and `start` never runs'),
      notInstalledInStart: notInstalled('start', ''),
    },
    fixTitles: {
      installFirst: 'Install `{{tool}}` first (`{{install}} && …`)',
      runReplacement: 'Run `{{command}}`',
    },
    fixable: true,
    suggests: true,
  },
  check(context) {
    for (const name of ['build', 'start'] as const) {
      const script = manifestScript(context.doc, name);
      if (script) for (const tool of TOOLS) reportTool(context, script, name, tool);
    }
  },
});

function reportTool(context: RuleContext, script: ManifestScript, name: 'build' | 'start', tool: MissingTool): void {
  // A tool to install fails the script at its first run: that one is reported. A pip each run can
  // be rewritten, so each is.
  const words = missingToolWords(script, tool).slice(0, tool.replacement ? undefined : 1);
  if (words.length === 0) return;
  const install = tool.install;
  // One suggestion for the script: install the tool before it runs.
  const installFirst = install
    ? [
        {
          titleId: 'installFirst',
          titleData: { tool: [...tool.names][0]!, install },
          edits: scriptEdits(script, [{ start: 0, end: 0, newText: `${install} && ` }]),
        },
      ]
    : undefined;
  for (const word of words) {
    const span = documentSpan(script, word);
    if (tool.replacement) {
      context.report({
        path: script.path,
        span,
        messageId: 'barePip',
        data: { name, tool: word.text },
        // The word is exactly the tool's name once unquoted, so its raw text (quotes included) is what goes.
        fixes: [
          {
            titleId: 'runReplacement',
            titleData: { command: tool.replacement },
            edits: scriptEdits(script, [{ start: word.start, end: word.end, newText: tool.replacement }]),
          },
        ],
      });
    } else {
      context.report({
        path: script.path,
        span,
        messageId: name === 'build' ? 'notInstalledInBuild' : 'notInstalledInStart',
        data: { tool: word.text, install: install! },
        ...(installFirst ? { suggestions: installFirst } : {}),
      });
    }
  }
}

/** The program words that run the tool, up to the first command after which it may be on the PATH. */
function missingToolWords(script: ManifestScript, tool: MissingTool): ShellWord[] {
  const words: ShellWord[] = [];
  for (const command of script.commands) {
    const { program, env } = unwrapCommand(command);
    if (mayProvide(command, tool) || env.some((assignment) => assignment.name === 'PATH')) break;
    if (program && tool.names.has(program.text)) words.push(program);
  }
  return words;
}

/** Whether the command may make the tool work for the commands after it, or checks whether it does. */
function mayProvide(command: ShellCommand, tool: MissingTool): boolean {
  const { program, args } = unwrapCommand(command);
  if (!program) return false;
  const name = program.text;
  if (name === 'source' || name === '.' || MAY_PROVIDE_ANY.has(name) || tool.provides(command)) return true;
  return LOOKUPS.has(name) && args.some((word) => tool.names.has(word.text));
}
