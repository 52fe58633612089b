// The `.vsix` that `npm run package` writes: what it holds, its manifest, and the bundled client
// loaded from it with a stand-in for the `vscode` module.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../client/src/commands.js';
import { LANGUAGE_ID, SCHEMA_URL } from '../../client/src/manifest-documents.js';
import vscodeTypes from '../../node_modules/@types/vscode/package.json' with { type: 'json' };
import pkg from '../../package.json' with { type: 'json' };
import { extractZip, packagedVsix, readZip, ROOT } from './vsix.js';

let files: Map<string, Buffer>;
let manifest: Record<string, any>;

beforeAll(async () => {
  files = readZip(fs.readFileSync(await packagedVsix()));
  manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8'));
}, 120_000);

const names = () => [...files.keys()].sort();
const text = (name: string) => files.get(name)!.toString('utf8');

describe('npm run package', () => {
  it('builds, then packs dist/extension into dist/agent-manifest-<version>.vsix', () => {
    const script = (pkg.scripts as Record<string, string>).package;
    expect(script).toBe('node build/build.mjs && node build/install-tools.mjs build/packaging-tools && node build/package-extension.mjs');
    expect(fs.readFileSync(path.join(ROOT, 'build/package-extension.mjs'), 'utf8')).toContain('dist/${manifest.name}-${manifest.version}.vsix');
  });
});

describe('the .vsix', () => {
  it('has a walkthrough whose every step shows a picture it holds, and whose commands it contributes', () => {
    const [walkthrough] = manifest.contributes.walkthroughs as { steps: { media: { image: string; altText: string }; description: string }[] }[];
    const commands = new Set((manifest.contributes.commands as { command: string }[]).map((command) => command.command));
    for (const step of walkthrough!.steps) {
      expect(files.has(`extension/${step.media.image}`), step.media.image).toBe(true);
      expect(step.media.altText.length).toBeGreaterThan(20);
      for (const [, command] of step.description.matchAll(/\(command:([\w.]+)\)/g)) {
        if (command!.startsWith('agentManifest.')) expect(commands.has(command!), command).toBe(true);
      }
    }
  });

  it('stays under 1 MB, and `vsce ls` lists its files with no warning', async () => {
    expect(fs.statSync(await packagedVsix()).size).toBeLessThan(1_000_000);
    const vsce = path.join(ROOT, 'build/packaging-tools/node_modules/@vscode/vsce/vsce');
    // Without dependencies, as build/package-extension.mjs packages it (the bundles hold them).
    const listed = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: path.join(ROOT, 'dist/extension'), encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).not.toMatch(/warn/i);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => `extension/${line}`)
        .sort(),
    ).toEqual(
      names()
        .filter((name) => name.startsWith('extension/') && !/\/(readme\.md|LICENSE\.txt)$/.test(name))
        .concat(['extension/README.md', 'extension/LICENSE'])
        .sort(),
    );
  });

  it("holds the manifest, the client and server bundles, the chunks, the schema, the icons and the walkthrough's pictures, and nothing else", () => {
    const chunks = fs.readdirSync(path.join(ROOT, 'dist', 'chunks')).map((chunk) => `extension/server/chunks/${chunk}`);
    expect(chunks.length).toBeGreaterThan(0);
    expect(names()).toEqual(
      [
        '[Content_Types].xml',
        'extension.vsixmanifest',
        'extension/package.json',
        'extension/readme.md',
        'extension/LICENSE.txt',
        'extension/icon.png',
        'extension/file-icon.png',
        ...fs.readdirSync(path.join(ROOT, 'client', 'media')).map((picture) => `extension/media/${picture}`),
        'extension/extension.cjs',
        'extension/language-client.cjs',
        'extension/language-configuration.json',
        'extension/syntaxes/agent-manifest.tmLanguage.json',
        'extension/schema/manifest.v1.json',
        'extension/server/manifest-language-server.cjs',
        ...chunks,
      ].sort(),
    );
  });

  it('holds nothing from node_modules, no TypeScript, source maps, tests or package locks', () => {
    for (const name of names()) {
      expect(name).not.toMatch(/node_modules|(^|\/)(test|tests|src)\//);
      expect(name).not.toMatch(/\.(ts|mts|cts|map)$|package-lock\.json$/);
    }
    // The bundles load nothing from node_modules: only Node built-ins, vscode and files the .vsix holds.
    for (const name of names().filter((file) => /\.(cjs|mjs)$/.test(file))) {
      // (Not preceded by a quote: Ajv keeps `'require("ajv/dist/runtime/…")'` as text for its code generator.)
      const calls = String.raw`(?<!['"\w.$])(?:require|import)\("([^"]+)"\)`;
      const loads = new RegExp(name.endsWith('.mjs') ? String.raw`${calls}|\bfrom\s*"([^"]+)"` : calls, 'g');
      const required = [...text(name).matchAll(loads)].map((match) => match[1] ?? match[2]!);
      for (const request of required) {
        const relative = /^\.\.?\//.test(request);
        const allowed = relative
          ? files.has(path.posix.join(path.posix.dirname(name), request))
          : request === 'vscode' || request.startsWith('node:') || Module.isBuiltin(request);
        expect(allowed, `${name} requires ${request}`).toBe(true);
      }
    }
  });

  it('carries every chunk the server loads, and the schema the build bundled', () => {
    const server = text('extension/server/manifest-language-server.cjs');
    const referenced = new Set([...server.matchAll(/\.\/chunks\/([\w.-]+\.(?:cjs|mjs))/g)].map((match) => match[1]!));
    expect(referenced.size).toBeGreaterThan(0);
    for (const chunk of referenced) expect(files.has(`extension/server/chunks/${chunk}`), chunk).toBe(true);
    const schema = JSON.parse(text('extension/schema/manifest.v1.json'));
    expect(schema.$id).toBe(SCHEMA_URL);
    expect(
      files.get('extension/schema/manifest.v1.json')?.equals(fs.readFileSync(path.join(ROOT, 'schema/manifest.v1.json'))),
      'byte for byte schema/manifest.v1.json',
    ).toBe(true);
  });

  it('has a manifest complete for the marketplace', () => {
    expect(manifest).toMatchObject({
      name: 'agent-manifest',
      displayName: 'Agent Manifest',
      publisher: expect.stringMatching(/^[a-z0-9][a-z0-9-]*$/),
      version: pkg.version,
      description: expect.stringMatching(/manifest\.json/),
      license: 'MIT',
      repository: { type: 'git', url: expect.stringMatching(/^https:\/\/github\.com\//) },
      icon: 'icon.png',
      main: './extension.cjs',
      engines: { vscode: `^${vscodeTypes.version}` },
    });
    expect(manifest.categories).toEqual(expect.arrayContaining(['Linters', 'Programming Languages']));
    expect(manifest.keywords.length).toBeGreaterThan(3);
    expect(manifest.keywords.length).toBeLessThanOrEqual(30);
    // What only development needs stays out: module type, scripts, dependencies.
    for (const key of ['type', 'scripts', 'dependencies', 'devDependencies']) expect(manifest).not.toHaveProperty(key);
    expect(files.has(`extension/${manifest.main.replace('./', '')}`)).toBe(true);
    expect(text('extension/LICENSE.txt')).toContain('Agent Manifest contributors');
  });

  it('activates on manifests and JSON only, and contributes no JSON schema validation of its own', () => {
    expect(manifest.activationEvents).toEqual([`onLanguage:${LANGUAGE_ID}`, 'onLanguage:json', 'onLanguage:jsonc']);
    expect(manifest.contributes.languages).toEqual([expect.objectContaining({ id: LANGUAGE_ID, filenames: ['manifest.json'] })]);
    expect(manifest.contributes.jsonValidation).toBeUndefined();
    expect(manifest.contributes.jsonLanguageParticipants).toBeUndefined();
    const grammar = manifest.contributes.grammars[0];
    expect(files.has(`extension/${grammar.path.replace('./', '')}`)).toBe(true);
    expect(files.has(`extension/${manifest.contributes.languages[0].configuration.replace('./', '')}`)).toBe(true);
    expect(manifest.contributes.commands.map((command: { command: string }) => command.command).sort()).toEqual(Object.values(COMMANDS).sort());
  });

  it('names the extension and its icon in the package manifest', () => {
    const vsixManifest = text('extension.vsixmanifest');
    const identity = /<Identity ([^>]*)\/>/.exec(vsixManifest)?.[1] ?? '';
    expect(identity).toContain('Id="agent-manifest"');
    expect(identity).toContain(`Version="${pkg.version}"`);
    expect(identity).toContain(`Publisher="${manifest.publisher}"`);
    expect(vsixManifest).toContain('<DisplayName>Agent Manifest</DisplayName>');
    expect(vsixManifest).toContain('<Icon>extension/icon.png</Icon>');
  });

  it('has a 128×128 PNG icon', () => {
    const icon = files.get('extension/icon.png')!;
    expect(icon.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(icon.toString('latin1', 12, 16)).toBe('IHDR');
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([128, 128]);
  });

  it('ships a README that explains duplicate diagnostics and the commands', () => {
    const readme = text('extension/readme.md');
    expect(readme).toContain('# Agent Manifest');
    expect(readme).toContain('code --install-extension');
    for (const command of manifest.contributes.commands) expect(readme).toContain(command.title);
    expect(readme).toMatch(/json\.validate\.enable/);
  });
});

// ---------------------------------------------------------------------------------------------
// The bundled client, required from the extracted package with a stand-in for `vscode`: enough of
// the API to watch what activation does. (Running it inside VS Code is not part of these tests.)

interface FakeDocument {
  uri: { scheme: string; path: string; toString(): string };
  languageId: string;
  version: number;
  isClosed: boolean;
  getText(): string;
}

function document(uriPath: string, languageId: string, content = '{}', scheme = 'file'): FakeDocument {
  return {
    uri: { scheme, path: uriPath, toString: () => `${scheme}://${uriPath}` },
    languageId,
    version: 1,
    isClosed: false,
    getText: () => content,
  };
}

function fakeVscode(documents: FakeDocument[], settings: Record<string, unknown> = {}) {
  type Listener = (value: unknown) => void;
  const listeners = { open: [] as Listener[], change: [] as Listener[], close: [] as Listener[], configuration: [] as Listener[] };
  const subscribe = (list: Listener[]) => (listener: Listener) => {
    list.push(listener);
    return { dispose: () => list.splice(list.indexOf(listener), 1) };
  };
  const log: string[] = [];
  const channels: string[] = [];
  const channel = Object.fromEntries(
    ['append', 'appendLine', 'trace', 'debug', 'info', 'warn', 'error'].map((level) => [level, (message: unknown) => log.push(`${level}: ${String(message)}`)]),
  );
  const api = {
    commands: [] as string[],
    languageChanges: [] as [string, string][],
    statusItems: [] as { shown: boolean; text: string }[],
    log,
    channels,
    listeners,
    vscode: {
      window: {
        createOutputChannel: (name: string) => {
          channels.push(name);
          return { name, ...channel, show() {}, hide() {}, clear() {}, replace() {}, dispose() {} };
        },
        showInformationMessage: async () => undefined,
        showErrorMessage: async () => undefined,
        setStatusBarMessage: () => ({ dispose() {} }),
        createStatusBarItem: () => {
          const item = { shown: false, text: '', show: () => (item.shown = true), hide: () => (item.shown = false), dispose() {} };
          api.statusItems.push(item);
          return item;
        },
        onDidChangeActiveTextEditor: () => ({ dispose() {} }),
        activeTextEditor: undefined,
      },
      StatusBarAlignment: { Left: 1, Right: 2 },
      DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
      ThemeColor: class {
        constructor(readonly id: string) {}
      },
      commands: {
        registerCommand: (id: string) => {
          api.commands.push(id);
          return { dispose() {} };
        },
      },
      workspace: {
        textDocuments: documents,
        onDidOpenTextDocument: subscribe(listeners.open),
        onDidChangeTextDocument: subscribe(listeners.change),
        onDidCloseTextDocument: subscribe(listeners.close),
        onDidChangeConfiguration: subscribe(listeners.configuration),
        getConfiguration: (section: string) => ({
          get: (key: string, fallback: unknown) => settings[`${section}.${key}`] ?? fallback,
        }),
      },
      languages: {
        onDidChangeDiagnostics: () => ({ dispose() {} }),
        getDiagnostics: () => [],
        setTextDocumentLanguage: async (changed: FakeDocument, languageId: string) => {
          api.languageChanges.push([changed.uri.path, languageId]);
          return changed;
        },
      },
    },
  };
  return api;
}

describe('the bundled client', () => {
  let folder: string;
  let requests: string[];
  let fake: ReturnType<typeof fakeVscode>;
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const originalLoad = loader._load;

  beforeAll(() => {
    folder = extractZip(files);
    requests = [];
    loader._load = function (request: string, ...rest: unknown[]) {
      requests.push(request);
      if (request === 'vscode') return fake.vscode;
      return originalLoad.call(this, request, ...rest);
    };
  });

  afterAll(() => {
    loader._load = originalLoad;
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  /** A fresh copy of the bundle (the module keeps the activated extension). */
  function loadExtension(): { activate(context: unknown): void; deactivate(): Promise<void> } {
    const entry = path.join(folder, 'extension', 'extension.cjs');
    const require = createRequire(entry);
    delete require.cache[entry];
    return require(entry);
  }

  const context = () => ({ subscriptions: [] as unknown[], asAbsolutePath: (relative: string) => path.join(folder, 'extension', relative) });

  it('registers its commands and loads neither the language client nor the server for ordinary JSON', async () => {
    fake = fakeVscode([document('/project/package.json', 'json', '{"name": "x"}'), document('/project/.vscode/settings.json', 'jsonc')]);
    requests.length = 0;
    const extension = loadExtension();
    extension.activate(context());
    expect(fake.commands.sort()).toEqual(Object.values(COMMANDS).sort());
    expect(fake.languageChanges).toEqual([]);
    for (const listener of fake.listeners.open) listener(document('/project/tsconfig.json', 'jsonc', '{"compilerOptions": {}}'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).not.toContain('./language-client.cjs');
    expect(fake.channels).toEqual([]);
    // The status bar item exists, hidden: no manifest is open.
    expect(fake.statusItems.map((item) => item.shown)).toEqual([false]);
    await extension.deactivate();
  });

  it('moves JSON documents that declare the manifest schema to the Agent Manifest mode, once', async () => {
    const declared = document('/project/agent.json', 'json', `{ "$schema": "${SCHEMA_URL}", "version": 1 }`);
    const nested = document('/project/other.json', 'json', `{ "x": { "$schema": "${SCHEMA_URL}" } }`);
    fake = fakeVscode([declared, nested]);
    const extension = loadExtension();
    extension.activate(context());
    expect(fake.languageChanges).toEqual([['/project/agent.json', LANGUAGE_ID]]);
    // The user moves it back to JSON: the extension leaves it there.
    for (const listener of fake.listeners.open) listener(declared);
    expect(fake.languageChanges).toHaveLength(1);
    await extension.deactivate();
  });

  it('hands manifests back to JSON when disabled, and loads the language client at the first manifest', async () => {
    fake = fakeVscode([document('/project/manifest.json', LANGUAGE_ID)], { 'agentManifest.enable': false });
    let extension = loadExtension();
    extension.activate(context());
    expect(fake.languageChanges).toEqual([['/project/manifest.json', 'json']]);
    expect(requests).not.toContain('./language-client.cjs');
    await extension.deactivate();

    fake = fakeVscode([document('/project/manifest.json', LANGUAGE_ID)]);
    extension = loadExtension();
    extension.activate(context());
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The stand-in cannot run a language client; that it was asked for is what this test shows.
    expect(requests).toContain('./language-client.cjs');
    await extension.deactivate();
  });
});
