/**
 * `manifest-lint rule <id>`: the rule's page (docs/rules/<id>.md, generated from the rule's
 * metadata) drawn for a terminal, read from the command's own files whatever the working folder;
 * a wrong id exits 2 with what was meant. `--list-rules` points to it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsUrl, findRule, listRules } from '../../rules/index.js';
import { expectOneLineError, ROOT, runBinary, runCli, workspace } from './helpers.js';
import { snippet } from '../doc-snippets.js';

const page = (id: string) => fs.readFileSync(path.join(ROOT, 'docs', 'rules', `${id}.md`), 'utf8');

/** The lines of a page's fenced blocks, as written. */
function codeLines(markdown: string): string[] {
  const lines: string[] = [];
  let open: string | undefined;
  for (const line of markdown.split('\n')) {
    const fence = /^(\s*)```/.exec(line);
    if (fence) open = open === undefined ? fence[1] : undefined;
    else if (open !== undefined && line.trim() !== '') lines.push(line.slice(open.length));
  }
  return lines;
}

/** What a reader sees of a Markdown line once backquotes and bold marks are drawn. */
const plainWords = (text: string) => text.replace(/`|\*\*/g, '');

describe('manifest-lint rule <id>', () => {
  it('prints the page of the rule: title, what it finds, why, evidence, examples, how to turn it off', async () => {
    const rule = findRule('route-port-reserved')!;
    const result = await runCli(['rule', rule.id], { cwd: workspace() });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const out = result.stdout;
    expect(out.split('\n')[0]).toBe(rule.id);
    expect(out).toContain(rule.description);
    expect(out).toMatch(/^WHY IT MATTERS$/m);
    expect(out).toContain(rule.rationale);
    expect(out).toContain(`Evidence: ${rule.evidence}`);
    expect(out).toMatch(/^EXAMPLE THAT FAILS$/m);
    expect(out).toMatch(/^ {4}\{ "rules": \{ "route-port-reserved": "off" \} \}$/m);
    expect(out).toMatch(/^TURNING IT OFF$/m);
    expect(out.trimEnd().split('\n').at(-1)).toBe(`Online: ${docsUrl(rule.id)}`);
  });

  it('draws every rule page readably without colour: its description, rationale, headings and code lines, no Markdown marks, no escape codes', async () => {
    const cwd = workspace();
    for (const rule of listRules()) {
      const markdown = page(rule.id);
      const result = await runCli(['rule', rule.id], { cwd });
      expect(result.code, rule.id).toBe(0);
      const out = result.stdout;
      expect(out, rule.id).not.toContain('\u001b');
      expect(out, rule.id).not.toMatch(/^\s*```/m);
      expect(out, rule.id).not.toMatch(/^#/m);
      // Prose keeps its backquotes without colour: that is how code shows there.
      expect(out, rule.id).toContain(rule.description);
      expect(out, rule.id).toContain(rule.rationale);
      const printed = out.split('\n').map((line) => line.trim());
      for (const line of codeLines(markdown)) expect(printed, `${rule.id}: ${line}`).toContain(line.trim());
      for (const heading of markdown.match(/^## .*$/gm) ?? []) expect(printed, rule.id).toContain(plainWords(heading.slice(3)).toUpperCase());
    }
  });

  it('prints the page docs/rules-in-the-terminal.md shows the command for, as written there', async () => {
    const [command, ...args] = snippet('rule-page').code.trim().split(/\s+/);
    expect(command).toBe('manifest-lint');
    const result = await runCli(args, { cwd: workspace() });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(args[1]);
  });

  it('uses bold and colour only when colour is on', async () => {
    const cwd = workspace();
    const coloured = await runCli(['rule', 'model-format'], { cwd, env: { FORCE_COLOR: '1' } });
    expect(coloured.code).toBe(0);
    expect(coloured.stdout.startsWith('\u001b[1mmodel-format\u001b[22m\n')).toBe(true);
    expect(coloured.stdout).toContain('\u001b[1mWHY IT MATTERS\u001b[22m');
    // Inline code is coloured instead of quoted.
    expect(coloured.stdout).toContain('\u001b[36mmanifest-lint --rule model-format=off\u001b[39m');
    const plain = await runCli(['rule', 'model-format'], { cwd, env: { NO_COLOR: '1' } });
    expect(plain.stdout).toContain('`manifest-lint --rule model-format=off`');
    expect(plain.stdout).not.toContain('\u001b');
    // The same words: colour stands in for the backquotes of inline code.
    const withoutQuotes = (text: string) => text.replace(/`/g, '');
    expect(withoutQuotes(coloured.stdout.replace(/\u001b\[\d+m/g, ''))).toBe(withoutQuotes(plain.stdout));
  });

  it('exits 2 for an unknown id, with the id meant, or the rule it was merged into', async () => {
    const cwd = workspace();
    expectOneLineError(
      await runCli(['rule', 'route-port-reservd'], { cwd }),
      /^manifest-lint: unknown rule: route-port-reservd \(did you mean route-port-reserved\?\)$/,
    );
    expectOneLineError(await runCli(['rule', 'no-such-thing'], { cwd }), /^manifest-lint: unknown rule: no-such-thing \(see --list-rules\)$/);
    expectOneLineError(
      await runCli(['rule', 'template-author-missing'], { cwd }),
      /^manifest-lint: unknown rule: template-author-missing is now part of template-author-field$/,
    );
  });

  it('exits 2 without an id, with two, or with an option', async () => {
    const cwd = workspace();
    expectOneLineError(await runCli(['rule'], { cwd }), /^manifest-lint: rule expects a rule id/);
    expectOneLineError(await runCli(['rule', 'model-format', 'json-syntax'], { cwd }), /^manifest-lint: rule takes one rule id, got 2$/);
    expectOneLineError(await runCli(['rule', '--format', 'json'], { cwd }), /^manifest-lint: unknown option: --format/);
  });

  it('is in --help, and rule --help prints the same help', async () => {
    const cwd = workspace();
    const help = await runCli(['--help'], { cwd });
    expect(help.stdout).toMatch(/^ {7}manifest-lint rule <id>$/m);
    expect(help.stdout).toMatch(/^ {2}rule <id> {2,}print a rule's page/m);
    expect(help.stdout).toContain('FORCE_HYPERLINK');
    for (const flag of ['--help', '-h']) {
      const result = await runCli(['rule', flag], { cwd });
      expect(result).toMatchObject({ code: 0, stdout: help.stdout, stderr: '' });
    }
  });

  it('reads the page from the built command’s own package folder, not the working folder', async () => {
    const cwd = workspace({ 'docs/rules/model-format.md': '# not this page\n' });
    const result = await runBinary(['rule', 'model-format'], { cwd });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(findRule('model-format')!.rationale);
  });

  it('prints the description and the page’s address when the command runs without the package’s pages beside it', async () => {
    // The command's files alone, as a build of it carried elsewhere.
    const folder = workspace({}, { git: false });
    fs.mkdirSync(path.join(folder, 'dist'));
    for (const file of ['manifest-lint.cjs', 'manifest-lint.bundle.cjs']) fs.copyFileSync(path.join(ROOT, 'dist', file), path.join(folder, 'dist', file));
    const result = await runBinary(['rule', 'model-format'], { cwd: workspace() }, path.join(folder, 'dist', 'manifest-lint.cjs'));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`model-format: ${findRule('model-format')!.description}`);
    expect(result.stdout).toContain(docsUrl('model-format'));
  });
});

describe('--list-rules', () => {
  it('ends with a line pointing to rule <id>, after the table', async () => {
    const result = await runCli(['--list-rules'], { cwd: workspace() });
    expect(result.stdout.endsWith("\n\nmanifest-lint rule <id> shows a rule's page: why it matters, examples, how to turn it off.\n")).toBe(true);
  });

  it('keeps --format json as it was: the rule metadata alone', async () => {
    const result = await runCli(['--list-rules', '--format', 'json'], { cwd: workspace() });
    expect(JSON.parse(result.stdout)).toEqual(listRules().map((rule) => ({ ...rule, docsUrl: docsUrl(rule.id) })));
  });
});

describe('--rule with an unknown id', () => {
  it('names the id meant', async () => {
    expectOneLineError(
      await runCli(['--rule', 'model-formt=off'], { cwd: workspace() }),
      /^manifest-lint: unknown rule: model-formt \(did you mean model-format\?\)$/,
    );
  });
});
