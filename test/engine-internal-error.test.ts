/**
 * A rule that throws: one `internal-error` finding names it, the other rules still report, and
 * nothing of the error's text (which could quote the manifest) is shown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERNAL_ERROR, lint } from '../rules/index.js';
import { modelFormat } from '../rules/catalog/model-format.js';
import { NOW, runCli, workspace } from './cli/helpers.js';

const TEXT = '{ "version": 1, "agent": { "name": "A" }, "model": "gpt", "scripts": { "start": "node s.js" }, "routes": [{ "port": 18789, "path": "/" }] }\n';

afterEach(() => {
  vi.restoreAllMocks();
});

function breakModelFormat(): void {
  vi.spyOn(modelFormat, 'check').mockImplementation(() => {
    throw new TypeError('cannot read "sk-proj-abcdefghijklmnopqrstuvwxyz012345"');
  });
}

describe('a rule that throws', () => {
  it('gives one internal-error finding naming it, and the other rules still report', () => {
    expect(lint(TEXT, { now: new Date(NOW) }).diagnostics.map((d) => d.ruleId)).toContain('model-format');
    breakModelFormat();
    const { diagnostics } = lint(TEXT, { now: new Date(NOW) });
    const failed = diagnostics.filter((d) => d.ruleId === INTERNAL_ERROR);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ severity: 'error', path: [], range: { start: { line: 0, character: 0 } } });
    expect(failed[0]!.message).toMatch(/^The rule `model-format` failed on this manifest \(TypeError\)/);
    expect(failed[0]!.message).not.toContain('sk-proj');
    expect(failed[0]!.docsUrl).toMatch(/docs\/internal-error\.md$/);
    expect(diagnostics.map((d) => d.ruleId)).toContain('route-port-reserved');
    expect(diagnostics.map((d) => d.ruleId)).not.toContain('model-format');
  });

  it('fails the CLI run like an error, in every format', async () => {
    breakModelFormat();
    const cwd = workspace({ 'manifest.json': TEXT });
    const stylish = await runCli(['--now', NOW], { cwd });
    expect(stylish.code).toBe(1);
    expect(stylish.stdout).toMatch(/error {2}The rule `model-format` failed on this manifest \(TypeError\).* internal-error/);
    const sarif = JSON.parse((await runCli(['--now', NOW, '--format', 'sarif'], { cwd })).stdout) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[];
    };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toContain(INTERNAL_ERROR);
    expect(sarif.runs[0]!.tool.driver.rules.map((r) => r.id)).toContain(INTERNAL_ERROR);
  });
});
