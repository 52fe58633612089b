/**
 * What the skill commands (`manifest-lint cid`, `manifest-lint skill upload`) load on demand,
 * as one module (`io/lazy/unixfs.ts`): the offline CID with the files it reads, and the upload.
 * One module, so that the errors they throw are of one class wherever they are caught.
 */
export * from './unixfs-cid.js';
export * from './storage-upload.js';
