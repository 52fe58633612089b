import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { run } from '../../cli/run.js';
import type { JsonFileResult } from '../../report/formats/json-types.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = path.join(ROOT, 'dist', 'manifest-lint.cjs');
export const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'cli');
export const NOW = '2026-11-23T09:00:00Z';

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall-clock milliseconds. */
  elapsed: number;
}

export interface RunOptions {
  cwd: string;
  /** Written to standard input (which is otherwise empty): text, or bytes as they are. */
  input?: string | Buffer;
  /** Added to (or, with `undefined`, removed from) a colour-free environment. */
  env?: Record<string, string | undefined>;
  timeout?: number;
  /**
   * Run the built binary in its own process (for what only a process shows: exit on a signal,
   * memory and time bounds, the command's own start-up). Otherwise
   * the CLI runs in this process through `run(argv, io)`, which is what every command runs.
   */
  binary?: boolean;
  /** In this process: standard output says it is a terminal (`isTTY`), as a terminal's stream does. */
  tty?: boolean;
}

/** Runs the CLI in `cwd`, with colour and hyperlink variables cleared unless given. */
export function runCli(args: string[], options: RunOptions): Promise<RunResult> {
  return options.binary ? runBinary(args, options) : runInProcess(args, options);
}

function environment(options: RunOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  delete env.FORCE_HYPERLINK;
  delete env.NODE_OPTIONS;
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

async function runInProcess(args: string[], options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const capture = () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    return { stream, text: () => chunks.join('') };
  };
  const stdout = capture();
  const stderr = capture();
  if (options.tty) Object.assign(stdout.stream, { isTTY: true });
  const code = await run(args, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    env: environment(options),
    cwd: options.cwd,
    stdin: Readable.from([Buffer.from(options.input ?? '')]),
  });
  return { code, signal: null, stdout: stdout.text(), stderr: stderr.text(), elapsed: Date.now() - started };
}

/** Runs the built CLI (or another built bin) with `node` in its own process. */
export function runBinary(args: string[], options: RunOptions, bin = BIN): Promise<RunResult> {
  const env = environment(options);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: options.timeout ?? 25_000,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        elapsed: Date.now() - started,
      }),
    );
    child.stdin.on('error', () => {
      // the CLI may exit before reading all of its input
    });
    child.stdin.end(options.input ?? '');
  });
}

export { workspace, writeFile } from '../workspace.js';

export function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

/** A one-line message on stderr: `manifest-lint: …`, no stack trace. */
export function expectOneLineError(result: RunResult, pattern: RegExp): void {
  const lines = result.stderr.split('\n').filter((line) => line !== '');
  if (result.code !== 2 || lines.length !== 1 || !pattern.test(lines[0] ?? '') || /\n\s+at /.test(result.stderr)) {
    throw new Error(`expected exit 2 and one line matching ${pattern}, got exit ${result.code} and stderr:\n${result.stderr}`);
  }
}

/** Neither output shows the key (a JWT), nor a recognisable run of it or of any of its parts. */
export function expectNoToken(result: RunResult, token: string): void {
  for (const part of [token, ...token.split('.')]) {
    expect(result.stdout).not.toContain(part.slice(4));
    expect(result.stderr).not.toContain(part.slice(4));
  }
}

/** What `--format json` prints, typed as the formatter declares it. */
export type JsonResult = JsonFileResult;

export function parseJson(result: RunResult): JsonResult[] {
  try {
    return JSON.parse(result.stdout) as JsonResult[];
  } catch {
    throw new Error(`not JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
}

export function ruleIds(results: JsonResult[]): string[] {
  return results.flatMap((result) => result.diagnostics.map((d) => d.ruleId));
}

/** 1-based line and UTF-16 column of the first occurrence of `needle` in `text`. */
export function positionOf(text: string, needle: string): { line: number; column: number } {
  const offset = text.indexOf(needle);
  if (offset === -1) throw new Error(`${needle} not in text`);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** Builds a token at run time, so no literal secret sits in the repository. */
export function slackToken(): string {
  return ['xox', 'b-', '2046813579', '-', '9182736450213', '-', 'QwErTyUiOpAsDfGhJkLzXcVb'].join('');
}

export function telegramToken(): string {
  return ['8312', '45679', ':', 'AA', 'Hk3vPqR7sT9uW2xY4zB6cD8eF0gJ1mN5o'].join('');
}

/** A made-up Discord bot token of the real shape (three base64url parts), assembled at run time. */
export function discordToken(): string {
  return ['MTA5', 'ODc2NTQzMjEwOTg3NjU0MzIx', '.', 'Gh7kLm', '.', 'xY3zQ9wE8rT7yU6iO5pA4sD3fG2hJ1kL0'].join('');
}
