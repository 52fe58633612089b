import { shellQuote } from '../analyzers/shell.js';
import { comparePin, describeCidsNow } from '../analyzers/skill-pins.js';
import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';

export const skillCidStale = defineRule({
  meta: {
    id: 'skill-cid-stale',
    category: 'Skills',
    severity: 'warning',
    description:
      "A skill's `cid` is not the CID its local source folder has now (`skills/<name>/` or the config's `skillSources`): the folder changed after the pin.",
    rationale:
      'A skill attached by `cid` is pinned to one upload. When its files are edited and not uploaded again, the agent is deployed with the old files and nothing says so until it behaves oddly. The CLI and the editor compute, offline, the CID the folder would get under the profile the pin was made with; when it differs, the pin is stale.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#skills: a `cid` is "byte-stable, pinned to a specific upload"; https://docs.pinata.cloud/agents/skills: "IPFS CID … pins one specific version". Where a skill\'s files live before upload is the linter\'s assumption, and the CID profiles (`v0`, `v1`, `unixfs-v1-2025`) are those of Pinata\'s upload API (seed section 4.2).',
    assumptions:
      "The platform's documentation does not say where a skill's files live before their upload. The rule assumes `skills/<name>/` beside the manifest (a scoped name such as `@scope/name` is two folders deep), or the folder `.manifestlintrc.json` maps the name to in `skillSources`. A CIDv0 pin is compared with the folder's CID under `v0`, a CIDv1 pin under `v1` and `unixfs-v1-2025` (nothing in a CIDv1 tells them apart), as parsed CIDs. The rule runs only where the folder can be read (the CLI on a file, the language server on a file on disk): the library and the playground give it no folder, so it is silent there.",
    messages: {
      stale: `{{subject}} is {{value}}, but the folder \`{{folder}}\` is now {{now}}: its files changed after the pin, and the agent would get the old ones. Upload it again with \`{{command}}\` (in the manifest's folder), or pin the new CID.`,
      // `skill upload --pin` writes `./manifest.json`: for a manifest of another name it would edit another file.
      staleOtherName: `{{subject}} is {{value}}, but the folder \`{{folder}}\` is now {{now}}: its files changed after the pin, and the agent would get the old ones. Upload it again with \`{{command}}\` (in the manifest's folder) and pin the CID it prints, or pin the new CID.`,
    },
    fixTitles: {
      pinNow: 'Pin `{{cid}}`, the CID of `{{folder}}` now under `{{profile}}`',
    },
    fixable: false,
    suggests: true,
  },
  check(context) {
    const sources = context.skillSources;
    if (!sources) return;
    for (const { index, node } of arrayItems(context.doc.root, ['skills'])) {
      const name = childValue(node, 'name');
      const cid = childValue(node, 'cid');
      if (name?.type !== 'string' || cid?.type !== 'string') continue;
      const skillName = name.value as string;
      const facts = Object.hasOwn(sources, skillName) ? sources[skillName] : undefined;
      if (!facts) continue;
      const value = cid.value as string;
      const comparison = comparePin(value, facts);
      if (comparison?.state !== 'differs') continue;
      const path = ['skills', index, 'cid'];
      const [first] = comparison.now;
      const now = describeCidsNow(comparison.now);
      const upload = facts.folder.replace(/\/+$/, '') || '.';
      const pinHere = facts.pinWritesManifest !== false;
      const command = `manifest-lint skill upload ${shellQuote(upload)}${pinHere ? ` --pin ${shellQuote(skillName)}` : ''}${first!.profile === 'v1' ? '' : ` --profile ${first!.profile}`}`;
      context.report({
        path,
        span: spanOf(cid),
        messageId: pinHere ? 'stale' : 'staleOtherName',
        data: { subject: subject(path), value: formatValue(value, path), folder: facts.folder, now, command },
        suggestions: [
          { titleId: 'pinNow', titleData: { cid: first!.cid, folder: facts.folder, profile: first!.profile }, edits: [replaceValue(cid, first!.cid)] },
        ],
      });
    }
  },
});
