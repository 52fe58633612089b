/**
 * Published CIDs (test/fixtures/unixfs-vectors/vectors.json, provenance in its README) and the
 * inputs they were made from, rebuilt here: the expected CIDs are never computed by this project.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CID } from 'multiformats/cid';
import { cidOfContent, cidOfFiles, cidOfPath } from '../../io/unixfs-cid.js';
import type { CidProfile } from '../../rules/index.js';
import { workspace } from '../workspace.js';
import { chacha20Stream, chacha8randStream, kuboDeterministicNames, zeroStream } from './generators.js';

const FIXTURES = new URL('../fixtures/unixfs-vectors/', import.meta.url).pathname;

type ContentInput =
  | { kind: 'text'; text: string }
  | { kind: 'chacha20'; seed: string; size: number }
  | { kind: 'chacha8rand'; seed: string; skip: number; size: number }
  | { kind: 'zeros'; size: number };

type VectorInput =
  | ContentInput
  | { kind: 'folder'; folder: string }
  | { kind: 'empty-folder' }
  | { kind: 'folder-of-one'; name: string; content: ContentInput }
  | { kind: 'kubo-names'; count: number; nameLength: number; lastNameLength: number; seed: string }
  | { kind: 'numbered-names'; count: number; template: string };

interface Vector {
  profile: CidProfile;
  case: string;
  cid: string;
  input: VectorInput;
  /** A published CID of a node inside this vector's DAG. */
  inner?: { case: string; cid: string };
  sources: string[];
}

const published = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'vectors.json'), 'utf8')) as {
  sources: Record<string, { repository: string; file: string }>;
  vectors: Vector[];
};

/** The folders the folder vectors were made from, as files. */
export const VECTOR_FOLDERS = path.join(FIXTURES, 'folders');

/** The CID published for a folder of `VECTOR_FOLDERS` under `profile`. */
export function publishedFolderCid(profile: CidProfile, folder: string): string {
  const vector = published.vectors.find((item) => item.profile === profile && item.input.kind === 'folder' && item.input.folder === folder);
  if (!vector) throw new Error(`vectors.json has no ${profile} vector of the folder ${folder}`);
  return vector.cid;
}

function content(input: ContentInput): Uint8Array | AsyncIterable<Uint8Array> {
  switch (input.kind) {
    case 'text':
      return new TextEncoder().encode(input.text);
    case 'chacha20':
      return chacha20Stream(input.seed, input.size);
    case 'chacha8rand':
      return chacha8randStream(input.seed, input.skip, input.size);
    case 'zeros':
      return zeroStream(input.size);
  }
}

/** The CID as `manifest-lint cid` prints it, and the CIDs of the blocks made on the way. */
async function cidOf(input: VectorInput, profile: CidProfile): Promise<{ printed: string; blocks: Set<string> }> {
  const blocks = new Set<string>();
  const onBlock = (cid: CID) => blocks.add(cid.toString());
  const x = new TextEncoder().encode('x');
  switch (input.kind) {
    case 'folder':
      return { printed: await cidOfPath(path.join(FIXTURES, 'folders', input.folder), profile), blocks };
    case 'empty-folder':
      return { printed: await cidOfPath(workspace({}, { git: false }), profile), blocks };
    case 'folder-of-one':
      return { printed: (await cidOfFiles([{ path: input.name, content: content(input.content) }], profile)).toString(), blocks };
    case 'kubo-names': {
      const names = await kuboDeterministicNames(input.count, input.nameLength, input.lastNameLength, input.seed);
      return {
        printed: (
          await cidOfFiles(
            names.map((name) => ({ path: name, content: x })),
            profile,
          )
        ).toString(),
        blocks,
      };
    }
    case 'numbered-names': {
      const names = Array.from({ length: input.count }, (_, i) => input.template.replace('{i}', String(i)));
      return {
        printed: (
          await cidOfFiles(
            names.map((name) => ({ path: name, content: new TextEncoder().encode(name) })),
            profile,
          )
        ).toString(),
        blocks,
      };
    }
    default:
      return { printed: (await cidOfContent(content(input), profile, { onBlock })).toString(), blocks };
  }
}

/** One test a published vector of `profile`, named with its case, its CID and its sources. */
export function testPublishedVectors(profile: CidProfile): void {
  const vectors = published.vectors.filter((vector) => vector.profile === profile);
  expect(vectors.length).toBeGreaterThan(0);
  for (const vector of vectors) {
    const sources = vector.sources.map((name) => `${published.sources[name]!.repository} ${published.sources[name]!.file}`).join('; ');
    it(`${vector.case}: ${vector.cid} (${sources})`, async () => {
      const { printed, blocks } = await cidOf(vector.input, profile);
      // The same content, compared as CIDs, and written the way the profile writes it.
      expect(CID.parse(printed).equals(CID.parse(vector.cid))).toBe(true);
      expect(printed).toBe(vector.cid);
      expect(printed.startsWith(profile === 'v0' ? 'Qm' : 'baf')).toBe(true);
      if (vector.inner) expect(blocks.has(vector.inner.cid), `${vector.inner.case}: ${vector.inner.cid}`).toBe(true);
    });
  }
}
