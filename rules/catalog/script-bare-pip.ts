import { defineRule } from '../framework/rule.js';
import { documentSpan, manifestScript, scriptEdits, toolOf, type ManifestScript } from '../analyzers/scripts.js';
import { unwrapCommand, type ShellCommand, type ShellWord } from '../analyzers/shell.js';

/** The pip commands the platform's image lacks. */
const BARE_PIP = new Set(['pip', 'pip3']);
/** The same pip, run through the interpreter the image has. */
const PIP_MODULE = 'python3 -m pip';
/** Programs that may put a `pip` on PATH: system package managers, environment and version managers. */
const MAY_PROVIDE_PIP = new Set(['apt-get', 'apt', 'apk', 'dnf', 'yum', 'microdnf', 'zypper', 'brew', 'conda', 'mamba', 'micromamba', 'pyenv', 'asdf', 'mise']);
/** Programs that look a command up, so a script naming `pip` to them expects it may be missing. */
const LOOKUPS = new Set(['command', 'which', 'type', 'hash']);

export const scriptBarePip = defineRule({
  meta: {
    id: 'script-bare-pip',
    category: 'Routes and scripts',
    severity: 'warning',
    description: 'A script runs bare `pip` or `pip3`, which the platform\'s container image does not have on its PATH; run `python3 -m pip` instead.',
    rationale:
      'The agent\'s container has Python 3 but no `pip` command on its PATH, so `pip install` in a script fails with "command not found": in `build` that usually fails the build, and when the build fails `start` never runs. Running pip as a module of the interpreter, `python3 -m pip`, does not need the command.',
    evidence:
      'pratkuk/claw-bots-for-reo dc86fdf, after a failed deploy: "Pinata\'s container image does not have bare `pip` on PATH. Surfaced by deploy attempt 1/3 on agents.pinata.cloud."; the docs say only "use a tool that ships with the image (`npm`)" (https://docs.pinata.cloud/agents/troubleshooting). `pip3` is reported by inference (the commit names `pip`), and that `python3 -m pip` works rests on the author\'s fix, which no later deploy in that repository confirms.',
    assumptions:
      'Only `pip` or `pip3` run as a command is reported (at the start, after `&&`, `||`, `;`, `|`, `(`, assignments, `sudo`, `env`…); `python3 -m pip`, `pipx`, `pipenv`, a path such as `.venv/bin/pip` and `pip` inside a quoted argument are not. From a command that may put a `pip` on the PATH (sourcing a file such as a virtualenv\'s `activate`, setting `PATH`, `conda`, installing with `apt-get` or `apk`, `ensurepip`, `get-pip.py`) or that looks `pip` up (`command -v pip`) on, the rest of that script is left alone.',
    messages: {
      barePip: `\`scripts.{{name}}\` runs \`{{pip}}\`, which the platform's container image does not have on its PATH, so the command fails with "command not found". Run it as \`${PIP_MODULE}\`, which needs only the Python interpreter.`,
    },
    fixable: true,
  },
  check(context) {
    for (const name of ['build', 'start'] as const) {
      const script = manifestScript(context.doc, name);
      if (!script) continue;
      for (const word of barePipWords(script)) {
        context.report({
          path: script.path,
          span: documentSpan(script, word),
          messageId: 'barePip',
          data: { name, pip: word.text },
          // The word is exactly `pip` or `pip3` once unquoted, so its raw text (quotes included) is what goes.
          fixes: [{ title: `Run \`${PIP_MODULE}\``, edits: scriptEdits(script, [{ start: word.start, end: word.end, newText: PIP_MODULE }]) }],
        });
      }
    }
  },
});

/** The program words that run bare pip, up to the first command after which a `pip` may be on the PATH. */
function barePipWords(script: ManifestScript): ShellWord[] {
  const words: ShellWord[] = [];
  for (const command of script.commands) {
    const { program, env } = unwrapCommand(command);
    if (mayFindPip(command) || env.some((assignment) => assignment.name === 'PATH')) break;
    if (program && BARE_PIP.has(program.text)) words.push(program);
  }
  return words;
}

/** Whether the command may make a bare `pip` work for the commands after it, or checks whether one does. */
function mayFindPip(command: ShellCommand): boolean {
  const { program, args } = unwrapCommand(command);
  if (!program) return false;
  const name = program.text;
  if (name === 'source' || name === '.' || MAY_PROVIDE_PIP.has(name) || toolOf(command)?.name === 'ensurepip') return true;
  if (LOOKUPS.has(name) && args.some((word) => BARE_PIP.has(word.text))) return true;
  return [program, ...args].some((word) => word.text.includes('get-pip'));
}
