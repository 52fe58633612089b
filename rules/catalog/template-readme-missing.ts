import { README_FILE, repositoryIndex } from '../analyzers/repository.js';
import { defineRule, type FindingMessage } from '../framework/rule.js';

const FIRST_LINE = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export const templateReadmeMissing = defineRule({
  meta: {
    id: 'template-readme-missing',
    category: 'Template repository',
    severity: 'error',
    description: 'Template mode: the repository has no `README.md` at its root, or it is empty.',
    rationale:
      'The template validator checks `README.md` beside `manifest.json` and `workspace/`, and returns its text with the validation result: it is what people read about the template before they deploy it. A repository without one, or with an empty one, is not a complete template.',
    evidence:
      'https://docs.pinata.cloud/tools/cli/agents: "Your git repo must contain a valid `manifest.json`, a `README.md`, and a `workspace/` directory."; https://docs.pinata.cloud/agents/templates/creating: `README.md` is the "Description shown in marketplace listing". That an empty README fails is the linter\'s inference.',
    assumptions:
      'The platform names `README.md` exactly; names are case-sensitive on its file system, so `readme.md` or `README` do not count (the message names them). A README holding only white space counts as empty.',
    messages: {
      empty: `\`${README_FILE}\` is empty, and the template validator requires a README: it is the page people read before deploying the template. Describe what the agent does, the secrets it needs and how to use it.`,
      missing: `The repository has no \`${README_FILE}\` file at its root, and the template validator requires one: it is the page people read before deploying the template. Add \`${README_FILE}\` describing what the agent does, the secrets it needs and how to use it.`,
      missingIsFolder: `The repository has no \`${README_FILE}\` file at its root (\`${README_FILE}\` is a folder), and the template validator requires one: it is the page people read before deploying the template. Add \`${README_FILE}\` describing what the agent does, the secrets it needs and how to use it.`,
      missingIsSymlink: `The repository has no \`${README_FILE}\` file at its root (\`${README_FILE}\` is a symbolic link that does not lead to a file in the repository), and the template validator requires one: it is the page people read before deploying the template. Add \`${README_FILE}\` describing what the agent does, the secrets it needs and how to use it.`,
      missingOtherName: `The repository has no \`${README_FILE}\` file at its root (\`{{path}}\` exists, but the platform reads \`${README_FILE}\`, and names are case-sensitive: rename it), and the template validator requires one: it is the page people read before deploying the template. Add \`${README_FILE}\` describing what the agent does, the secrets it needs and how to use it.`,
      missingElsewhere: `The repository has no \`${README_FILE}\` file at its root (\`{{path}}\` exists, but only \`${README_FILE}\` at the root is read), and the template validator requires one: it is the page people read before deploying the template. Add \`${README_FILE}\` describing what the agent does, the secrets it needs and how to use it.`,
    },
    fixable: false,
  },
  check(context) {
    const repository = context.repository;
    if (!repository) return;
    const report = (message: FindingMessage) =>
      context.report({ path: [], span: { start: 0, end: 0 }, ...message, file: { path: README_FILE, range: FIRST_LINE } });
    if (repository.readme !== undefined) {
      if (repository.readme.trim() === '') {
        report({ messageId: 'empty' });
      }
      return;
    }
    const index = repositoryIndex(repository);
    const kind = index.kindOf(README_FILE);
    const similar = index.namedLike(README_FILE).filter((path) => path !== README_FILE);
    const other = [
      ...new Set([
        ...similar,
        ...['README', 'readme', 'Readme', 'README.markdown', 'README.txt', 'README.rst'].filter((name) => index.kindOf(name) === 'file'),
      ]),
    ];
    const rootOther = other.filter((path) => !path.includes('/'));
    report(
      kind === 'folder'
        ? { messageId: 'missingIsFolder' }
        : kind === 'symlink'
          ? { messageId: 'missingIsSymlink' }
          : rootOther.length > 0
            ? { messageId: 'missingOtherName', data: { path: rootOther[0]! } }
            : other.length > 0
              ? { messageId: 'missingElsewhere', data: { path: other[0]! } }
              : { messageId: 'missing' },
    );
  },
});
