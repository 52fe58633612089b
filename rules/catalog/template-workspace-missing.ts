import { repositoryIndex, WORKSPACE_FOLDER } from '../analyzers/repository.js';
import { defineRule } from '../framework/rule.js';

const FIRST_LINE = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export const templateWorkspaceMissing = defineRule({
  meta: {
    id: 'template-workspace-missing',
    category: 'Template repository',
    severity: 'error',
    description: 'Template mode: the repository has no `workspace/` folder at its root (or it holds no files).',
    rationale:
      'A template is deployed as an agent workspace: the template validator checks the `workspace/` folder (skills are unpacked under `workspace/skills/<name>/`, and the validation result lists its files). A repository without it is rejected.',
    evidence:
      'https://docs.pinata.cloud/tools/cli/agents: "Your git repo must contain a valid `manifest.json`, a `README.md`, and a `workspace/` directory."; https://docs.pinata.cloud/agents/templates/creating: "Files in `workspace/` are copied to the agent\'s workspace on deploy". That an empty folder is missing follows from git, which keeps no empty folders.',
    assumptions:
      'The platform receives the repository through git, which keeps no empty folders, so a `workspace/` folder holding no file is as good as missing: commit at least one file in it (a `.gitkeep` will do). A symbolic link named `workspace` is not a folder.',
    messages: {
      noFiles: `\`${WORKSPACE_FOLDER}/\` holds no files, and git keeps no empty folders, so the repository the platform receives has no \`${WORKSPACE_FOLDER}/\` and the template validator rejects it. Commit at least one file in it, such as \`${WORKSPACE_FOLDER}/.gitkeep\`.`,
      isFile: `\`${WORKSPACE_FOLDER}\` is a file, but the template validator needs a \`${WORKSPACE_FOLDER}/\` folder, which the agent's workspace is deployed from. Replace the file with a \`${WORKSPACE_FOLDER}/\` folder holding the agent's files.`,
      isLink: `\`${WORKSPACE_FOLDER}\` is a symbolic link, but the template validator needs a \`${WORKSPACE_FOLDER}/\` folder in the repository. Replace the link with the folder itself.`,
      missing: `The repository has no \`${WORKSPACE_FOLDER}/\` folder at its root, and the template validator requires one: the agent's workspace is deployed from it. Add a \`${WORKSPACE_FOLDER}/\` folder at the root with the agent's files (at least one file: git keeps no empty folders).`,
    },
    fixable: false,
  },
  check(context) {
    const repository = context.repository;
    if (!repository) return;
    const index = repositoryIndex(repository);
    const kind = index.kindOf(WORKSPACE_FOLDER);
    if (kind === 'folder' && index.hasEntriesUnder(WORKSPACE_FOLDER)) return;
    const messageId = kind === 'folder' ? 'noFiles' : kind === 'file' ? 'isFile' : kind === 'symlink' ? 'isLink' : 'missing';
    context.report({ path: [], span: { start: 0, end: 0 }, messageId, file: { path: WORKSPACE_FOLDER, range: FIRST_LINE } });
  },
});
