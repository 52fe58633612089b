/**
 * What the skill commands (`manifest-lint cid`) load on demand, as one module
 * (`cli/lazy/unixfs.ts`): the offline CID with the files it reads.
 */
export * from './unixfs-cid.js';
