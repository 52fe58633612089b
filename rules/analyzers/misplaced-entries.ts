/**
 * Entries pasted into the wrong section: an item of `routes` whose keys are all a secret's
 * (`name`, `description`, `required`), say. Judged by keys alone, from the schema's own lists,
 * so one mistake is reported once, as what it is, instead of as each of its keys unknown and
 * each of the section's keys missing.
 */
import type { Node } from 'jsonc-parser';
import facts from '../generated/schema-facts.js';
import { arrayItems, derived, type ParsedDocument } from '../framework/document.js';

/** The array sections of the manifest and the schemas of their items. */
const SECTIONS: Readonly<Record<string, readonly string[]>> = {
  secrets: ['/$defs/secret'],
  skills: ['/$defs/skill'],
  tasks: ['/$defs/task', '/$defs/legacyTask'],
  routes: ['/$defs/route'],
};

export interface MisplacedEntry {
  /** The section the item lies in, and its index there. */
  section: string;
  index: number;
  /** The one other section all its keys belong to. */
  belongsTo: string;
  /** Its distinct keys, in document order. */
  keys: string[];
}

/** The misplaced items of the document, by node. */
export function misplacedEntries(doc: ParsedDocument): ReadonlyMap<Node, MisplacedEntry> {
  return derived(doc, findMisplaced);
}

/** The keys an item of `section` may have: the schema's, worked out once. */
export function sectionKeys(section: string): ReadonlySet<string> {
  let keys = SECTION_KEYS.get(section);
  if (!keys) {
    keys = new Set((SECTIONS[section] ?? []).flatMap((pointer) => facts.properties[pointer] ?? []));
    SECTION_KEYS.set(section, keys);
  }
  return keys;
}

const SECTION_KEYS = new Map<string, ReadonlySet<string>>();

function findMisplaced(doc: ParsedDocument): Map<Node, MisplacedEntry> {
  const found = new Map<Node, MisplacedEntry>();
  for (const section of Object.keys(SECTIONS)) {
    for (const { index, node } of arrayItems(doc.root, [section])) {
      if (node.type !== 'object' || !keysAllUnknown(node, sectionKeys(section))) continue;
      const keys = [...new Set((node.children ?? []).map((property) => property.children?.[0]?.value).filter((key): key is string => typeof key === 'string'))];
      // Only an unambiguous match: `{ "name": … }` alone could be a secret, a skill or a task.
      const matches = Object.keys(SECTIONS).filter((other) => other !== section && keys.every((key) => sectionKeys(other).has(key)));
      if (matches.length === 1) found.set(node, { section, index, belongsTo: matches[0]!, keys });
    }
  }
  return found;
}

/** Whether an item has keys and none of them is one its section knows: most items have one, found without building a list. */
function keysAllUnknown(item: Node, known: ReadonlySet<string>): boolean {
  let keyed = false;
  for (const property of item.children ?? []) {
    const key = property.children?.[0]?.value;
    if (typeof key !== 'string') continue;
    if (known.has(key)) return false;
    keyed = true;
  }
  return keyed;
}
