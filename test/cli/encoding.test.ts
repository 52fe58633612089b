/**
 * Invalid UTF-8: reported as `encoding-invalid` at the first bad byte, in every way the tools
 * read a file, and never rewritten by --fix (which would replace the bad bytes).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../rules/index.js';
import { NOW, parseJson, runCli, workspace } from './helpers.js';

const STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const manifest = (name: Buffer) => Buffer.concat([Buffer.from('{\n  "version": 1,\n  "agent": { "name": "'), name, Buffer.from('" }\n}\n')]);

describe('decodeUtf8', () => {
  const CASES: [string, number[], number][] = [
    ['a Latin-1 é', [0x43, 0x61, 0x66, 0xe9], 3],
    ['a lone continuation byte', [0x61, 0x80, 0x62], 1],
    ['an overlong NUL', [0x61, 0xc0, 0x80], 1],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf], 0],
    ['a surrogate', [0x61, 0x62, 0xed, 0xa0, 0x80], 2],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['a byte that is never UTF-8', [0x61, 0xff], 1],
    ['a character cut short at the end', [0x61, 0xe2, 0x82], 1],
  ];
  for (const [name, bytes, byteOffset] of CASES) {
    it(`finds ${name} at byte ${byteOffset}`, () => {
      const { text, invalid } = decodeUtf8(Uint8Array.from(bytes));
      expect(invalid?.byteOffset).toBe(byteOffset);
      expect(invalid?.byte).toBe(bytes[byteOffset]);
      expect(text[invalid!.offset]).toBe('\uFFFD');
    });
  }

  it('keeps a byte order mark and accepts every valid text as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const bytes = Buffer.from(`\uFEFF${text}`, 'utf8');
        expect(decodeUtf8(bytes)).toEqual({ text: `\uFEFF${text}` });
      }),
    );
  });

  it('on any bytes: valid before the reported byte, U+FFFD in its place, and no report for valid input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const { text, invalid } = decodeUtf8(bytes);
        let valid = true;
        try {
          STRICT.decode(bytes);
        } catch {
          valid = false;
        }
        expect(invalid === undefined).toBe(valid);
        if (!invalid) return;
        expect(() => STRICT.decode(bytes.subarray(0, invalid.byteOffset))).not.toThrow();
        expect(text[invalid.offset]).toBe('\uFFFD');
        expect(STRICT.decode(bytes.subarray(0, invalid.byteOffset))).toBe(text.slice(0, invalid.offset));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('the CLI', () => {
  const latin1 = manifest(Buffer.from([0x43, 0x61, 0x66, 0xe9]));

  it('reports a Latin-1 file at its first bad byte', async () => {
    const cwd = workspace();
    fs.writeFileSync(path.join(cwd, 'manifest.json'), latin1);
    const result = await runCli(['--now', NOW, '--format', 'json'], { cwd });
    expect(result.code).toBe(1);
    const [finding] = parseJson(result)[0]!.diagnostics;
    expect(finding).toMatchObject({ ruleId: 'encoding-invalid', line: 3, column: 26, endLine: 3, endColumn: 27 });
    expect(finding!.message).toContain(`the byte 0xE9 at byte offset ${latin1.indexOf(0xe9)}`);
  });

  it('reads standard input the same way, and refuses to --fix it', async () => {
    const cwd = workspace();
    const result = await runCli(['--now', NOW, '--format', 'compact', '--stdin'], { cwd, input: latin1 });
    expect(result.stdout).toMatch(/^<stdin>:3:26: error encoding-invalid /m);
    const fixing = await runCli(['--now', NOW, '--fix', '--stdin'], { cwd, input: latin1 });
    expect(fixing.code).toBe(2);
    expect(fixing.stdout).toBe('');
    expect(fixing.stderr).toMatch(
      new RegExp(`^manifest-lint: standard input is not valid UTF-8 \\(byte 0xE9 at byte offset ${latin1.indexOf(0xe9)}\\); --fix would change it`),
    );
  });

  it('leaves the bytes of an invalid file alone with --fix, saying so', async () => {
    // A fixable problem besides the bad byte: a trailing comma.
    const bytes = Buffer.concat([manifest(Buffer.from([0xe9])).subarray(0, -3), Buffer.from(',\n}\n')]);
    const cwd = workspace();
    const file = path.join(cwd, 'manifest.json');
    fs.writeFileSync(file, bytes);
    const result = await runCli(['--now', NOW, '--fix'], { cwd });
    expect(fs.readFileSync(file)).toEqual(bytes);
    expect(result.stderr).toContain('manifest-lint: skipped manifest.json: not valid UTF-8, not fixed');
    expect(result.code).toBe(1);
  });

  it('reports it in template checks too', async () => {
    const repo = workspace({ 'README.md': '# Notes\n', 'workspace/AGENTS.md': 'Notes.\n' });
    fs.writeFileSync(path.join(repo, 'manifest.json'), latin1);
    const result = await runCli(['template', '.', '--format', 'api', '--now', NOW], { cwd: repo });
    expect((JSON.parse(result.stdout) as { errors: string[] }).errors.join('\n')).toMatch(/^manifest\.json:3:26 encoding-invalid /m);
  });
});
