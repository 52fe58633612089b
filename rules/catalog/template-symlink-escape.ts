import { defineRule } from '../framework/rule.js';

const FIRST_LINE = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
/** Link targets are shown up to this many characters. */
const SHOWN = 80;

export const templateSymlinkEscape = defineRule({
  meta: {
    id: 'template-symlink-escape',
    category: 'Template repository',
    severity: 'error',
    description: 'Template mode: a symbolic link in the repository points outside it.',
    rationale:
      "A template repository is checked out on machines it was not written on. A link to an absolute path, or one whose `..` segments climb above the repository, resolves to whatever that machine holds there (nothing, or files that are not the template's to read), so what the agent gets depends on where it runs.",
    evidence:
      "None found in Pinata's sources: the linter's own inference from git, which stores a symbolic link's target as text, so a link out of the repository points at whatever the checkout machine holds there.",
    assumptions:
      'Targets are read as stored, without following other links: absolute targets always count as outside (the repository lives elsewhere on the platform); a relative target counts when it leaves the repository. A link that stays inside is fine.',
    messages: {
      symlinkEscape: `\`{{path}}\` is a symbolic link to \`{{target}}\`, outside the repository: wherever the template is checked out, it points at that machine's files or at nothing. Commit the files themselves, or point the link at a path inside the repository.`,
    },
    fixable: false,
  },
  check(context) {
    for (const link of context.repository?.symlinks ?? []) {
      if (!link.escapes) continue;
      const target = link.target.length > SHOWN ? `${link.target.slice(0, SHOWN - 1)}…` : link.target;
      context.report({
        path: [],
        span: { start: 0, end: 0 },
        messageId: 'symlinkEscape',
        data: { path: link.path, target },
        file: { path: link.path, range: FIRST_LINE },
      });
    }
  },
});
