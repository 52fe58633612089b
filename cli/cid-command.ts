import path from 'node:path';
import { SecretMask } from '../rules/index.js';
import { CliError } from './errors.js';
import type { Io } from './io.js';
import { load as loadSkillStorage } from '../io/lazy/unixfs.js';
import { progressOf } from './progress.js';
import type { CidOptions } from './skill-args.js';

/**
 * `manifest-lint cid <file|folder>`: the CID an upload of it gets under a profile, computed
 * offline (SPEC section 15). Prints the CID alone, or `{"cid","profile"}` with `--format json`.
 */
export async function cidCommand(options: CidOptions, io: Io): Promise<number> {
  const storage = loadSkillStorage();
  // Nothing secret is expected here, but every output goes through the one masking function.
  const mask = new SecretMask();
  let cid: string;
  try {
    const source = await storage.readUploadSource(path.resolve(io.cwd, options.path), options.path);
    const progress = progressOf(io, mask, 'hashed', source.size);
    try {
      cid = await storage.cidOfSource(source, options.profile, { onBytes: (done) => progress.update(done) });
    } finally {
      // A failure's line must not follow the progress line on a terminal.
      progress.finish();
    }
  } catch (error) {
    // The line run() prints for it is masked there.
    if (error instanceof storage.UploadSourceError) throw new CliError(error.message);
    throw error;
  }
  const output = options.format === 'json' ? JSON.stringify({ cid, profile: options.profile }) : cid;
  io.stdout.write(`${mask.mask(output)}\n`);
  return 0;
}
