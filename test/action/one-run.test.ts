/**
 * The library's `formatJsonResults`, as built: for the JSON output of a run, the bytes the CLI
 * prints in the other formats a JSON result holds everything for.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { formatJsonResults as FormatJsonResults, JsonFileResult } from '../../lib/index.js';
import { BAD, BOT_TOKEN, GOOD, WARNS } from '../ci-manifests.js';
import { workspace } from '../workspace.js';
import { ROOT } from './steps.js';

const CLI = path.join(ROOT, 'dist/manifest-lint.cjs');
const LIBRARY = path.join(ROOT, 'dist/agent-manifest.cjs');
const { formatJsonResults } = createRequire(import.meta.url)(LIBRARY) as { formatJsonResults: typeof FormatJsonResults };

/** `command` is `[]` or `['template']`; one clock, so every format reports the same findings. */
function manifestLint(command: string[], format: string, cwd: string): string {
  const run = spawnSync(process.execPath, [CLI, ...command, '--format', format, '--now', '2026-01-01T00:00:00Z', '.'], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(run.status, run.stderr).toBeLessThan(2);
  return run.stdout;
}

describe('formatJsonResults', () => {
  it.each([
    [
      'manifests',
      {
        'agents/bad/manifest.json': BAD,
        'agents/warns, 100%: a/manifest.json': WARNS,
        'agents/good/manifest.json': GOOD,
        // An ignore entry that matches nothing: the config file gets a finding of its own.
        '.manifestlintrc.json': '{ "ignore": [{ "rule": "unknown-property", "path": "/nothing" }] }\n',
      },
      [],
    ],
    ['a template repository', { 'manifest.json': BAD, 'workspace/AGENTS.md': 'Be helpful.\n' }, ['template']],
  ])('prints for the JSON of %s the bytes --format github, sarif and checkstyle print', (_, files, command) => {
    const repo = workspace(files);
    const results = JSON.parse(manifestLint(command, 'json', repo)) as JsonFileResult[];
    expect(results.flatMap((result) => result.diagnostics).some((d) => d.fixes || d.suggestions)).toBe(true);
    for (const format of ['github', 'sarif', 'checkstyle'] as const) {
      const printed = manifestLint(command, format, repo);
      expect(formatJsonResults(format, results, { cwd: repo })).toBe(printed);
      expect(printed).not.toContain(BOT_TOKEN.slice(4));
    }
  });
});
