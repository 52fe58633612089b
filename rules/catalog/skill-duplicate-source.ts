import type { Node } from 'jsonc-parser';
import { describeCid } from '../analyzers/cid.js';
import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';

interface Source {
  index: number;
  name: string | undefined;
  field: 'clawhub_slug' | 'cid';
  node: Node;
  /** What identifies the skill's content: the slug, or the CID in its canonical form. */
  identity: string;
}

/** What the two skills share, by the start of its message ids; a slug is compared as written, so only a CID has another form. */
const SHARED = {
  sameSlug: 'the same registry slug',
  sameCid: 'the same CID',
  sameCidOtherForm: 'the same CID',
};
type Shared = keyof typeof SHARED;

/**
 * Which of the two skills have names, by the end of its message ids: both (their folders are
 * named), only the earlier one (`ThisUnnamed`), or only this one (`EarlierUnnamed`).
 */
const NAMES = {
  '': { earlier: ' (`{{earlierName}}`)', folders: ', into `workspace/skills/{{earlierName}}/` and `workspace/skills/{{name}}/`' },
  ThisUnnamed: { earlier: ' (`{{earlierName}}`)', folders: '' },
  EarlierUnnamed: { earlier: '', folders: '' },
};
type Names = keyof typeof NAMES;

function said(shared: Shared, names: Names): string {
  const { earlier, folders } = NAMES[names];
  const otherForm = shared === 'sameCidOtherForm' ? ' written in another form' : '';
  return `{{subject}} is {{value}}, ${SHARED[shared]} as skills[{{index}}]${earlier}${otherForm}, so the same skill is installed twice${folders}. Remove one of them.`;
}

export const skillDuplicateSource = defineRule({
  meta: {
    id: 'skill-duplicate-source',
    category: 'Skills',
    severity: 'warning',
    description: 'The same registry slug or CID is attached twice under different names.',
    rationale:
      'Each name is unpacked into its own folder, so one skill attached under two names is installed twice: the agent sees two copies of the same instructions, and an update to one name leaves the other behind.',
    evidence:
      'https://docs.pinata.cloud/agents/manifest#skills: "Each attached skill is unpacked under `workspace/skills/<skill-name>/`." That one source under two names is installed twice is the linter\'s inference from this.',
    messages: Object.fromEntries(
      (Object.keys(SHARED) as Shared[]).flatMap((shared) => (Object.keys(NAMES) as Names[]).map((names) => [`${shared}${names}`, said(shared, names)])),
    ),
    fixable: false,
    judgesObject: true,
  },
  check(context) {
    const sources: Source[] = [];
    for (const { index, node } of arrayItems(context.doc.root, ['skills'])) {
      const nameNode = childValue(node, 'name');
      const name = nameNode?.type === 'string' ? (nameNode.value as string) : undefined;
      for (const field of ['clawhub_slug', 'cid'] as const) {
        const source = childValue(node, field);
        if (source?.type !== 'string' || source.value === '') continue;
        sources.push({ index, name, field, node: source, identity: source.value as string });
      }
    }
    const cids = sources.filter((source) => source.field === 'cid');
    // A CIDv0 and its CIDv1 address the same content: compare CIDs in one form.
    if (cids.length > 1) {
      for (const source of cids) {
        const described = describeCid(source.identity);
        if (described.valid) source.identity = described.canonical;
      }
    }
    // Per slug or CID: its first source, and the first one under another name than that.
    // Each item gives at most one source per field, so sources under one key are distinct items.
    const seen = new Map<string, { first: Source; otherName?: Source }>();
    for (const source of sources) {
      const key = `${source.field}\u0000${source.identity}`;
      const group = seen.get(key);
      if (!group) {
        seen.set(key, { first: source });
        continue;
      }
      const earlier = source.name !== group.first.name ? group.first : group.otherName;
      if (source.name !== group.first.name) group.otherName ??= source;
      if (!earlier) continue;
      const path = ['skills', source.index, source.field];
      const sameText = (earlier.node.value as string) === (source.node.value as string);
      const shared: Shared = source.field === 'clawhub_slug' ? 'sameSlug' : sameText ? 'sameCid' : 'sameCidOtherForm';
      // An empty name names no folder. The two names differ (see `earlier`).
      const names: Names = !earlier.name ? 'EarlierUnnamed' : !source.name ? 'ThisUnnamed' : '';
      context.report({
        path,
        span: spanOf(source.node),
        messageId: `${shared}${names}`,
        data: {
          subject: subject(path),
          value: formatValue(source.node.value, path),
          index: earlier.index,
          ...(earlier.name ? { earlierName: earlier.name } : {}),
          ...(source.name ? { name: source.name } : {}),
        },
      });
    }
  },
});
