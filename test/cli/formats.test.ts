import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { Log, Result, Run } from 'sarif';
import { describe, expect, it } from 'vitest';
import type { CodeQualityIssue } from '../../report/formats/gitlab.js';
import { formatters, lint } from '../../lib/index.js';
import { sarifValidator } from '../sarif-schema.js';
import { BIN, fixture, NOW, parseJson, positionOf, runCli, workspace } from './helpers.js';
import { codeQualityEntryValidator, decodeXml, elements, xsdErrors } from './xml-reports.js';
import { unlessAvailable } from '../skipped.js';

const problems = fixture('problems.json');

describe('--format json', () => {
  it('prints exactly the contract shape: one entry per file, 1-based positions, exclusive ends', async () => {
    const cwd = workspace({ 'manifest.json': problems, 'valid/manifest.json': fixture('valid.json') });
    const result = await runCli(['--now', NOW, '--format', 'json', 'manifest.json', 'valid/manifest.json'], { cwd });
    expect(result.code).toBe(1);
    const results = parseJson(result);

    const port = positionOf(problems, '18789');
    const key = positionOf(problems, '"protectd"');
    const token = positionOf(problems, '"env:TELEGRAM_BOT_TOKEN"');
    const docs = (id: string) => expect.stringMatching(new RegExp(`^https://.*${id}`));
    expect(results).toEqual([
      {
        filePath: 'manifest.json',
        errorCount: 2,
        warningCount: 1,
        infoCount: 0,
        hintCount: 0,
        diagnostics: [
          {
            ruleId: 'route-port-reserved',
            severity: 'error',
            message: expect.stringContaining('18789'),
            path: ['routes', 0, 'port'],
            line: port.line,
            column: port.column,
            endLine: port.line,
            endColumn: port.column + 5,
            docsUrl: docs('route-port-reserved'),
            // Another port is a choice: a suggestion, never applied by --fix.
            suggestions: [
              {
                title: expect.any(String),
                edits: [{ line: port.line, column: port.column, endLine: port.line, endColumn: port.column + 5, newText: '18790' }],
              },
            ],
          },
          {
            ruleId: 'unknown-property',
            severity: 'error',
            message: expect.stringContaining('protected'),
            path: ['routes', 0, 'protectd'],
            line: key.line,
            column: key.column,
            endLine: key.line,
            endColumn: key.column + '"protectd"'.length,
            docsUrl: docs('unknown-property'),
            suggestions: [{ title: expect.any(String), edits: [expect.objectContaining({ newText: expect.stringContaining('protected') })] }],
          },
          {
            ruleId: 'channel-token-env-undeclared',
            severity: 'warning',
            message: expect.stringContaining('TELEGRAM_BOT_TOKEN'),
            path: ['channels', 'telegram', 'botToken'],
            line: token.line,
            column: token.column,
            endLine: token.line,
            endColumn: token.column + '"env:TELEGRAM_BOT_TOKEN"'.length,
            docsUrl: docs('channel-token-env-undeclared'),
            fixes: [expect.objectContaining({ title: expect.any(String) })],
          },
        ],
      },
      { filePath: 'valid/manifest.json', errorCount: 0, warningCount: 0, infoCount: 0, hintCount: 0, diagnostics: [] },
    ]);
    // Key order is part of the contract too.
    expect(Object.keys(results[0] as object)).toEqual(['filePath', 'errorCount', 'warningCount', 'infoCount', 'hintCount', 'diagnostics']);
    expect(Object.keys(results[0]?.diagnostics[0] as object)).toEqual([
      'ruleId',
      'severity',
      'message',
      'path',
      'line',
      'column',
      'endLine',
      'endColumn',
      'docsUrl',
      'suggestions',
    ]);
    expect(Object.keys(results[0]?.diagnostics[2] as object).at(-1)).toBe('fixes');
    expect(Object.keys(results[0]?.diagnostics[0]?.suggestions?.[0]?.edits[0] as object)).toEqual(['line', 'column', 'endLine', 'endColumn', 'newText']);
  });

  it('counts columns in UTF-16 code units', async () => {
    const text = '{\n  "version": 1,\n  "agent": { "name": "🐈‍⬛ 𝒞at", "vibee": "calm" }\n}\n';
    const cwd = workspace({ 'manifest.json': text });
    const results = parseJson(await runCli(['--now', NOW, '--format', 'json'], { cwd }));
    const unknown = results[0]?.diagnostics.find((d) => d.ruleId === 'unknown-property');
    const expected = positionOf(text, '"vibee"');
    expect(unknown).toMatchObject({ line: 3, column: expected.column, endColumn: expected.column + 7 });
  });

  it('prints an empty array entry per clean file and keeps paths as given', async () => {
    const cwd = workspace({ 'a/manifest.json': fixture('valid.json') });
    const results = parseJson(await runCli(['--format', 'json', './a/manifest.json'], { cwd }));
    expect(results).toEqual([{ filePath: './a/manifest.json', errorCount: 0, warningCount: 0, infoCount: 0, hintCount: 0, diagnostics: [] }]);
  });
});

describe('a fix whose text holds a secret', () => {
  // Trimming the path rewrites it whole, token included: shown masked, its edit would write `…`.
  const token = 'ghp_Zq8Kx2Lm9Np4Rt7Vw1Yb3Cd6Ef0Gh2Ij4Kl6';
  const manifest = JSON.stringify({
    version: 1,
    agent: { name: 'Hooks', description: 'Receives webhooks.' },
    scripts: { start: 'node server.js --port 3000' },
    routes: [{ port: 3000, path: ` /hooks/${token}` }],
  });

  it('is listed by its title, without edits, in JSON and not at all in SARIF; --fix still applies it', async () => {
    const cwd = workspace({ 'manifest.json': manifest });
    const json = await runCli(['--now', NOW, '--format', 'json', 'manifest.json'], { cwd });
    const [finding] = parseJson(json)[0]!.diagnostics;
    expect(finding).toMatchObject({ ruleId: 'route-path-format', fixes: [{ title: 'Change the path to `/hooks/ghp_…`', edits: [] }] });
    const sarif = await runCli(['--now', NOW, '--format', 'sarif', 'manifest.json'], { cwd });
    expect((JSON.parse(sarif.stdout) as Log).runs[0]!.results![0]!.fixes).toBeUndefined();
    for (const output of [json.stdout, sarif.stdout]) expect(output).not.toContain(token.slice(4));
    const fixed = await runCli(['--now', NOW, '--fix', 'manifest.json'], { cwd });
    expect(fixed.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(cwd, 'manifest.json'), 'utf8')).routes[0].path).toBe(`/hooks/${token}`);
  });
});

describe('--format sarif', () => {
  const validate = sarifValidator();

  it('is valid SARIF 2.1.0 with rules, levels, locations and fixes', async () => {
    const cwd = workspace({ 'sub/manifest.json': problems, 'warn/manifest.json': fixture('warnings.json') });
    const result = await runCli(['--now', NOW, '--format', 'sarif', '--rule', 'unknown-property=hint', 'sub', 'warn'], { cwd });
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout) as Log;
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);

    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0] as Run;
    expect(run.tool.driver).toMatchObject({ name: 'manifest-lint', version: expect.any(String) });
    expect(run.tool.driver.informationUri).toMatch(/^https:\/\//);

    // The schema has checked the shape; the fields below are the ones this formatter always writes.
    const rules = run.tool.driver.rules!;
    const results = run.results!;
    const ruleIds = rules.map((rule) => rule.id);
    expect(new Set(ruleIds).size).toBe(ruleIds.length);
    expect(ruleIds.sort()).toEqual(['channel-token-env-undeclared', 'route-port-reserved', 'unknown-property']);
    for (const rule of rules) {
      expect(rule.shortDescription!.text.length).toBeGreaterThan(0);
      expect(rule.helpUri).toMatch(new RegExp(`^https://.*${rule.id}`));
    }
    const unknownRule = rules.find((rule) => rule.id === 'unknown-property');
    expect(unknownRule?.defaultConfiguration?.level).toBe('error');

    for (const r of results) expect(rules[r.ruleIndex!]?.id).toBe(r.ruleId);
    const byRule = (id: string) => results.filter((r) => r.ruleId === id);
    expect(byRule('route-port-reserved')[0]?.level).toBe('error');
    expect(byRule('channel-token-env-undeclared').map((r) => r.level)).toEqual(['warning', 'warning']);
    expect(byRule('unknown-property')[0]?.level).toBe('note'); // hint → note

    const port = positionOf(problems, '18789');
    const reserved = byRule('route-port-reserved')[0] as Result;
    expect(reserved.locations![0]?.physicalLocation).toEqual({
      artifactLocation: { uri: 'sub/manifest.json', uriBaseId: '%SRCROOT%' },
      region: { startLine: port.line, startColumn: port.column, endLine: port.line, endColumn: port.column + 5 },
    });
    expect(reserved.fixes?.[0]?.artifactChanges[0]).toEqual({
      artifactLocation: { uri: 'sub/manifest.json', uriBaseId: '%SRCROOT%' },
      replacements: [
        {
          deletedRegion: { startLine: port.line, startColumn: port.column, endLine: port.line, endColumn: port.column + 5 },
          insertedContent: { text: '18790' },
        },
      ],
    });
  });

  it('is valid SARIF with no results, and for standard input', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    const clean = JSON.parse((await runCli(['--format', 'sarif'], { cwd })).stdout) as Log;
    expect(validate(clean)).toBe(true);
    expect(clean.runs[0]?.results).toEqual([]);

    const stdin = await runCli(['--format', 'sarif', '--stdin', '--now', NOW], { cwd, input: problems });
    const log = JSON.parse(stdin.stdout) as Log;
    expect(validate(log)).toBe(true);
    expect(log.runs[0]?.results?.[0]?.locations?.[0]?.physicalLocation?.artifactLocation?.uri).toBe('%3Cstdin%3E');
  });
});

describe('--format github', () => {
  it('prints workflow commands with escaped properties', async () => {
    const cwd = workspace({ 'we,ird:dir/manifest.json': problems });
    const result = await runCli(['--now', NOW, '--format', 'github', 'we,ird:dir'], { cwd });
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const port = positionOf(problems, '18789');
    expect(lines[0]).toMatch(
      new RegExp(
        `^::error file=we%2Cird%3Adir/manifest\\.json,line=${port.line},col=${port.column},` +
          `endLine=${port.line},endColumn=${port.column + 5},title=route-port-reserved::\\S`,
      ),
    );
    expect(lines[2]).toMatch(/^::warning file=.*,title=channel-token-env-undeclared::/);
    const hint = await runCli(['--format', 'github', '--rule', 'channel-token-env-undeclared=hint', 'we,ird:dir'], { cwd });
    expect(hint.stdout).toMatch(/^::notice file=.*title=channel-token-env-undeclared::/m);
    for (const line of lines) expect(line).not.toMatch(/[\r]/);
  });
});

describe('--format gitlab', () => {
  const validateEntry = codeQualityEntryValidator();
  const issuesOf = (stdout: string) => {
    const issues = JSON.parse(stdout) as CodeQualityIssue[];
    expect(Array.isArray(issues)).toBe(true);
    for (const issue of issues) {
      expect(validateEntry(issue), JSON.stringify(validateEntry.errors)).toBe(true);
    }
    return issues;
  };

  it('prints a Code Quality report GitLab reads: every entry valid against its schema, severities mapped, paths relative', async () => {
    const cwd = workspace({ 'sub/manifest.json': problems, 'warn/manifest.json': fixture('warnings.json'), 'valid/manifest.json': fixture('valid.json') });
    const args = ['--now', NOW, '--format', 'gitlab', '--rule', 'unknown-property=hint'];
    const result = await runCli([...args, './sub/manifest.json', path.join(cwd, 'warn'), 'valid'], { cwd });
    expect(result.code).toBe(1);
    const issues = issuesOf(result.stdout);
    const port = positionOf(problems, '18789');
    const key = positionOf(problems, '"protectd"');
    const token = positionOf(problems, '"env:TELEGRAM_BOT_TOKEN"');
    const fingerprint = expect.stringMatching(/^[0-9a-f]{64}$/);
    expect(issues).toEqual([
      {
        description: expect.stringContaining('18789'),
        check_name: 'route-port-reserved',
        fingerprint,
        severity: 'major',
        location: { path: 'sub/manifest.json', lines: { begin: port.line, end: port.line } },
      },
      {
        description: expect.stringContaining('protected'),
        check_name: 'unknown-property',
        fingerprint,
        severity: 'info', // a hint
        location: { path: 'sub/manifest.json', lines: { begin: key.line, end: key.line } },
      },
      {
        description: expect.stringContaining('TELEGRAM_BOT_TOKEN'),
        check_name: 'channel-token-env-undeclared',
        fingerprint,
        severity: 'minor',
        location: { path: 'sub/manifest.json', lines: { begin: token.line, end: token.line } },
      },
      expect.objectContaining({
        check_name: 'channel-token-env-undeclared',
        severity: 'minor',
        location: expect.objectContaining({ path: 'warn/manifest.json' }),
      }),
    ]);
    // The same finding in two files is two findings.
    expect(issues[2]?.fingerprint).not.toBe(issues[3]?.fingerprint);

    // A clean run is an empty report, not an empty output.
    const clean = await runCli(['--format', 'gitlab', 'valid'], { cwd });
    expect(clean.code).toBe(0);
    expect(issuesOf(clean.stdout)).toEqual([]);
  });

  it("keeps a finding's fingerprint when edits elsewhere move it, and gives every finding its own", async () => {
    // Two findings at one path (a duplicate key), and the reserved port.
    const before = '{\n  "version": 1,\n  "agent": { "name": "x", "nmae": 1, "nmae": 2 },\n  "routes": [{ "port": 18789, "path": "/api" }]\n}\n';
    const after =
      '{\n  "version": 1,\n\n  "agent": {\n    "name": "x",\n    "description": "Moves everything below it down",\n    "nmae": 1,\n\n    "nmae": 2\n  },\n  "routes": [{ "path": "/api", "port": 18789 }]\n}\n';
    const cwd = workspace({ 'before/manifest.json': before, 'after/manifest.json': after });
    const report = async (folder: string) => issuesOf((await runCli(['--now', NOW, '--format', 'gitlab'], { cwd: path.join(cwd, folder) })).stdout);
    const [first, second] = [await report('before'), await report('after')];

    const summary = (issues: CodeQualityIssue[]) => issues.map((issue) => `${issue.check_name} ${issue.fingerprint}`);
    expect(first.map((issue) => issue.check_name)).toEqual([
      'unknown-property',
      'duplicate-key',
      'unknown-property',
      'route-without-start',
      'route-port-reserved',
    ]);
    expect(new Set(first.map((issue) => issue.fingerprint)).size).toBe(first.length);
    // Every finding moved down...
    first.forEach((issue, index) => expect(second[index]!.location.lines.begin).toBeGreaterThan(issue.location.lines.begin));
    // ...and kept its fingerprint, though duplicate-key's message names the line of the first key.
    expect(summary(second)).toEqual(summary(first));
  });

  it('gives the same fingerprints however the manifest is laid out (library, any indentation and blank lines)', () => {
    const text = '{"version":1,"agent":{"name":"x","nmae":1,"vibee":"calm"},"routes":[{"port":18789,"path":"/a"},{"port":18789,"path":"/b"}]}';
    const fingerprints = (manifest: string) =>
      (JSON.parse(formatters.gitlab([lint(manifest, { now: NOW })])) as CodeQualityIssue[]).map((issue) => issue.fingerprint);
    const expected = fingerprints(text);
    expect(expected).toHaveLength(5);
    expect(new Set(expected).size).toBe(5);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 5 }), (indent, blankLines) => {
        const laidOut = `${'\n'.repeat(blankLines)}${JSON.stringify(JSON.parse(text), null, indent)}\n`;
        expect(fingerprints(laidOut)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});

describe('--format junit', () => {
  it('is valid JUnit XML for Jenkins: a suite per file, a case per finding, failures for errors and warnings, consistent counts', async () => {
    const cwd = workspace({ 'sub/manifest.json': problems, 'warn/manifest.json': fixture('warnings.json'), 'valid/manifest.json': fixture('valid.json') });
    const result = await runCli(['--now', NOW, '--format', 'junit', '--rule', 'unknown-property=info', './sub', 'warn', 'valid'], { cwd });
    expect(result.code).toBe(1);
    expect(await xsdErrors(result.stdout, 'jenkins-junit-10.xsd')).toEqual([]);
    expect(result.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);

    const suites = elements(result.stdout, 'testsuite');
    expect(suites.map((suite) => suite.attributes.name)).toEqual(['sub/manifest.json', 'warn/manifest.json', 'valid/manifest.json']);
    for (const suite of suites) {
      const cases = elements(suite.inner, 'testcase');
      expect(suite.attributes).toMatchObject({ tests: String(cases.length), failures: String(elements(suite.inner, 'failure').length), errors: '0' });
      for (const testCase of cases) expect(testCase.attributes.classname).toBe(suite.attributes.name);
    }
    const [root] = elements(result.stdout, 'testsuites');
    expect(root?.attributes).toEqual({ name: 'manifest-lint', tests: '5', failures: '3', errors: '0' });

    const cases = elements(suites[0]!.inner, 'testcase');
    expect(cases.map((testCase) => testCase.attributes.name)).toEqual([
      'route-port-reserved /routes/0/port',
      'unknown-property /routes/0/protectd',
      'channel-token-env-undeclared /channels/telegram/botToken',
    ]);
    const port = positionOf(problems, '18789');
    const [reserved] = elements(cases[0]!.inner, 'failure');
    expect(reserved?.attributes).toEqual({ message: expect.stringContaining("18789 is reserved for the platform's gateway"), type: 'error' });
    // The body says where, as --format compact would, and links the rule's page.
    const where = `sub/manifest\\.json:${port.line}:${port.column}: error route-port-reserved Port 18789 `;
    expect(decodeXml(reserved!.inner)).toMatch(new RegExp(`^${where}[^\\n]+\\nhttps://\\S+/route-port-reserved\\.md$`));
    // Information passes, the finding kept as the case's output.
    expect(elements(cases[1]!.inner, 'failure')).toEqual([]);
    expect(decodeXml(elements(cases[1]!.inner, 'system-out')[0]!.inner)).toMatch(/^sub\/manifest\.json:\d+:\d+: info unknown-property /);
    expect(elements(cases[2]!.inner, 'failure')[0]?.attributes.type).toBe('warning');
    // A clean file still reports: one passing case.
    expect(elements(suites[2]!.inner, 'testcase')).toEqual([{ attributes: { classname: 'valid/manifest.json', name: 'manifest-lint' }, inner: '' }]);
  });

  it('reports a clean run as passing cases', async () => {
    const cwd = workspace({ 'manifest.json': fixture('valid.json') });
    const result = await runCli(['--format', 'junit'], { cwd });
    expect(result.code).toBe(0);
    expect(await xsdErrors(result.stdout, 'jenkins-junit-10.xsd')).toEqual([]);
    expect(elements(result.stdout, 'testsuites')[0]?.attributes).toEqual({ name: 'manifest-lint', tests: '1', failures: '0', errors: '0' });
  });
});

describe('--format checkstyle', () => {
  it('is valid Checkstyle XML: a file per linted file, an error per finding with its position, severity and rule', async () => {
    const cwd = workspace({ 'sub/manifest.json': problems, 'valid/manifest.json': fixture('valid.json') });
    const result = await runCli(['--now', NOW, '--format', 'checkstyle', '--rule', 'unknown-property=hint', './sub/', path.join(cwd, 'valid')], { cwd });
    expect(result.code).toBe(1);
    expect(await xsdErrors(result.stdout, 'checkstyle-report-1.0.0.xsd')).toEqual([]);
    expect(result.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<checkstyle version="4.3">\n')).toBe(true);

    const files = elements(result.stdout, 'file');
    expect(files.map((file) => file.attributes.name)).toEqual(['sub/manifest.json', 'valid/manifest.json']);
    const at = (needle: string) => {
      const { line, column } = positionOf(problems, needle);
      return { line: String(line), column: String(column) };
    };
    expect(elements(files[0]!.inner, 'error').map((error) => error.attributes)).toEqual([
      { ...at('18789'), severity: 'error', message: expect.stringContaining('18789'), source: 'route-port-reserved' },
      { ...at('"protectd"'), severity: 'info', message: expect.stringContaining('protected'), source: 'unknown-property' }, // a hint
      {
        ...at('"env:TELEGRAM_BOT_TOKEN"'),
        severity: 'warning',
        message: expect.stringContaining('TELEGRAM_BOT_TOKEN'),
        source: 'channel-token-env-undeclared',
      },
    ]);
    // A clean file is listed, with nothing in it.
    expect(files[1]?.inner).toBe('');
  });
});

describe('the XML formats', () => {
  /** Each format's published XSD, and the element that carries a finding's `message`. */
  const FORMATS = {
    junit: { xsd: 'jenkins-junit-10.xsd', finding: 'failure' },
    checkstyle: { xsd: 'checkstyle-report-1.0.0.xsd', finding: 'error' },
  };

  for (const [format, { xsd, finding }] of Object.entries(FORMATS)) {
    it(`--format ${format} escapes markup and replaces what XML 1.0 cannot hold (NUL, controls, lone surrogates)`, async () => {
      const keys = ['k<&"\'>]]>', 'k\u0000', 'k\u0007', 'k\ud800', 'k\uffff', 'k\t\n\r'];
      const text = `{\n  "version": 1,\n  "agent": { "name": "x", ${keys.map((key) => `${JSON.stringify(key)}: 1`).join(', ')} }\n}\n`;
      const cwd = workspace({ 'manifest.json': text });
      const result = await runCli(['--now', NOW, '--format', format], { cwd });
      expect(result.code).toBe(1);
      expect(await xsdErrors(result.stdout, xsd)).toEqual([]);
      expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/u);
      // What XML can hold comes back as it was; the rest as the stand-ins the text formats show.
      const shown = ['k<&"\'>]]>', 'k\u2400', 'k\u2407', 'k\ufffd', 'k\ufffd', 'k\t\n\r'];
      const messages = elements(result.stdout, finding).map((element) => element.attributes.message);
      expect(messages).toEqual(shown.map((key) => expect.stringContaining(`Unknown property \`${key}\` in \`agent\``)));
    });
  }
});

describe("the library's formatters", () => {
  it('give the CI formats exactly as the CLI prints them', async () => {
    const cwd = workspace({ 'manifest.json': problems });
    const results = [lint(problems, { now: NOW, fileName: 'manifest.json' })];
    for (const format of ['gitlab', 'junit', 'checkstyle'] as const) {
      const printed = await runCli(['--now', NOW, '--format', format, 'manifest.json'], { cwd });
      expect(formatters[format](results), format).toBe(printed.stdout);
    }
  });
});

describe('--format compact', () => {
  it('prints file:line:column: severity ruleId message, one line per finding', async () => {
    const cwd = workspace({ 'manifest.json': problems });
    const json = parseJson(await runCli(['--now', NOW, '--format', 'json'], { cwd }));
    const result = await runCli(['--now', NOW, '--format', 'compact'], { cwd });
    expect(result.code).toBe(1);
    const expected = (json[0]?.diagnostics ?? []).map((d) => `manifest.json:${d.line}:${d.column}: ${d.severity} ${d.ruleId} ${d.message}`);
    expect(result.stdout).toBe(`${expected.join('\n')}\n`);
  });
});

describe('--format stylish', () => {
  it('prints a header, findings with code frames and a summary', async () => {
    const cwd = workspace({ 'manifest.json': problems });
    const result = await runCli(['--now', NOW], { cwd });
    expect(result.code).toBe(1);
    const out = result.stdout;
    const lines = out.split('\n');
    expect(lines[0]).toBe('manifest.json');
    const port = positionOf(problems, '18789');
    expect(out).toMatch(new RegExp(`^  ${port.line}:${port.column}\\s+error\\s+.*18789.*  route-port-reserved$`, 'm'));
    // the code frame: the source line and a ^~~~~ under the port
    const sourceLine = problems.split('\n')[port.line - 1] as string;
    const frameLine = lines.findIndex((line) => line.endsWith(`| ${sourceLine}`));
    expect(frameLine).toBeGreaterThan(0);
    const underline = lines[frameLine + 1] as string;
    const bar = underline.indexOf('| ') + 2;
    expect(underline.slice(bar)).toBe(`${' '.repeat(port.column - 1)}^~~~~`);
    expect(out).toContain('✖ 3 problems (2 errors, 1 warning, 0 infos, 0 hints)');
    expect(out).toContain('1 problem is fixable with the `--fix` option.');
    // Suggestions are listed under their finding.
    expect(out).toMatch(/^\s+suggestion: Use port 18790 \(then start your server on it\)$/m);
    expect(out).toMatch(/^\s+suggestion: Rename to `protected`$/m);
  });

  it('uses no colour when stdout is not a terminal, or with NO_COLOR; FORCE_COLOR forces it', async () => {
    const cwd = workspace({ 'manifest.json': problems });
    const plain = await runCli(['--now', NOW], { cwd });
    expect(plain.stdout).not.toContain('\u001b[');
    const noColor = await runCli(['--now', NOW], { cwd, env: { NO_COLOR: '1' } });
    expect(noColor.stdout).not.toContain('\u001b[');
    const forced = await runCli(['--now', NOW], { cwd, env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain('\u001b[31m');
    const forcedOff = await runCli(['--now', NOW], { cwd, env: { FORCE_COLOR: '0' } });
    expect(forcedOff.stdout).not.toContain('\u001b[');
    // colour never leaks into machine formats
    const json = await runCli(['--now', NOW, '--format', 'json'], { cwd, env: { FORCE_COLOR: '1' } });
    expect(json.stdout).not.toContain('\u001b[');
  });

  // The built command under `script`: only a process of its own has a real terminal as its output.
  const hasScript = unlessAvailable(spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0, 'a test on a real terminal', "util-linux's `script`");
  it.skipIf(!hasScript)('colours on a terminal unless NO_COLOR is set', () => {
    const cwd = workspace({ 'manifest.json': problems });
    const onTty = (env: NodeJS.ProcessEnv) =>
      spawnSync('script', ['-qec', `"${process.execPath}" "${BIN}" --now ${NOW}`, '/dev/null'], {
        cwd,
        env,
        encoding: 'utf8',
        timeout: 20_000,
      }).stdout;
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm' };
    delete env.FORCE_COLOR;
    delete env.NO_COLOR;
    expect(onTty(env)).toContain('\u001b[31m');
    expect(onTty({ ...env, NO_COLOR: '1' })).not.toContain('\u001b[');
  });

  it('makes control characters from the manifest visible instead of printing them', async () => {
    const text = '{\n  "version": 1,\n  "agent": { "name": "x", "\u001b[2Jevil": 1 }\n}\n';
    const cwd = workspace({ 'manifest.json': text });
    const result = await runCli(['--now', NOW], { cwd });
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).toContain('\u241b');
  });

  // Every control a key can carry (written as JSON escapes), in every format printed as text.
  const CONTROLS = ['\u0000', '\u0007', '\u0008', '\u001b', '\u007f', '\u009b', '\u202e', '\u2066', '\u2028', '\u2029', '\ud800'];
  for (const format of ['stylish', 'compact', 'github']) {
    it(`--format ${format} prints no control character a key carries`, async () => {
      const keys = CONTROLS.map((control, i) => `${JSON.stringify(`k${i}${control}]::x`)}: 1`).join(', ');
      const cwd = workspace({ 'manifest.json': `{\n  "version": 1,\n  "agent": { "name": "x", ${keys} }\n}\n` });
      const result = await runCli(['--now', NOW, '--format', format], { cwd });
      expect(result.stdout.match(/unknown-property/g)?.length).toBe(CONTROLS.length);
      for (const line of result.stdout.split('\n')) {
        expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]|\p{Cs}/u);
      }
      if (format === 'github') {
        // One workflow command per finding: nothing a key carries can start another.
        expect(
          result.stdout
            .trimEnd()
            .split('\n')
            .every((line) => /^::error file=manifest\.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[a-z-]+::/.test(line)),
        ).toBe(true);
      }
    });
  }

  it('puts the caret under the finding after wide characters (emoji, CJK) and combining marks', async () => {
    // The name's width in columns: 2 for each emoji and CJK character, 0 for marks and modifiers.
    const widths: Record<string, number> = { '🚀 Rocket': 9, 火箭: 4, 'e\u0301te\u0301': 3, '👍🏽 ok': 5 };
    for (const [before, width] of Object.entries(widths)) {
      const line = `{"version": 1, "agent": {"name": "${before}"}, "nmae": 1}`;
      const cwd = workspace({ 'manifest.json': `${line}\n` });
      const out = (await runCli(['--now', NOW], { cwd })).stdout.split('\n');
      const frame = out.findIndex((text) => text.endsWith(`| ${line}`));
      const underline = out[frame + 1]!;
      const caret = underline.indexOf('^') - (underline.indexOf('| ') + 2);
      // `{"version": 1, "agent": {"name": "` is 34 columns, `"}, ` 4 more.
      expect(caret, before).toBe(34 + width + 4);
    }
  });

  it('cuts long lines to a window around the finding', async () => {
    const long = 'x'.repeat(5000);
    const text = `{"version":1,"agent":{"name":"a","description":"${long}","nmea":1}}`;
    const cwd = workspace({ 'manifest.json': text });
    const result = await runCli(['--now', NOW], { cwd });
    const frame = result.stdout.split('\n').filter((line) => line.includes(' | '));
    expect(frame.length).toBeGreaterThan(0);
    for (const line of frame) expect(line.length).toBeLessThan(220);
    expect(result.stdout).toContain('"nmea"');
  });
});
