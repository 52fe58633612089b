/**
 * Standard output written straight to its file descriptor (cli/standard-output.ts): what a pipe
 * or a file is given, what happens when a write cannot be made at once, and a reader that stops
 * reading. The built command is run where a real descriptor matters.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StandardOutput } from '../../cli/standard-output.js';
import { fixture, NOW, ROOT, workspace } from './helpers.js';

/** What stands for Node's stream: the writes it was given, in order. */
function recordingStream(): NodeJS.WriteStream & { received: string[] } {
  const received: string[] = [];
  return {
    received,
    isTTY: false,
    write(chunk: string | Uint8Array) {
      received.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      return true;
    },
    on() {
      return this;
    },
  } as unknown as NodeJS.WriteStream & { received: string[] };
}

const neverFails = (error: NodeJS.ErrnoException): never => {
  throw error;
};

describe('StandardOutput', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes to a file through its descriptor, without Node’s stream', () => {
    const file = path.join(workspace(), 'out.txt');
    const fd = fs.openSync(file, 'w');
    let streamMade = false;
    try {
      const output = new StandardOutput(fd as 1, () => ((streamMade = true), recordingStream()), neverFails);
      output.write('first line\n');
      output.write('second line ✓\n');
      expect(output.isTTY).toBe(false);
    } finally {
      fs.closeSync(fd);
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('first line\nsecond line ✓\n');
    expect(streamMade).toBe(false);
  });

  it('hands what a full non-blocking pipe would not take to Node’s stream, and every later write too, in order', () => {
    const file = path.join(workspace(), 'out.txt');
    const fd = fs.openSync(file, 'w');
    const stream = recordingStream();
    const realWrite = fs.writeSync;
    let calls = 0;
    // The first write takes 4 bytes, then the descriptor would block.
    vi.spyOn(fs, 'writeSync').mockImplementation(((descriptor: number, buffer: Uint8Array, offset?: number) => {
      calls++;
      if (calls === 1) return realWrite(descriptor, buffer, offset, 4);
      throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, write'), { code: 'EAGAIN' });
    }) as typeof fs.writeSync);
    try {
      const output = new StandardOutput(fd as 1, () => stream, neverFails);
      output.write('abcdefgh');
      output.write('ij');
    } finally {
      fs.closeSync(fd);
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('abcd');
    expect(stream.received).toEqual(['efgh', 'ij']);
  });

  it('gives any other failure to its handler', () => {
    const fd = fs.openSync(path.join(workspace(), 'out.txt'), 'w');
    vi.spyOn(fs, 'writeSync').mockImplementation(() => {
      throw Object.assign(new Error('EPIPE: broken pipe, write'), { code: 'EPIPE' });
    });
    const failures: string[] = [];
    try {
      const output = new StandardOutput(fd as 1, recordingStream, (error) => {
        failures.push(error.code ?? '');
        throw new Error('stopped');
      });
      expect(() => output.write('x')).toThrow('stopped');
    } finally {
      fs.closeSync(fd);
    }
    expect(failures).toEqual(['EPIPE']);
  });
});

describe('the built command writing to a pipe', () => {
  it('ends quietly when the reader stops reading (`manifest-lint | head -1`): no error, exit code 0, as a command whose output nobody wants', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`agents/a${i}/manifest.json`] = fixture('problems.json');
    const cwd = workspace(files);
    const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'manifest-lint.cjs'), '--now', NOW, '--format', 'compact', '.'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Read the first chunk, then close the pipe, as `head -1` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('writes a report to a file given as its standard output', async () => {
    const cwd = workspace({ 'manifest.json': fixture('problems.json') });
    const out = path.join(os.tmpdir(), `manifest-lint-out-${process.pid}.txt`);
    const fd = fs.openSync(out, 'w');
    try {
      const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'manifest-lint.cjs'), '--now', NOW, '--format', 'compact'], {
        cwd,
        stdio: ['ignore', fd, 'pipe'],
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
      expect(code).toBe(1);
      expect(fs.readFileSync(out, 'utf8')).toMatch(/^manifest\.json:\d+:\d+: /);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(out, { force: true });
    }
  });
});
