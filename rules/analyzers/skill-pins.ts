/**
 * Facts about the local source folders of skills pinned by `cid`: which folder holds a skill's
 * files and the CIDs that folder has now. The engine does no I/O: an adapter (the CLI, the
 * language server) finds each folder, hashes it under the profiles the pin may come from and
 * hands these plain objects to `lint` as `EngineLintOptions.skillSources`, keyed by skill name. The
 * rule `skill-cid-stale` and the hover on a `cid` read them; without them both stay silent.
 */
import { arrayItems, childValue, type ParsedDocument } from '../framework/document.js';
import { describeCid } from './cid.js';
import { profilesOfPinnedCid, profilesToCompare, type CidProfile } from './cid-profiles.js';
import type { SkillSourceFacts } from '../framework/skill-source-facts.js';

export type { SkillSourceFacts };

/** A skill pinned by a valid `cid`: its name and the pinned text. */
export interface PinnedSkill {
  name: string;
  cid: string;
}

/** The skills of a manifest pinned by a valid CID, in order (a name given twice appears twice). */
export function pinnedSkills(doc: ParsedDocument): PinnedSkill[] {
  const pinned: PinnedSkill[] = [];
  for (const { node } of arrayItems(doc.root, ['skills'])) {
    const name = childValue(node, 'name');
    const cid = childValue(node, 'cid');
    if (name?.type !== 'string' || cid?.type !== 'string') continue;
    if (profilesOfPinnedCid(cid.value as string).length === 0) continue;
    pinned.push({ name: name.value as string, cid: cid.value as string });
  }
  return pinned;
}

/** How a pin compares with its folder: the profile that gives the pinned CID, or the folder's CIDs now. */
export type PinComparison = { state: 'matches'; profile: CidProfile } | { state: 'differs'; now: readonly { profile: CidProfile; cid: string }[] };

/**
 * Compares a pinned CID with the folder's CIDs, as parsed CIDs (a CIDv0 and its CIDv1 form are
 * the same content), under the profiles `profilesToCompare` gives: the pin's own come first and
 * are the ones a difference names. Undefined when the pin
 * is not a valid CID, or when nothing matches and the facts lack one of the pin's profiles (facts
 * about other pins, say, still standing while this pin is hashed): a difference is only told
 * once every profile the pin may come from was compared.
 */
export function comparePin(pinned: string, facts: SkillSourceFacts): PinComparison | undefined {
  const pin = describeCid(pinned);
  if (!pin.valid) return undefined;
  const own = profilesOfPinnedCid(pinned);
  const now: { profile: CidProfile; cid: string }[] = [];
  for (const profile of profilesToCompare(pinned)) {
    const cid = facts.cids[profile];
    if (cid === undefined) continue;
    const described = describeCid(cid);
    if (described.valid && described.canonical === pin.canonical) return { state: 'matches', profile };
    if (own.includes(profile)) now.push({ profile, cid });
  }
  if (own.some((profile) => facts.cids[profile] === undefined)) return undefined;
  return { state: 'differs', now };
}

/**
 * The folder's CIDs now, in words: "`bafy…` under `v1` and `unixfs-v1-2025`" when the profiles
 * agree (small folders), else "`bafy…` under `v1` (and `bafy…` under `unixfs-v1-2025`)".
 */
export function describeCidsNow(now: readonly { profile: CidProfile; cid: string }[]): string {
  const byCid = new Map<string, CidProfile[]>();
  for (const { profile, cid } of now) byCid.set(cid, [...(byCid.get(cid) ?? []), profile]);
  const parts = [...byCid].map(([cid, profiles]) => `\`${cid}\` under ${profiles.map((profile) => `\`${profile}\``).join(' and ')}`);
  return parts.length > 1 ? `${parts[0]} (and ${parts.slice(1).join(', ')})` : (parts[0] ?? '');
}
