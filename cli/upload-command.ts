import fs from 'node:fs';
import path from 'node:path';
import { describeCid, MANIFEST_FILE, type SecretMask } from '../rules/index.js';
import { envNumber, MAX_TIMEOUT_SECONDS } from './env-number.js';
import { CliError } from './errors.js';
import { answerDetail, checkedEndpoint, tokenFrom, TOKEN_VARIABLE, withTokenMasked } from './platform-access.js';
import { fileErrorReason } from '../io/paths.js';
import type { Io } from './io.js';
import { load as loadSkillStorage } from '../io/lazy/unixfs.js';
import { formatBytes, progressOf, type Progress } from './progress.js';
import type { UploadOptions } from './skill-args.js';
import { pinProblem, pinSkillCid } from './skill-pin.js';
import { writeFileAtomic } from './write-atomic.js';

/** Seconds an upload may go without a byte sent or received before it is given up. */
const STALL_TIMEOUT_VARIABLE = 'MANIFEST_LINT_UPLOAD_STALL_TIMEOUT';
const DEFAULT_STALL_TIMEOUT_S = 60;

/** Exit code when the upload went through but its CID is not the folder's. */
const MISMATCH_EXIT_CODE = 1;

/**
 * `manifest-lint skill upload <folder>`: computes the folder's CID offline, uploads the folder
 * (`POST {upload_url}/v3/files`), checks that the storage API's CID is the same, prints it, and
 * with `--pin <name>` writes it into that skill's entry of `./manifest.json`. The token never
 * appears in any output: every line, messages included, goes through a mask that knows it.
 */
export async function uploadCommand(options: UploadOptions, io: Io): Promise<number> {
  const token = tokenFrom(io.env, 'skill upload', 'the storage API');
  return withTokenMasked(token, (mask) => upload(options, token, mask, io));
}

async function upload(options: UploadOptions, token: string, mask: SecretMask, io: Io): Promise<number> {
  const storage = loadSkillStorage();
  const endpoint = checkedEndpoint(options.uploadUrl, '--upload-url', storage.uploadEndpoint);
  const manifest = options.pin === undefined ? undefined : pinTarget(options.pin, io.cwd);
  const unchanged = manifest ? ` (${MANIFEST_FILE} is unchanged)` : '';
  // Every setting is checked before any work.
  const stallTimeoutMs = envNumber(io.env, STALL_TIMEOUT_VARIABLE, DEFAULT_STALL_TIMEOUT_S, MAX_TIMEOUT_SECONDS) * 1000;

  let size = 0;
  let offline: string;
  let stored: { cid: string };
  let progress: Progress | undefined;
  try {
    const source = await storage.readUploadSource(path.resolve(io.cwd, options.folder), options.folder);
    size = source.size;
    if (source.kind !== 'folder') {
      throw new CliError(`${options.folder} is a file: skill upload sends a skill's folder (manifest-lint cid gives a file's CID)`);
    }
    if (source.files.length === 0) throw new CliError(`${options.folder} holds no files, so there is nothing to upload`);
    const hashing = (progress = progressOf(io, mask, 'hashed', source.size));
    offline = await storage.cidOfSource(source, options.profile, { onBytes: (done) => hashing.update(done) });
    hashing.finish();
    const sending = (progress = progressOf(io, mask, 'sent', source.size));
    stored = await storage.uploadSource({
      uploadUrl: options.uploadUrl,
      token,
      fields: { network: options.network, cid_version: options.profile, name: source.name },
      source,
      onBytesSent: (done) => sending.update(done),
      stallTimeoutMs,
    });
  } catch (error) {
    if (error instanceof storage.UploadSourceError) throw new CliError(`${error.message}${unchanged}`);
    if (error instanceof storage.HttpStatusError) throw new CliError(`${httpProblem(error.status, error.detail, size, mask)}${unchanged}`);
    if (error instanceof storage.HttpNetworkError) throw new CliError(`cannot reach ${endpoint.origin}: ${error.reason}${unchanged}`);
    if (error instanceof storage.HttpAnswerError) {
      throw new CliError(`the storage API's answer was not understood (${error.message}); the upload may have been stored${unchanged}`);
    }
    throw error;
  } finally {
    // A failure's line must not follow a progress line on a terminal.
    progress?.finish();
  }

  const returned = describeCid(stored.cid);
  if (!returned.valid) throw new CliError(`the storage API answered with \`data.cid\` ${stored.cid}, which is not a CID (${returned.problem})${unchanged}`);
  // The same content counts, whichever way the CID is written; the manifest gets the profile's form.
  const computed = describeCid(offline);
  if (!computed.valid || returned.canonical !== computed.canonical) {
    io.stderr.write(
      mask.mask(
        `manifest-lint: the storage API returned ${stored.cid}, but the folder's CID under ${options.profile} is ${offline}: ` +
          `the upload does not hold the folder as it is now (did a file change meanwhile?)${unchanged}\n`,
      ),
    );
    return MISMATCH_EXIT_CODE;
  }
  io.stdout.write(`${mask.mask(stored.cid)}\n`);
  if (manifest) {
    pin(manifest, options.pin!, offline);
    const form = stored.cid === offline ? '' : ` (the form ${options.profile} writes ${stored.cid} in)`;
    io.stderr.write(mask.mask(`manifest-lint: pinned the skill \`${options.pin}\` to ${offline}${form} in ${MANIFEST_FILE}\n`));
  }
  return 0;
}

/** `./manifest.json`, checked before anything is uploaded. */
function pinTarget(skillName: string, cwd: string): string {
  const file = path.join(cwd, MANIFEST_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`--pin writes into ./${MANIFEST_FILE}, and it cannot be read: ${fileErrorReason(error)}`);
  }
  const problem = pinProblem(text, skillName);
  if (problem) throw new CliError(`cannot pin to ${MANIFEST_FILE}: ${problem}`);
  return file;
}

/** Writes the CID into the manifest as it is now, atomically, unless it changed as it was written. */
function pin(file: string, skillName: string, cid: string): void {
  const advice = `set "cid": "${cid}" in the skill \`${skillName}\` yourself`;
  let current: string;
  try {
    current = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`uploaded, but ${MANIFEST_FILE} cannot be read now (${fileErrorReason(error)}); ${advice}`);
  }
  const pinned = pinSkillCid(current, skillName, cid);
  if ('problem' in pinned) throw new CliError(`uploaded, but ${MANIFEST_FILE} changed meanwhile and ${pinned.problem}; ${advice}`);
  const skipped = writeFileAtomic(file, pinned.text, MANIFEST_FILE, current);
  if (skipped === 'read-only') throw new CliError(`uploaded, but ${MANIFEST_FILE} is read-only; ${advice}`);
  if (skipped === 'changed') throw new CliError(`uploaded, but ${MANIFEST_FILE} changed while it was written; ${advice}`);
}

/** What an error status means for the user, in one line. */
function httpProblem(status: number, detail: string, size: number, mask: SecretMask): string {
  switch (status) {
    case 401:
      return `the storage API refused the token (HTTP 401): ${TOKEN_VARIABLE} is not a valid key, or it was revoked`;
    case 403:
      return `the token may not upload files (HTTP 403): its key needs the scope org:files:write`;
    case 413:
      return `the storage API refused the upload as too large (HTTP 413, ${formatBytes(size)} of files)`;
    default: {
      const said = answerDetail(detail, mask);
      if (status >= 500) return `the storage API failed (HTTP ${status}${said ? `: ${said}` : ''}); try again later`;
      return `the storage API refused the upload (HTTP ${status}${said ? `: ${said}` : ''})`;
    }
  }
}
