import { MANIFEST_FILE, repositoryIndex } from '../analyzers/repository.js';
import { defineRule } from '../framework/rule.js';

export const templateManifestMissing = defineRule({
  meta: {
    id: 'template-manifest-missing',
    category: 'Template repository',
    severity: 'error',
    description: 'Template mode: the repository has no `manifest.json` at its root.',
    rationale:
      "The platform reads the agent's definition from `manifest.json` at the root of the template repository; the template validator checks it first and rejects a repository without one, and a deploy has nothing to start from.",
    evidence:
      'https://docs.pinata.cloud/tools/cli/agents: "Your git repo must contain a valid `manifest.json`, a `README.md`, and a `workspace/` directory."; https://docs.pinata.cloud/agents/manifest#validation: the template validator "checks `manifest.json` + `README.md` + `workspace/`".',
    assumptions:
      "Names are case-sensitive, as on the platform's Linux file system: `Manifest.json` is not `manifest.json`, and a manifest in a subfolder is not read. Such near misses are named in the message.",
    messages: {
      manifestMissing: `The repository has no \`${MANIFEST_FILE}\` file at its root, so the platform has no agent to deploy and the template validator rejects it. Add \`${MANIFEST_FILE}\` at the root, with at least \`version\` and \`agent.name\` and the \`template\` metadata.`,
      manifestIsFolder: `The repository has no \`${MANIFEST_FILE}\` file at its root (\`${MANIFEST_FILE}\` is a folder), so the platform has no agent to deploy and the template validator rejects it. Add \`${MANIFEST_FILE}\` at the root, with at least \`version\` and \`agent.name\` and the \`template\` metadata.`,
      manifestIsSymlink: `The repository has no \`${MANIFEST_FILE}\` file at its root (\`${MANIFEST_FILE}\` is a symbolic link that does not lead to a file in the repository), so the platform has no agent to deploy and the template validator rejects it. Add \`${MANIFEST_FILE}\` at the root, with at least \`version\` and \`agent.name\` and the \`template\` metadata.`,
      manifestElsewhere: `The repository has no \`${MANIFEST_FILE}\` file at its root ({{paths}} exists, but only \`${MANIFEST_FILE}\` at the root is read), so the platform has no agent to deploy and the template validator rejects it. Add \`${MANIFEST_FILE}\` at the root, with at least \`version\` and \`agent.name\` and the \`template\` metadata.`,
      manifestElsewhereMany: `The repository has no \`${MANIFEST_FILE}\` file at its root ({{paths}} exist, but only \`${MANIFEST_FILE}\` at the root is read), so the platform has no agent to deploy and the template validator rejects it. Add \`${MANIFEST_FILE}\` at the root, with at least \`version\` and \`agent.name\` and the \`template\` metadata.`,
    },
    fixable: false,
  },
  check(context) {
    const repository = context.repository;
    if (!repository || repository.manifest) return;
    const index = repositoryIndex(repository);
    const kind = index.kindOf(MANIFEST_FILE);
    const elsewhere = index.namedLike(MANIFEST_FILE).filter((path) => path !== MANIFEST_FILE);
    const paths = elsewhere
      .slice(0, 3)
      .map((path) => `\`${path}\``)
      .join(', ');
    context.report({
      path: [],
      span: { start: 0, end: 0 },
      ...(kind === 'folder'
        ? { messageId: 'manifestIsFolder' }
        : kind === 'symlink'
          ? { messageId: 'manifestIsSymlink' }
          : elsewhere.length > 0
            ? { messageId: elsewhere.length === 1 ? 'manifestElsewhere' : 'manifestElsewhereMany', data: { paths } }
            : { messageId: 'manifestMissing' }),
    });
  },
});
