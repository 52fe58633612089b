import { repositoryIndex, type RepositoryIndex } from '../analyzers/repository.js';
import { defineRule, type FindingMessage } from '../framework/rule.js';
import { scriptPathUses, type ScriptPathUse } from '../analyzers/script-paths.js';
import { documentSpan, type ScriptName } from '../analyzers/scripts.js';

/** What a script's failure costs, by script. */
const CONSEQUENCE: Readonly<Record<ScriptName, string>> = {
  build: 'the build fails and `start` never runs',
  start: 'the start command fails',
};

/** What is wrong with the path: the verb, what the path is, and what to commit. */
const PROBLEMS = {
  noFolder: { verb: 'changes into', is: 'which is not a folder in the repository', commit: 'folder' },
  fileNotFolder: { verb: 'changes into', is: 'which is a file, not a folder', commit: 'folder' },
  noFile: { verb: 'runs', is: 'which is not in the repository', commit: 'file' },
};
type Problem = keyof typeof PROBLEMS;

/** `buildNoFolder`, or `startNoFileAfterCd` when an earlier `cd` moved the command out of the root. */
const messageId = (script: ScriptName, problem: Problem, afterCd: boolean) =>
  `${script}${problem.charAt(0).toUpperCase()}${problem.slice(1)}${afterCd ? 'AfterCd' : ''}`;

function said(script: ScriptName, problem: Problem, afterCd: boolean): string {
  const { verb, is, commit } = PROBLEMS[problem];
  return `\`scripts.${script}\` ${verb} \`{{path}}\` (\`{{shown}}\`${afterCd ? ', run in `{{cwd}}`' : ''}), ${is}: scripts run from the repository root, so ${CONSEQUENCE[script]}. Fix the path, or commit the ${commit}.`;
}

/** Files Node tries for a module path without an extension (`node server` runs `server.js`). */
const NODE_EXTENSIONS = ['.js', '.mjs', '.cjs', '.json', '.node', '.ts', '.mts', '.cts'];

export const scriptPathMissing = defineRule({
  meta: {
    id: 'script-path-missing',
    category: 'Template repository',
    severity: 'warning',
    description: 'Template mode: a script `cd`s into, or runs, a path that does not exist in the repository.',
    rationale:
      "The platform runs `scripts.build` and `scripts.start` from the repository root. A `cd` into a folder that is not there, or a `bash x.sh` / `node x.js` whose file is not there, fails at once: a failing build stops the deploy and `start` never runs; a failing start leaves the agent's routes with nothing behind them.",
    evidence:
      'https://docs.pinata.cloud/agents/manifest#scripts: both hooks run with working directory `/home/node/clawd`; https://docs.pinata.cloud/agents/troubleshooting: "Wrong working directory - `build` runs from `/home/node/clawd`, not the workspace". That this folder is the repository\'s root is inferred from the docs\' examples (`cd workspace/projects/app`) and the published schema ("Lives at /home/node/clawd/manifest.json").',
    assumptions:
      'Paths are resolved from the repository root, following `cd` chains within a command list (not into subshells, pipelines, or `cd`s guarded by a test); `/home/node/clawd/…` is the repository root on the platform, and other absolute paths are not checked. Paths a script may create are not reported: build outputs and installed packages by their conventional folders (`node_modules`, `dist`, `build`, `out`, `.next`, `.venv`…), what earlier commands of `build` or `start` create (`mkdir`, `git clone`, `cp`, `touch`, `curl -o`, redirections), and anything after a command that may create any file (an archive extracted, a scaffolder, inline code, another script of the repository run). Paths through a symbolic link are not checked. Words with expansions (`$DIR`, `~`, globs) are skipped.',
    messages: Object.fromEntries(
      (Object.keys(CONSEQUENCE) as ScriptName[]).flatMap((script) =>
        (Object.keys(PROBLEMS) as Problem[]).flatMap((problem) =>
          [false, true].map((afterCd) => [messageId(script, problem, afterCd), said(script, problem, afterCd)]),
        ),
      ),
    ),
    fixable: false,
  },
  check(context) {
    const repository = context.repository;
    if (!repository) return;
    const index = repositoryIndex(repository);
    /** Folders already reported for a script: what it does inside them is the same fact. */
    let missingFolders: string[] = [];
    let script = '';
    for (const use of scriptPathUses(context.doc)) {
      if (use.script.name !== script) {
        script = use.script.name;
        missingFolders = [];
      }
      if (missingFolders.some((folder) => use.path === folder || use.path.startsWith(`${folder}/`))) continue;
      const problem = problemOf(index, use);
      if (!problem) continue;
      if (use.expects === 'folder') missingFolders.push(use.path);
      context.report({
        path: use.script.path,
        span: documentSpan(use.script, { start: use.word.start, end: use.word.end }),
        ...messageOf(use, problem),
      });
    }
  },
});

function problemOf(index: RepositoryIndex, use: ScriptPathUse): Problem | undefined {
  if (index.throughSymlink(use.path)) return undefined;
  const kind = index.kindOf(use.path);
  if (use.expects === 'folder') return kind === undefined ? 'noFolder' : kind === 'file' ? 'fileNotFolder' : undefined;
  if (kind !== undefined) return undefined;
  if (use.expects === 'node-module' && NODE_EXTENSIONS.some((extension) => index.kindOf(`${use.path}${extension}`) !== undefined)) return undefined;
  return 'noFile';
}

function messageOf(use: ScriptPathUse, problem: Problem): FindingMessage {
  const afterCd = use.cwd !== '';
  return {
    messageId: messageId(use.script.name, problem, afterCd),
    data: { path: use.path, shown: use.shown, ...(afterCd ? { cwd: use.cwd } : {}) },
  };
}
