import { describe, expect, it } from 'vitest';
import type { CID } from 'multiformats/cid';
import { cidOfContent } from '../../io/unixfs-cid.js';
import { chacha20Stream } from './generators.js';
import { testPublishedVectors } from './vectors.js';

// One file a profile, so that the profiles' vectors run side by side.
describe('published vectors reproduced under the v1 profile', () => testPublishedVectors('v1'));

/**
 * NOT a published vector: no CID was found for a file past 174 chunks made with CIDv1, raw
 * leaves, 256 KiB chunks and 174 links a node from an input that can be rebuilt (kubo's 100 MB
 * sharness file comes from Go's math/rand). The second level is checked against the first
 * instead: the root of 175 chunks must have, as its first child, the node of the first 174
 * chunks alone — which also shows that a node stops at 174 links.
 */
describe('v1 second tree level, cross-checked against its first level (not a published vector)', () => {
  const CHUNK = 262_144;
  // The input of the published v0 vector of the same shape (kubo's chacha20 stream "v0-seed").
  const seed = 'v0-seed';

  it('a 175-chunk file is a root over the 174-chunk file and a node for the last chunk', async () => {
    const firstLevel = await cidOfContent(chacha20Stream(seed, 174 * CHUNK), 'v1');
    const blocks: CID[] = [];
    const secondLevel = await cidOfContent(chacha20Stream(seed, 174 * CHUNK + 1), 'v1', { onBlock: (cid) => blocks.push(cid) });

    expect(firstLevel.toString()).toMatch(/^bafybei/);
    expect(secondLevel.equals(firstLevel)).toBe(false);
    // 175 raw leaves, the 174-chunk node, the node over the last leaf, and the root last.
    expect(blocks).toHaveLength(178);
    expect(blocks.filter((cid) => cid.code === 0x55)).toHaveLength(175);
    expect(blocks.filter((cid) => cid.equals(firstLevel))).toHaveLength(1);
    expect(blocks.at(-1)!.equals(secondLevel)).toBe(true);
  });
});
