/**
 * The config files of the workspace layer, as the CLI and the server use them: each file read
 * once until `invalidate`, each file passed over told once however many lookups find it, a file
 * with problems passed over (or, for the CLI, stopping the lookup), and the template repository's
 * own file never used for its check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigLocator } from '../../io/config-files.js';
import { ConfigFiles, MAX_CONFIG_BYTES, readConfigText, UnusableConfig, type PassedOverConfig } from '../../workspace/configs.js';
import { workspace, writeFile } from '../workspace.js';

const CONFIG = '.manifestlintrc.json';

/** Config files over `dir`'s disk, counting what is read and what is told. */
function configFiles(options: { locator?: ConfigLocator; invalid?: () => void } = {}) {
  const reads: string[] = [];
  const told: PassedOverConfig[] = [];
  const files = new ConfigFiles({
    readText: (absPath) => {
      reads.push(absPath);
      return readConfigText(absPath);
    },
    passedOver: (file) => told.push(file),
    adopt: (config) => config,
    ...options,
  });
  return { files, reads, told };
}

describe('the config files of a workspace', () => {
  it('read a file once for every manifest it applies to, until invalidated, and list the usable ones in the order first needed', async () => {
    const dir = workspace({ [CONFIG]: '{ "rules": { "skill-cid-stale": "off" } }\n', 'b/c/manifest.json': '{}', 'a/manifest.json': '{}' });
    const { files, reads } = configFiles();
    const first = await files.forFolder(path.join(dir, 'a'));
    expect(first?.rules).toEqual({ 'skill-cid-stale': 'off' });
    expect(await files.forFolder(path.join(dir, 'b/c'))).toBe(first);
    expect(await files.forFolder(undefined)).toBeUndefined();
    expect(reads).toEqual([path.join(dir, CONFIG)]);
    expect(files.loaded).toEqual([first]);

    writeFile(dir, CONFIG, '{ "rules": { "skill-cid-stale": "error" } }\n');
    // Kept until told: the server invalidates when a watched config file changes.
    expect((await files.forFolder(path.join(dir, 'a')))?.rules).toEqual({ 'skill-cid-stale': 'off' });
    const generation = files.generation;
    files.invalidate();
    expect(files.generation).toBe(generation + 1);
    expect((await files.forFolder(path.join(dir, 'a')))?.rules).toEqual({ 'skill-cid-stale': 'error' });
    expect(reads).toHaveLength(2);
  });

  it('tell a file passed over once, however many lookups pass it, and use the next one up', async () => {
    const dir = workspace({ [CONFIG]: '{}\n', 'team/.manifestlintrc.json': '{}\n' });
    const own = fs.statSync(path.join(dir, CONFIG)).uid;
    // Trusting another user, the locator finds every file foreign: each is passed over.
    const { files, told } = configFiles({ locator: new ConfigLocator({ uid: own + 1 }) });
    expect(await files.forFolder(path.join(dir, 'team/a'))).toBeUndefined();
    expect(await files.forFolder(path.join(dir, 'team/b'))).toBeUndefined();
    const reason = `it is owned by another user (uid ${own})`;
    expect(told).toEqual([
      { absPath: path.join(dir, 'team', CONFIG), reason, kind: 'untrusted' },
      { absPath: path.join(dir, CONFIG), reason, kind: 'untrusted' },
    ]);
  });

  it('pass over a file with problems once, saying where the problem is; a host that stops there gets its error from the lookup', async () => {
    const dir = workspace({ [CONFIG]: '{ "rules": { "no-such-rule": "off" } }\n' });
    const lenient = configFiles();
    expect(await lenient.files.forFolder(dir)).toBeUndefined();
    expect(await lenient.files.forFolder(dir)).toBeUndefined();
    expect(lenient.told).toHaveLength(1);
    expect(lenient.told[0]).toMatchObject({ absPath: path.join(dir, CONFIG), kind: 'unusable' });
    expect(lenient.told[0]!.reason).toMatch(/^line 1, column \d+: .*no-such-rule/);

    const strict = configFiles({
      invalid: () => {
        throw new Error('stopped');
      },
    });
    await expect(strict.files.forFolder(dir)).rejects.toThrow('stopped');
    expect(strict.told).toEqual([]);
  });

  it("pass over the template repository's own file for its check, and use it for a manifest of its own", async () => {
    const repository = workspace({ [CONFIG]: '{}\n', 'manifest.json': '{}' });
    const { files, told } = configFiles();
    expect(await files.forFolder(repository, repository)).toBeUndefined();
    expect(told).toEqual([
      { absPath: path.join(repository, CONFIG), reason: 'it belongs to the repository under test, which the platform checks without it', kind: 'repository' },
    ]);
    expect((await files.forFolder(repository))?.absPath).toBe(path.join(repository, CONFIG));
  });
});

describe('reading a config file for a host that goes on without it', () => {
  it('passes over a file too large to be one, or gone', async () => {
    const dir = workspace({ [CONFIG]: `{ "rules": {} }${' '.repeat(MAX_CONFIG_BYTES)}` });
    await expect(readConfigText(path.join(dir, CONFIG))).rejects.toEqual(new UnusableConfig(`it is larger than ${MAX_CONFIG_BYTES} bytes`));
    await expect(readConfigText(path.join(dir, 'gone.json'))).rejects.toEqual(new UnusableConfig('it no longer exists'));
  });
});
