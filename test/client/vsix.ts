import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The extension folder the test run's build wrote (see build/extension.mjs). */
export const EXTENSION_DIR = path.join(ROOT, 'dist', 'extension');
const PREFIX = 'agent-manifest-vsix-';

/**
 * The `.vsix` packed from the extension folder this test run built, made once however many test
 * files (each in its own process) ask for it: the first to create the folder named after the build
 * packs it, the others wait for the file. It is written outside `dist/` so that a build started
 * meanwhile cannot delete it, and only the packaging step runs (`build/package-extension.mjs`), never
 * the build, which would empty `dist/` under the other test files.
 */
export async function packagedVsix(): Promise<string> {
  const dir = packageFolder();
  const vsix = path.join(dir, 'agent-manifest.vsix');
  const failure = path.join(dir, 'failure.txt');
  try {
    fs.mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return waitForPackage(vsix, failure);
  }
  removeStalePackages(dir);
  try {
    execFileSync(process.execPath, ['build/package-extension.mjs', '--out', `${vsix}.partial.vsix`], { cwd: ROOT, stdio: 'pipe' });
    fs.renameSync(`${vsix}.partial.vsix`, vsix);
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    fs.writeFileSync(failure, `${String(error)}\n${stderr}`);
    throw error;
  }
  return vsix;
}

/** The folder the `.vsix` of this build is packed into (the test run's teardown removes it). */
export function packageFolder(): string {
  const stamp = fs.statSync(path.join(EXTENSION_DIR, 'package.json'));
  const key = createHash('sha256').update(`${ROOT}\0${stamp.ino}\0${stamp.mtimeMs}`).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `${PREFIX}${key}`);
}

async function waitForPackage(vsix: string, failure: string): Promise<string> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(vsix)) return vsix;
    if (fs.existsSync(failure)) throw new Error(`packaging failed in another test file:\n${fs.readFileSync(failure, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${vsix}`);
}

/** Packages of earlier test runs (older than an hour). */
function removeStalePackages(keep: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), name);
    if (!name.startsWith(PREFIX) || dir === keep) continue;
    try {
      if (fs.statSync(dir).mtimeMs < hourAgo) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run's folder, removed meanwhile.
    }
  }
}

/**
 * The files of a zip archive (a `.vsix` is one) by name: read from its central directory and
 * inflated with zlib, so the tests need no `unzip`. Stored and deflated entries only, no ZIP64:
 * what vsce writes.
 */
export function readZip(archive: Buffer): Map<string, Buffer> {
  let end = archive.length - 22;
  while (end >= 0 && archive.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry at ${at}`);
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localHeader = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (archive.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = localHeader + 30 + archive.readUInt16LE(localHeader + 26) + archive.readUInt16LE(localHeader + 28);
    const data = archive.subarray(start, start + compressedSize);
    let content: Buffer;
    if (method === 0) content = Buffer.from(data);
    else if (method === 8) content = inflateRawSync(data);
    else throw new Error(`${name}: compression method ${method} is not supported`);
    if (content.length !== size) throw new Error(`${name}: expected ${size} bytes, got ${content.length}`);
    files.set(name, content);
  }
  return files;
}

/** Writes the archive's files under a new temporary folder (outside the repository, so no `node_modules` above it). */
export function extractZip(files: Map<string, Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-manifest-extracted-'));
  for (const [name, content] of files) {
    const target = path.resolve(dir, name);
    if (!target.startsWith(dir + path.sep)) throw new Error(`${name} points outside the archive`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
  return dir;
}
