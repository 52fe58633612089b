import type { Node } from 'jsonc-parser';
import { arrayItems, childValue, parseDocument, stringValue, touchesSyntaxError, type ParsedDocument } from '../rules/framework/document.js';
import { addProperties, applyOffsetEdits, replaceValue } from '../rules/framework/json-edits.js';

/**
 * `skill upload --pin <name>`: the manifest with the skill named `<name>` pinned to a CID, as a
 * minimal edit (the `cid` value replaced, or a `cid` property added after the entry's last one),
 * formatting and everything else kept; or why it cannot be pinned.
 */
export function pinSkillCid(text: string, skillName: string, cid: string): { text: string } | { problem: string } {
  const found = skillToPin(text, skillName);
  if ('problem' in found) return found;
  const { doc, index, entry } = found;
  const current = childValue(entry, 'cid');
  const edits = current ? [replaceValue(current, cid)] : addProperties(doc, ['skills', index], [['cid', JSON.stringify(cid)]]);
  return { text: applyOffsetEdits(text, edits) };
}

/** Why the skill named `skillName` cannot be pinned, or undefined when it can. */
export function pinProblem(text: string, skillName: string): string | undefined {
  const found = skillToPin(text, skillName);
  return 'problem' in found ? found.problem : undefined;
}

type SkillToPin = { doc: ParsedDocument; index: number; entry: Node } | { problem: string };

function skillToPin(text: string, skillName: string): SkillToPin {
  const doc = parseDocument(text);
  if (doc.root?.type !== 'object') return { problem: 'it holds no JSON object (manifest-lint shows why); fix it first' };
  const skills = arrayItems(doc.root, ['skills']).filter(({ node }) => node.type === 'object');
  const named = skills.filter(({ node }) => stringValue(childValue(node, 'name')) === skillName);
  if (named.length === 0) {
    const names = skills.map(({ node }) => stringValue(childValue(node, 'name'))).filter((name) => name !== undefined);
    const known = names.length === 0 ? 'it has no skills' : `its skills are ${names.map((name) => `\`${name}\``).join(', ')}`;
    return { problem: `no skill is named \`${skillName}\` (${known}); add { "name": "${skillName}" } to \`skills\` first` };
  }
  if (named.length > 1) return { problem: `${named.length} skills are named \`${skillName}\`; rename all but one first` };
  const { index, node } = named[0]!;
  // Problems elsewhere (a comment, a trailing comma) do not stop an edit of this entry alone.
  if (touchesSyntaxError(doc, node)) return { problem: `the skill \`${skillName}\` is not valid JSON (manifest-lint shows where); fix it first` };
  if (childValue(node, 'clawhub_slug')) {
    return {
      problem: `the skill \`${skillName}\` has a \`clawhub_slug\`, and a skill takes a slug or a \`cid\`, not both; remove \`clawhub_slug\` first to pin it to this upload`,
    };
  }
  return { doc, index, entry: node };
}
