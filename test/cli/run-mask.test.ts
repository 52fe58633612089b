import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecretMask } from '../../rules/index.js';
import { runCli, workspace } from './helpers.js';

/** A manifest with nothing to report, and one with a warning. */
const CLEAN = (name: string) => `{ "version": 1, "agent": { "name": "${name}" }, "model": "anthropic/claude-sonnet-4-6" }\n`;
const WARNED = '{ "version": 1, "agent": { "name": "Courier" }, "skills": [{ "name": "notes", "clawhub_slug": "acme/notes" }] }\n';

describe("a run's mask", () => {
  afterEach(() => vi.restoreAllMocks());

  it('learns no file when the run shows nothing, and every file once it shows anything', async () => {
    const learn = vi.spyOn(SecretMask.prototype, 'learn');
    const clean = workspace({ 'a/manifest.json': CLEAN('Ada'), 'b/manifest.json': CLEAN('Bo'), 'c/manifest.json': CLEAN('Cy') });
    const quiet = await runCli(['.', '--format', 'compact'], { cwd: clean });
    expect([quiet.code, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);
    expect(learn).not.toHaveBeenCalled();

    const warned = workspace({ 'a/manifest.json': CLEAN('Ada'), 'b/manifest.json': WARNED, 'c/manifest.json': CLEAN('Cy') });
    const shown = await runCli(['.', '--format', 'compact'], { cwd: warned });
    expect(shown.stdout).toContain('skill-slug-format');
    // Each manifest's text, learned for the run (the warned one's for its finding first).
    const learned = learn.mock.calls.map(([text]) => text);
    for (const text of [CLEAN('Ada'), WARNED, CLEAN('Cy')]) expect(learned).toContain(text);
  });

  it('shows nothing of a failure it cannot mask, and still ends with an exit code', async () => {
    // Learning a file's secrets fails: what the run would show can no longer be masked.
    const learn = SecretMask.prototype.learn;
    vi.spyOn(SecretMask.prototype, 'learn').mockImplementation(function (this: SecretMask, text: string) {
      if (text.includes('"Cy"')) throw new Error(`could not read ${text}`);
      return learn.call(this, text);
    });
    const cwd = workspace({ 'a/manifest.json': WARNED, 'c/manifest.json': CLEAN('Cy') });
    const result = await runCli(['.', '--format', 'compact'], { cwd });
    expect([result.code, result.stdout, result.stderr]).toEqual([2, '', 'manifest-lint: internal error while masking the output; nothing more is shown\n']);
  });
});
