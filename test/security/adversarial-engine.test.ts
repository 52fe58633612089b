/**
 * Inputs made to break the engine: nesting hidden behind comments and strings, truncated files
 * under --fix (that every prefix settles after one fix is checked with the prefixes, in
 * test/engine-prefixes.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../rules/index.js';
import { NOW, runCli, workspace } from '../cli/helpers.js';

const DEPTH = 100_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/** Deep nesting after text that a guard scanning differently from the parser would misread. */
const DISGUISES: Record<string, string> = {
  'a quote in a block comment': `/* " */ ${deepArray}`,
  // Each comment "closes" what came before it, so a guard reading comments never sees depth 256.
  'closing brackets in block comments': `${`${'['.repeat(250)}/*${']'.repeat(250)}*/`.repeat(400)}${']'.repeat(100_000)}`,
  'a quote in a line comment': `// "\n${deepObject}`,
  'brackets and escaped quotes in strings': `["[[[", "\\"]]]", "}}}", ${deepArray}]`,
  'closing brackets in a string before an object': `{"x": "${'}'.repeat(5000)}", "y": ${deepObject}}`,
};

describe('the nesting guard agrees with the parser on strings and comments', () => {
  for (const [name, text] of Object.entries(DISGUISES)) {
    it(`refuses deep nesting after ${name}`, () => {
      const { diagnostics } = lint(text);
      expect(diagnostics.map((d) => d.ruleId)).toEqual(['json-syntax']);
      expect(diagnostics[0]!.messageId).toBe('tooDeep');
    });
  }

  it('gives one clear finding through the command, with no stack overflow', async () => {
    const cwd = workspace();
    const files = Object.values(DISGUISES).map((text, index) => {
      fs.writeFileSync(path.join(cwd, `deep-${index}.json`), text);
      return `deep-${index}.json`;
    });
    // The built command, in a process of its own: a stack overflow would end it with a signal.
    // One run lints every file; --force, because an array at the root is no agent manifest.
    const result = await runCli(['--now', NOW, '--force', '--format', 'compact', ...files], { cwd, binary: true, timeout: 20_000 });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    for (const file of files) {
      const lines = result.stdout.split('\n').filter((line) => line.startsWith(`${file}:`));
      expect(lines, file).toHaveLength(1);
      expect(lines[0], file).toMatch(/json-syntax The document nests deeper than 256 levels/);
    }
    expect(result.stderr).toBe('');
  });
});

describe('fixes in a document with syntax errors', () => {
  it('--fix run twice on a truncated manifest gives the bytes of one run', async () => {
    const whole = fs.readFileSync(new URL('../../examples/needs-work/manifest.json', import.meta.url), 'utf8');
    const cwd = workspace({ 'manifest.json': whole.slice(0, whole.indexOf('"botToken"') + 30) });
    const file = path.join(cwd, 'manifest.json');
    await runCli(['--now', NOW, '--fix'], { cwd });
    const once = fs.readFileSync(file, 'utf8');
    await runCli(['--now', NOW, '--fix'], { cwd });
    expect(fs.readFileSync(file, 'utf8')).toBe(once);
  });
});
