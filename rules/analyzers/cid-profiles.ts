import { describeCid } from './cid.js';

/**
 * The upload profiles of the storage API (`cid_version` of `POST /v3/files`): each fixes how a
 * file or folder becomes a CID, so the same bytes give a different CID under each.
 *
 * - `v0`: CIDv0, dag-pb leaves, 256 KiB chunks, at most 174 links per node (IPIP-499's
 *   `unixfs-v0-2015`);
 * - `v1`: CIDv1, raw leaves, 256 KiB chunks, at most 174 links per node (the platform's default);
 * - `unixfs-v1-2025`: CIDv1, raw leaves, 1 MiB chunks, at most 1024 links per node (IPIP-499).
 *
 * This module only names them; `io/unixfs-cid.ts` computes a CID under one.
 */
export const CID_PROFILES = ['v0', 'v1', 'unixfs-v1-2025'] as const;
export type CidProfile = (typeof CID_PROFILES)[number];
export const DEFAULT_CID_PROFILE: CidProfile = 'v1';

export function isCidProfile(text: string): text is CidProfile {
  return (CID_PROFILES as readonly string[]).includes(text);
}

/**
 * The profiles a pinned CID may have been made with, told by its version: a CIDv0 only comes
 * from `v0`, a CIDv1 from `v1` or `unixfs-v1-2025` (nothing in the CID tells those two apart).
 * Empty when the text is not a valid CID.
 */
export function profilesOfPinnedCid(cid: string): readonly CidProfile[] {
  const described = describeCid(cid);
  if (!described.valid) return [];
  return described.version === 0 ? ['v0'] : ['v1', 'unixfs-v1-2025'];
}

/**
 * The profiles whose CID a pin is compared with, in order: its own (`profilesOfPinnedCid`), then
 * `v0` for a dag-pb CIDv1, which may be the CIDv1 form of a `v0` upload (some storage answers
 * write it so). Empty when the text is not a valid CID.
 */
export function profilesToCompare(cid: string): readonly CidProfile[] {
  const own = profilesOfPinnedCid(cid);
  const described = describeCid(cid);
  return described.valid && described.version === 1 && described.codec === 'dag-pb' ? [...own, 'v0'] : own;
}
