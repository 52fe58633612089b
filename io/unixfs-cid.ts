/**
 * The CID an upload of a file or folder gets, computed offline: the same UnixFS DAG the storage
 * API builds, under one of its profiles (`rules/analyzers/cid-profiles.ts`), built with
 * `ipfs-unixfs-importer` into a blockstore that keeps nothing — only the root's CID is wanted.
 *
 * The files are those an upload sends (`upload-source.ts`), each streamed in chunks of the
 * profile's size; the CID of a folder is the folder's own directory node, whatever its name.
 *
 * Large enough to load on demand: the CLI and the server reach it through `io/lazy/unixfs.ts`.
 */
import { importer, type ImportCandidate, type ImporterOptions } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';
import type { CID } from 'multiformats/cid';
import type { CidProfile } from '../rules/index.js';
import { readFilePieces, readUploadSource, type UploadSource } from './upload-source.js';

const KIB = 1024;
/** HAMT sharding starts above 256 KiB of directory entries in every profile. */
const SHARD_THRESHOLD_BYTES = 256 * KIB;

interface ProfileParameters {
  cidVersion: 0 | 1;
  rawLeaves: boolean;
  chunkSize: number;
  maxChildrenPerNode: number;
  /** How a directory's size is measured against the threshold: its links' name and CID bytes, or its whole block. */
  shardSplitStrategy: 'links-bytes' | 'block-bytes';
}

/** What each profile fixes (SPEC section 15; IPIP-499 for `v0` and `unixfs-v1-2025`). */
const PROFILE_PARAMETERS: Readonly<Record<CidProfile, ProfileParameters>> = {
  v0: { cidVersion: 0, rawLeaves: false, chunkSize: 256 * KIB, maxChildrenPerNode: 174, shardSplitStrategy: 'links-bytes' },
  v1: { cidVersion: 1, rawLeaves: true, chunkSize: 256 * KIB, maxChildrenPerNode: 174, shardSplitStrategy: 'links-bytes' },
  'unixfs-v1-2025': { cidVersion: 1, rawLeaves: true, chunkSize: 1024 * KIB, maxChildrenPerNode: 1024, shardSplitStrategy: 'block-bytes' },
};

/**
 * Files hashed at the same time: while one waits for a read, another is hashed (on 100 MiB of
 * skill files, four at a time is a fifth faster than one). Each holds at most `BLOCKS_IN_FLIGHT`
 * chunks being hashed; under `v0` the importer also keeps a file's dag-pb leaves until their
 * parent node is made, at most 174 chunks (43.5 MiB) a file.
 */
const FILES_IN_FLIGHT = 4;
/** Chunks of one file being hashed at the same time. */
const BLOCKS_IN_FLIGHT = 4;
/** Files are read in pieces of 1 MiB, a multiple of every profile's chunk size: fewer reads. */
const READ_PIECE_SIZE = 1024 * KIB;

function importerOptions(profile: CidProfile): ImporterOptions {
  const parameters = PROFILE_PARAMETERS[profile];
  return {
    cidVersion: parameters.cidVersion,
    rawLeaves: parameters.rawLeaves,
    chunker: fixedSize({ chunkSize: parameters.chunkSize }),
    layout: balanced({ maxChildrenPerNode: parameters.maxChildrenPerNode }),
    shardSplitStrategy: parameters.shardSplitStrategy,
    shardSplitThresholdBytes: SHARD_THRESHOLD_BYTES,
    fileImportConcurrency: FILES_IN_FLIGHT,
    blockWriteConcurrency: BLOCKS_IN_FLIGHT,
  };
}

export interface HashOptions {
  /** Called as bytes are read, with the count so far. */
  onBytes?: (bytesRead: number) => void;
  /** Called with the CID of each block as it is made (leaves, inner nodes, the root last). */
  onBlock?: (cid: CID) => void;
}

/** Only the CIDs are wanted: each block is dropped as soon as it is made. */
function discardingBlockstore(onBlock?: (cid: CID) => void) {
  return {
    put(cid: CID): CID {
      onBlock?.(cid);
      return cid;
    },
  };
}

/** The CID an upload of `source` gets under `profile`, as the profile writes it (`Qm…` for `v0`). */
export async function cidOfSource(source: UploadSource, profile: CidProfile, options: HashOptions = {}): Promise<string> {
  let bytesRead = 0;
  const count = (bytes: number): void => {
    bytesRead += bytes;
    options.onBytes?.(bytesRead);
  };
  // Pieces of a multiple of the chunk size go through the chunker without being copied.
  const contentOf = (file: UploadSource['files'][number]) => readFilePieces(file, READ_PIECE_SIZE, count);
  if (source.kind === 'file') return (await cidOfContent(contentOf(source.files[0]!), profile, options)).toString();
  return (
    await cidOfFiles(
      source.files.map((file) => ({ path: file.path, content: contentOf(file) })),
      profile,
      options,
    )
  ).toString();
}

/**
 * The CID of a file or folder on disk under `profile`, as the profile writes it: what an upload
 * of it gets. Throws `UploadSourceError` for a missing path, a symbolic link or a special file.
 */
export async function cidOfPath(target: string, profile: CidProfile, options: HashOptions & { shown?: string } = {}): Promise<string> {
  return cidOfSource(await readUploadSource(target, options.shown), profile, options);
}

/** The name the folder has in the importer's paths; any name gives the same CID for the folder's own node. */
const FOLDER = 'folder';

/**
 * The CID of a folder holding `files` (paths relative to it, contents as bytes or chunks):
 * what `cidOfSource` computes for a folder on disk, for contents that are not files.
 */
export async function cidOfFiles(
  files: Iterable<{ path: string; content: Uint8Array | AsyncIterable<Uint8Array> }>,
  profile: CidProfile,
  options: Pick<HashOptions, 'onBlock'> = {},
): Promise<CID> {
  // The folder itself comes first, so that a folder without files still has its (empty) node.
  const candidates: ImportCandidate[] = [{ path: FOLDER }];
  for (const file of files) candidates.push({ path: `${FOLDER}/${file.path}`, content: file.content });
  return cidOfCandidates(candidates, profile, options, FOLDER);
}

/** The CID of one file's content, not wrapped in a folder. */
export async function cidOfContent(
  content: Uint8Array | AsyncIterable<Uint8Array>,
  profile: CidProfile,
  options: Pick<HashOptions, 'onBlock'> = {},
): Promise<CID> {
  return cidOfCandidates([{ content }], profile, options);
}

/** Imports the candidates and returns the CID of the entry at `rootPath` (the only entry when undefined). */
async function cidOfCandidates(candidates: ImportCandidate[], profile: CidProfile, options: Pick<HashOptions, 'onBlock'>, rootPath?: string): Promise<CID> {
  let root: CID | undefined;
  for await (const entry of importer(candidates, discardingBlockstore(options.onBlock), importerOptions(profile))) {
    if (rootPath === undefined || entry.path === rootPath) root = entry.cid;
  }
  if (root === undefined) throw new Error('the importer gave no root');
  return root;
}

export { readUploadSource, UploadSourceError, type UploadFile, type UploadSource } from './upload-source.js';
