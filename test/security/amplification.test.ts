/**
 * Inputs that multiply findings: a million bad items must give a bounded list (a hundred per rule
 * and one closing "and N more"), in bounded time and memory, in every output format.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint, MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RULE } from '../../rules/index.js';
import { NOW, runCli, workspace } from '../cli/helpers.js';

const MILLION = 1_000_000;
const PRELOAD = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'report-usage.cjs');

const head = '"version": 1, "agent": { "name": "Amplifier" }';
const items = (count: number, item: (index: number) => string) => Array.from({ length: count }, (_, i) => item(i)).join(',');

/** Each a million bad entries (under the 4 MiB read limit), with the format it is printed in. */
const CASES: { name: string; format: string; text: () => string; rule: string }[] = [
  { name: 'numbers where skills go', format: 'stylish', rule: 'type-mismatch', text: () => `{${head}, "skills": [${items(MILLION, () => '1')}]}` },
  { name: 'strings where skills go', format: 'json', rule: 'type-mismatch', text: () => `{${head}, "skills": [${items(MILLION, () => '"x"')}]}` },
  { name: 'empty tasks', format: 'sarif', rule: 'missing-property', text: () => `{${head}, "tasks": [${items(MILLION, () => '{}')}]}` },
  { name: 'bare words (syntax errors)', format: 'github', rule: 'json-syntax', text: () => `{${head}, "skills": [${items(MILLION, () => 'x')}]}` },
  { name: '300,000 unknown keys', format: 'compact', rule: 'unknown-property', text: () => `{${head}, ${items(300_000, (i) => `"k${i}":1`)}}` },
];

describe('a million bad items', () => {
  for (const { name, format, text, rule } of CASES) {
    it(`${name}: --format ${format} lists a bounded number of findings in under 500 MB`, async () => {
      const cwd = workspace({ 'manifest.json': text() });
      const usageFile = path.join(cwd, 'usage.json');
      const result = await runCli(['--now', NOW, '--format', format, 'manifest.json'], {
        cwd,
        binary: true,
        timeout: 20_000,
        env: { NODE_OPTIONS: `--require ${PRELOAD}`, USAGE_FILE: usageFile },
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      const usage = JSON.parse(fs.readFileSync(usageFile, 'utf8')) as { maxRssKiB: number };
      expect(usage.maxRssKiB / 1024).toBeLessThan(500);
      // The list stops at the cap with one closing finding of the rule that filled it.
      expect(result.stdout.length).toBeLessThan(200_000);
      expect(result.stdout).toContain(rule);
      expect(result.stdout).toMatch(/more [a-z-]+ findings in this file from here on, not listed/);
    }, 30_000);
  }
});

describe('the finding cap', () => {
  const skills = (count: number) => `{${head}, "skills": [${items(count, () => '1')}]}`;

  it(`lists ${MAX_FINDINGS_PER_RULE} findings of a rule and counts the rest exactly in one closing finding`, () => {
    const { diagnostics } = lint(skills(250));
    const typeMismatches = diagnostics.filter((d) => d.ruleId === 'type-mismatch');
    expect(typeMismatches).toHaveLength(MAX_FINDINGS_PER_RULE + 1);
    const closing = typeMismatches.at(-1)!;
    expect(closing.message).toMatch(/^…and 150 more type-mismatch findings in this file from here on, not listed/);
    // It sits at the first finding left out, with the rule's severity and docs.
    expect(closing.path).toEqual(['skills', MAX_FINDINGS_PER_RULE]);
    expect(closing.severity).toBe('error');
    expect(closing.docsUrl).toMatch(/type-mismatch/);
    expect(closing.fixes).toBeUndefined();
  });

  it('counts the findings a rule reports by place alone past the cap, closing at the first left out', () => {
    // json-syntax describes a hundred broken items and reports the rest without a message.
    const text = `{${head}, "skills": [${items(250, () => 'x')}]}`;
    const syntax = lint(text).diagnostics.filter((d) => d.ruleId === 'json-syntax');
    expect(syntax).toHaveLength(MAX_FINDINGS_PER_RULE + 1);
    expect(syntax.slice(0, -1).every((d) => d.message.length > 0)).toBe(true);
    // One finding per bare word.
    const places = [...text.matchAll(/\bx\b/g)].map((match) => match.index);
    expect(places).toHaveLength(250);
    const closing = syntax.at(-1)!;
    expect(closing.message).toMatch(
      new RegExp(`^…and ${places.length - MAX_FINDINGS_PER_RULE} more json-syntax findings in this file from here on, not listed`),
    );
    expect(closing.range.start).toEqual({ line: 0, character: places[MAX_FINDINGS_PER_RULE] });
  });

  it('does not close a rule that stayed within the cap', () => {
    const { diagnostics } = lint(skills(MAX_FINDINGS_PER_RULE));
    expect(diagnostics.filter((d) => d.ruleId === 'type-mismatch')).toHaveLength(MAX_FINDINGS_PER_RULE);
    expect(diagnostics.some((d) => /more type-mismatch/.test(d.message))).toBe(false);
  });

  it(`lists at most ${MAX_FINDINGS_PER_FILE} findings per file, closing each rule cut short`, () => {
    // Every item breaks several rules at once: a bad name, an unknown key, a wrong type.
    const tasks = items(2000, (i) => `{"name": "t ${i}", "nme": 1, "schedule": 5}`);
    const { diagnostics } = lint(`{${head}, "tasks": [${tasks}]}`);
    const closing = diagnostics.filter((d) => /^…and .* more /.test(d.message));
    expect(closing.length).toBeGreaterThan(0);
    expect(diagnostics.length - closing.length).toBeLessThanOrEqual(MAX_FINDINGS_PER_FILE);
    for (const d of closing) expect(d.message).toContain(` more ${d.ruleId} finding`);
  });

  it('says "at least" when entries past the schema check\'s bound went uncounted', () => {
    const { diagnostics } = lint(skills(20_000));
    const closing = diagnostics.find((d) => d.ruleId === 'type-mismatch' && d.message.startsWith('…'));
    expect(closing?.message).toMatch(/^…and at least 9,900 more type-mismatch findings/);
  });
});

describe('rules that compare items with each other', () => {
  // Each of these once compared every item with every other (50 s for the 20,000 channels).
  const token = (i: number) => `123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw${i}`;
  const SHAPES: { name: string; rule: string; text: string }[] = [
    {
      name: 'channels with a token in clear text',
      rule: 'channel-token-literal',
      text: `{${head}, "channels": {${items(20_000, (i) => `"c${i}": {"botToken": "${token(i)}"}`)}}}`,
    },
    {
      name: 'one slug attached under many names',
      rule: 'skill-duplicate-source',
      text: `{${head}, "skills": [${items(20_000, (i) => `{"name": "s${i}", "clawhub_slug": "a/b"}`)}]}`,
    },
    { name: 'comments on one long line', rule: 'json-syntax', text: `{${head}, "x": [${items(20_000, () => '/*c*/ 1 /*d*/')}]}` },
  ];
  for (const { name, rule, text } of SHAPES) {
    it(`${name}: 20,000 items lint to a bounded list of findings`, () => {
      const { diagnostics } = lint(text);
      expect(diagnostics.filter((d) => d.ruleId === rule)).toHaveLength(MAX_FINDINGS_PER_RULE + 1);
    });
  }
});
