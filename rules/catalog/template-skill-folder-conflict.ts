import { arrayItems, childValue } from '../framework/document.js';
import { repositoryIndex, SKILLS_FOLDER } from '../analyzers/repository.js';
import { defineRule, spanOf } from '../framework/rule.js';

export const templateSkillFolderConflict = defineRule({
  meta: {
    id: 'template-skill-folder-conflict',
    category: 'Template repository',
    severity: 'warning',
    description: 'Template mode: the repository already has `workspace/skills/<name>/` for a skill the manifest attaches under that name.',
    rationale:
      'At deploy time the platform unpacks each attached skill under `workspace/skills/<name>/`. A folder of that name committed in the template is overwritten by the skill, or mixed with it, so the committed files and the attached skill cannot both be what the agent runs.',
    evidence:
      "https://docs.pinata.cloud/agents/skills: \"Attaching copies the skill's files into the agent's workspace under `workspace/skills/<skill-name>/`.\" Whether this replaces or merges a committed folder is not documented: either way is a conflict, the linter's inference.",
    assumptions:
      "The platform does not say whether unpacking replaces or merges the folder; either way the two conflict. Names are compared exactly (the platform's file system is case-sensitive), and `@scope/name` is the folder `workspace/skills/@scope/name/`. Names that cannot be folders are `skill-name-path`'s to report.",
    messages: {
      skillFolderConflict: `\`${SKILLS_FOLDER}/{{value}}/\` is committed in the repository, and skill \`{{value}}\` is unpacked into that same folder at deploy time, over the committed files. Rename the skill or the folder, or remove the folder if the skill replaces it.`,
      skillFileConflict: `\`${SKILLS_FOLDER}/{{value}}\` exists in the repository (as a file), and skill \`{{value}}\` is unpacked into that same folder at deploy time, over the committed files. Rename the skill or the folder, or remove the folder if the skill replaces it.`,
      skillSymlinkConflict: `\`${SKILLS_FOLDER}/{{value}}\` exists in the repository (as a symbolic link), and skill \`{{value}}\` is unpacked into that same folder at deploy time, over the committed files. Rename the skill or the folder, or remove the folder if the skill replaces it.`,
    },
    fixable: false,
  },
  check(context) {
    const repository = context.repository;
    if (!repository) return;
    const index = repositoryIndex(repository);
    for (const { index: position, node } of arrayItems(context.doc.root, ['skills'])) {
      const name = childValue(node, 'name');
      if (name?.type !== 'string') continue;
      const value = name.value as string;
      if (!isPlainFolderName(value)) continue;
      const kind = index.kindOf(`${SKILLS_FOLDER}/${value}`);
      if (!kind) continue;
      context.report({
        path: ['skills', position, 'name'],
        span: spanOf(name),
        messageId: kind === 'folder' ? 'skillFolderConflict' : kind === 'file' ? 'skillFileConflict' : 'skillSymlinkConflict',
        data: { value },
      });
    }
  },
});

/** A name that is a relative folder path without empty, `.` or `..` segments. */
function isPlainFolderName(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.includes('\\') || /[\u0000-\u001f\u007f]/.test(name)) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
