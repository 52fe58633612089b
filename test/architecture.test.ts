/**
 * The layout keeps its promises: the framework (rules/framework/) knows no rule and no manifest
 * (nothing from the analyzers), and no analyzer knows a rule either; rules share code through them, never by importing each other; no module
 * imports itself back through others (type-only imports included, since they tie modules together
 * just the same for a reader); the workspace (workspace/) sits between io/ and the two hosts that use it,
 * the CLI and the server; and the development guide's section on the code names the folders there are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const SOURCES = ['rules', 'language', 'cli', 'report', 'server', 'lib', 'io', 'workspace', 'dev', 'playground', 'protocol', 'client/src'];
/** The GitHub Action's scripts (JavaScript, with declarations beside), read for the same graph. */
const ACTION = 'action';

const isSource = (name: string) => name.endsWith('.ts') && !name.endsWith('.d.ts');
const isActionScript = (name: string) => name.endsWith('.mjs') || name.endsWith('.mts');

function sourceFiles(folder: string, wanted = isSource): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sourceFiles(full, wanted);
    return wanted(name) ? [full] : [];
  });
}

/** Each source file's imports of other source files (relative specifiers), by relative path. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = [...SOURCES.flatMap((folder) => sourceFiles(path.join(ROOT, folder))), ...sourceFiles(path.join(ROOT, ACTION), isActionScript)];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g)]
      .map((match) => path.resolve(path.dirname(file), match[1] ?? match[2]!).replace(/\.js$/, '.ts'))
      .filter((target) => target.endsWith('.ts'))
      .map((target) => path.relative(ROOT, target));
    graph.set(path.relative(ROOT, file), targets);
  }
  return graph;
}

const graph = importGraph();

describe('the import graph', () => {
  it('reads the sources it is about', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('rules/catalog/route-port-reserved.ts')).toContain('rules/analyzers/routes.ts');
  });

  it('has no rule importing another rule', () => {
    const rule = (file: string) => /^rules\/catalog\/[^/]+\.ts$/.test(file) && file !== 'rules/catalog/index.ts';
    const offending = [...graph].flatMap(([file, targets]) => (rule(file) ? targets.filter(rule).map((target) => `${file} → ${target}`) : []));
    expect(offending).toEqual([]);
  });

  it('has the framework and the analyzers import nothing from the catalog', () => {
    const catalog = (file: string) => file.startsWith('rules/catalog/');
    const offending = [...graph].flatMap(([file, targets]) =>
      /^rules\/(framework|analyzers)\//.test(file) ? targets.filter(catalog).map((target) => `${file} → ${target}`) : [],
    );
    expect(offending).toEqual([]);
  });

  it('has the framework know no manifest: nothing from the analyzers (what it needs, generic, lives in it)', () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      file.startsWith('rules/framework/') ? targets.filter((target) => target.startsWith('rules/analyzers/')).map((target) => `${file} → ${target}`) : [],
    );
    expect(offending).toEqual([]);
  });

  it('keeps the engine and its language service pure: nothing from io/, the adapters or the server', () => {
    const pure = (file: string) => file.startsWith('rules/') || file.startsWith('language/');
    const host = (file: string) => /^(io|workspace|dev|cli|report|server|lib|playground)\//.test(file);
    const offending = [...graph].flatMap(([file, targets]) => (pure(file) ? targets.filter(host).map((target) => `${file} → ${target}`) : []));
    expect(offending).toEqual([]);
  });

  it('keeps the engine out of the playground page: it talks to the server in its worker, and takes only the protocol', () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      file.startsWith('playground/')
        ? targets.filter((target) => !target.startsWith('playground/') && !target.startsWith('protocol/')).map((target) => `${file} → ${target}`)
        : [],
    );
    expect(offending).toEqual([]);
    expect(graph.get('playground/app.ts')).toContain('protocol/holds-secret.ts');
  });

  it('has the VS Code extension ask the server through the protocol, taking from the engine only what it knows of files (no feature, no host)', () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      file.startsWith('client/src/') ? targets.filter((target) => !/^(client\/src|protocol|rules)\//.test(target)).map((target) => `${file} → ${target}`) : [],
    );
    expect(offending).toEqual([]);
    expect(graph.get('client/src/extension.ts')).toContain('protocol/template-report.ts');
  });

  it('keeps the protocol (custom requests shared by the server, the extension and the playground) to names and types', () => {
    const offending = [...graph].flatMap(([file, targets]) => (file.startsWith('protocol/') ? targets.map((target) => `${file} → ${target}`) : []));
    expect(offending).toEqual([]);
    expect([...graph.keys()].filter((file) => file.startsWith('protocol/')).length).toBeGreaterThan(0);
  });

  it('keeps the command line to itself: neither the library, the Action nor the reports import from cli/', () => {
    const cli = (file: string) => file.startsWith('cli/');
    const offending = [...graph].flatMap(([file, targets]) =>
      /^(lib|action|report)\//.test(file) ? targets.filter(cli).map((target) => `${file} → ${target}`) : [],
    );
    expect(offending).toEqual([]);
    // The rule reads what it is about: the Action's report types and the library's formatters.
    expect(graph.get('action/summary.d.mts')).toContain('report/formats/json-types.ts');
    expect(graph.get('lib/index.ts')).toContain('report/formats/output.ts');
  });

  it('keeps the workspace between io/ and its two hosts: it imports the engine and io/ only, and only cli/ and server/ import it', () => {
    const workspace = (file: string) => file.startsWith('workspace/');
    const below = (file: string) => /^(rules|io|workspace)\//.test(file);
    const outward = [...graph].flatMap(([file, targets]) =>
      workspace(file) ? targets.filter((target) => !below(target)).map((target) => `${file} → ${target}`) : [],
    );
    expect(outward).toEqual([]);
    const host = (file: string) => /^(cli|server|workspace)\//.test(file);
    const inward = [...graph].flatMap(([file, targets]) => (host(file) ? [] : targets.filter(workspace).map((target) => `${file} → ${target}`)));
    expect(inward).toEqual([]);
    // The rule reads what it is about: both hosts take their configs from the workspace.
    expect(graph.get('cli/config.ts')).toContain('workspace/configs.ts');
    expect(graph.get('server/disk-files.ts')).toContain('workspace/configs.ts');
  });

  it('lets no lint, editor or template path start a script: dev/ is reached only from the dev command, and nothing else runs a shell', () => {
    const dev = (file: string) => file.startsWith('dev/');
    const importers = (isTarget: (file: string) => boolean) =>
      [...graph].flatMap(([file, targets]) => (!isTarget(file) && targets.some(isTarget) ? [file] : []));
    expect(importers(dev)).toEqual(['cli/dev-command.ts']);
    expect(importers((file) => file === 'cli/dev-command.ts')).toEqual(['cli/run.ts']);
    // cli/run.ts loads the command only for `manifest-lint dev`.
    const run = readFileSync(path.join(ROOT, 'cli', 'run.ts'), 'utf8');
    expect(run).toMatch(/if \(argv\[0\] === 'dev'\) return runDevCommand\(/);
    expect(run.match(/import\('\.\/dev-command\.js'\)/g)).toHaveLength(1);
    // Processes are started by dev/ (the scripts), by git's clone in io/ and by the Action (the CLI) only; a shell by dev/ alone.
    const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
    const starters = [...graph.keys()].filter(
      (file) => !dev(file) && !/^(io\/git|action\/)/.test(file) && /['"](?:node:)?child_process['"]/.test(source(file)),
    );
    expect(starters).toEqual([]);
    const shells = [...graph.keys()].filter((file) => !dev(file) && /['"]\/bin\/sh['"]|shell:\s*true/.test(source(file)));
    expect(shells).toEqual([]);
    expect(graph.get('dev/session.ts')).toContain('dev/process-group.ts');
  });

  it('has no cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...stack.slice(stack.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'visiting');
      stack.push(file);
      for (const target of graph.get(file) ?? []) visit(target);
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file);
    expect(cycles).toEqual([]);
  });
});

describe('the development guide', () => {
  it('names, in its section on the code, every source folder and nothing else', () => {
    const readme = readFileSync(path.join(ROOT, 'docs', 'development.md'), 'utf8');
    // The section's opening items, up to the build's.
    const start = readme.indexOf('\n## How the code is organised');
    const section = readme.slice(start, readme.indexOf('- `npm run build`', start));
    const named = new Set([...section.matchAll(/`((?:rules\/)?[a-z]+\/)`/g)].map((match) => match[1]));
    const folders = [
      ...readdirSync(path.join(ROOT, 'rules'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== 'generated')
        .map((entry) => `rules/${entry.name}/`),
      ...SOURCES.filter((folder) => folder !== 'rules' && folder !== 'client/src').map((folder) => `${folder}/`),
      'client/',
    ];
    expect([...named].sort()).toEqual(folders.sort());
  });
});

describe('the type check', () => {
  it('covers every source folder (the playground with its own configuration), not only what something imports', () => {
    const config = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] };
    const checked = (folder: string) => config.include.some((included) => folder === included || folder.startsWith(`${included}/`));
    expect([...SOURCES, ACTION].filter((folder) => folder !== 'playground' && !checked(folder))).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(ROOT, 'playground', 'tsconfig.json'), 'utf8')).include).toEqual(['.']);
  });
});
