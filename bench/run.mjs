#!/usr/bin/env node
// Benchmarks for manifest-lint (SPEC section 10). Run with `npm run bench`, which builds first.
//
//   node bench/run.mjs [--rounds N] [--warmup N] [--passes N] [--seed N] [--schema FILE] [--only REGEX]
//   (--only keeps the rows whose name matches, e.g. --only 'baseline|cli' or --only 'engine|jsonc')
//
// Process rows: every command is a separate `node` process started with spawnSync and timed with
// process.hrtime.bigint(). Warm-up rounds are discarded; then each round runs every command once,
// in a freshly shuffled order, so drift in machine load spreads over all rows alike.
// In-process rows: the rule engine, bundled with esbuild at run time, against jsonc-parser's
// parseTree over the generated manifests.
// Results: a table on stdout and the same as Markdown in bench/results/latest.md.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { applyEdits, modify, parseTree } from './jsonc-parser.mjs';
import { machine, median, percentile } from './measure.mjs';
import { seededShuffle } from './seeded-random.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(benchDir, '..');
const resultsDir = join(benchDir, 'results');
const fixturesDir = join(benchDir, 'fixtures');
const generatedDir = join(fixturesDir, 'generated');

// ------------------------------------------------------------------------------------------------
// Options

function parseArgs(argv) {
  const options = { rounds: 30, warmup: 3, passes: 30, seed: 20261123, schema: 'schema/manifest.v1.json', only: '' };
  const numeric = new Set(['rounds', 'warmup', 'passes', 'seed']);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log('usage: node bench/run.mjs [--rounds N (>= 30)] [--warmup N] [--passes N (>= 5)] [--seed N] [--schema FILE] [--only REGEX]');
      process.exit(0);
    }
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match || !(match[1] in options)) fail(`unknown argument ${arg}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) fail(`${arg} needs a value`);
    if (numeric.has(match[1])) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) fail(`${arg} needs a non-negative integer`);
      options[match[1]] = n;
    } else {
      options[match[1]] = value;
    }
  }
  if (options.rounds < 30) fail('--rounds must be at least 30 (medians and p90 need the samples)');
  if (options.passes < 5) fail('--passes must be at least 5');
  return options;
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}

const options = parseArgs(process.argv.slice(2));
const schemaPath = resolve(root, options.schema);
const rel = (file) => relative(root, file) || '.';

// ------------------------------------------------------------------------------------------------
// Small statistics and a seeded shuffle (run order is reproducible from --seed)

const shuffled = seededShuffle(options.seed);

const ms = (ns) => Number(ns) / 1e6;
const fmt = (value, digits = 1) => (value === undefined ? '–' : value.toFixed(digits));

// ------------------------------------------------------------------------------------------------
// The measurements. Each is { name, kind: 'process', argv, accept, needs?, check? } or
// { name, kind: 'in-process', prepare, pass }. Add rows by appending to this list; ratios refer to
// rows by name.

const NODE = process.execPath;
const cliEntry = join(root, 'dist', 'manifest-lint.cjs');
const ajvEntry = join(benchDir, 'node_modules', 'ajv-cli', 'dist', 'index.js');
const spectralEntry = join(benchDir, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');
const spectralRuleset = join(resultsDir, 'spectral-ruleset.json');
const seededFile = join(resultsDir, 'seeded-errors.json');
const ajvKeywords = './' + rel(join(benchDir, 'ajv-editor-keywords.cjs'));

const fixture = (name) => rel(join(fixturesDir, name));

const ajvArgs = (data, extra = []) => [
  rel(ajvEntry),
  'validate',
  '--spec=draft2020',
  '--all-errors',
  '--allow-union-types',
  ...extra,
  '-c',
  'ajv-formats',
  '-c',
  ajvKeywords,
  '-s',
  rel(schemaPath),
  '-d',
  data,
];
const spectralArgs = (data, format = 'text') => [rel(spectralEntry), 'lint', '-r', rel(spectralRuleset), '-f', format, data];
const cliArgs = (data, format = 'compact') => [rel(cliEntry), '--format', format, data];

/** Seeded mistakes every tool must report: the JSON path of each, and how to name it in a message. */
const SEEDED = [
  { path: ['version'], what: '"version": 2' },
  { path: ['unknownKey'], what: 'unknown key "unknownKey"' },
  { path: ['routes', 0, 'port'], what: 'routes[0].port 18789 (reserved)' },
];

const measurements = [
  { name: 'baseline', label: "node -e ''", kind: 'process', argv: ['-e', ''], accept: [0] },
  {
    name: 'cli-no-tasks',
    kind: 'process',
    argv: cliArgs(fixture('no-tasks.json')),
    accept: [0, 1],
    needs: () => existsSync(cliEntry) || `${rel(cliEntry)} is missing (run npm run build)`,
    check: checkCli,
  },
  {
    name: 'cli-typical',
    kind: 'process',
    argv: cliArgs(fixture('typical.json')),
    accept: [0, 1],
    needs: () => existsSync(cliEntry) || `${rel(cliEntry)} is missing (run npm run build)`,
    check: checkCli,
  },
  {
    name: 'ajv-no-tasks',
    kind: 'process',
    argv: ajvArgs(fixture('no-tasks.json')),
    accept: [0, 1],
    needs: needsSchema,
    check: checkAjv,
    abortOnFailedCheck: true,
  },
  {
    name: 'ajv-typical',
    kind: 'process',
    argv: ajvArgs(fixture('typical.json')),
    accept: [0, 1],
    needs: needsSchema,
    check: checkAjv,
    abortOnFailedCheck: true,
  },
  {
    name: 'spectral-no-tasks',
    kind: 'process',
    argv: spectralArgs(fixture('no-tasks.json')),
    accept: [0, 1],
    needs: needsSpectralRuleset,
    check: checkSpectral,
    abortOnFailedCheck: true,
  },
  {
    name: 'spectral-typical',
    kind: 'process',
    argv: spectralArgs(fixture('typical.json')),
    accept: [0, 1],
    needs: needsSpectralRuleset,
    check: checkSpectral,
    abortOnFailedCheck: true,
  },
  {
    name: 'engine-lint',
    label: 'lint(text, { now }) over generated/*.json',
    kind: 'in-process',
    prepare: prepareEngine,
    pass: (ctx) => ctx.lintPass(),
  },
  {
    name: 'jsonc-parseTree',
    label: 'parseTree(text, [], { disallowComments: true }) over generated/*.json',
    kind: 'in-process',
    prepare: prepareTexts,
    pass: (ctx) => ctx.parsePass(),
  },
  // Where lint's time goes: the engine's own parse (tree, value for the schema), then the parse
  // with the schema check and the result but every rule off. What lint costs beyond is the rules'.
  {
    name: 'engine-parse',
    label: 'parseDocument(text) over generated/*.json',
    kind: 'in-process',
    prepare: prepareEngine,
    pass: (ctx) => ctx.parseDocumentPass(),
  },
  {
    name: 'engine-no-rules',
    label: 'lint(text, { now, rules: every rule off }) over generated/*.json',
    kind: 'in-process',
    prepare: prepareEngine,
    pass: (ctx) => ctx.noRulesPass(),
  },
];

const ratios = [
  { name: 'CLI no-tasks / node baseline', of: 'cli-no-tasks', to: 'baseline', target: 1.5 },
  { name: 'CLI typical / node baseline', of: 'cli-typical', to: 'baseline', target: 2 },
  { name: 'CLI no-tasks / ajv-cli no-tasks', of: 'cli-no-tasks', to: 'ajv-no-tasks' },
  { name: 'CLI typical / ajv-cli typical', of: 'cli-typical', to: 'ajv-typical' },
  { name: 'CLI no-tasks / spectral no-tasks', of: 'cli-no-tasks', to: 'spectral-no-tasks' },
  { name: 'CLI typical / spectral typical', of: 'cli-typical', to: 'spectral-typical' },
  { name: 'ajv-cli typical / node baseline', of: 'ajv-typical', to: 'baseline' },
  { name: 'spectral typical / node baseline', of: 'spectral-typical', to: 'baseline' },
  { name: 'engine lint / parseTree (per pass)', of: 'engine-lint', to: 'jsonc-parseTree', target: 3 },
  { name: 'engine parse alone / parseTree', of: 'engine-parse', to: 'jsonc-parseTree' },
  { name: 'engine, every rule off / parseTree', of: 'engine-no-rules', to: 'jsonc-parseTree' },
];

// ------------------------------------------------------------------------------------------------
// Preparation and honesty checks

function needsSchema() {
  return existsSync(schemaPath) || `${rel(schemaPath)} does not exist yet`;
}

let spectralRulesetState;
function needsSpectralRuleset() {
  if (spectralRulesetState === undefined) spectralRulesetState = writeSpectralRuleset();
  return spectralRulesetState;
}

/**
 * Spectral's `schema` function ignores a schema given by `$ref` to a file without any message,
 * so the whole schema is inlined into the rule's functionOptions; internal `#/$defs/…` references
 * stay inside the inlined schema, whose `$id` Spectral's Ajv registers.
 */
function writeSpectralRuleset() {
  const ok = needsSchema();
  if (ok !== true) return ok;
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
  const ruleset = {
    rules: {
      'manifest-schema': {
        description: 'manifest.json must match schema/manifest.v1.json',
        message: '{{error}}',
        severity: 'error',
        given: '$',
        then: { function: 'schema', functionOptions: { schema, dialect: 'draft2020-12', allErrors: true } },
      },
    },
  };
  writeFileSync(spectralRuleset, `${JSON.stringify(ruleset, null, 2)}\n`);
  return true;
}

/** typical.json with the SEEDED mistakes, edited in place so its layout (and line numbers) stay. */
function writeSeededFile() {
  let text = readFileSync(join(fixturesDir, 'typical.json'), 'utf8');
  const formattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };
  for (const [path, value] of [
    [['version'], 2],
    [['unknownKey'], true],
    [['routes', 0, 'port'], 18789],
  ]) {
    text = applyEdits(text, modify(text, path, value, { formattingOptions }));
  }
  writeFileSync(seededFile, text);
}

function run(argv) {
  return spawnSync(NODE, argv, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const samePath = (a, b) => a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

function missingSeeded(found) {
  return SEEDED.filter((seed) => !found(seed)).map((seed) => seed.what);
}

function checkSpectral() {
  const result = run(spectralArgs(rel(seededFile), 'json'));
  let findings;
  try {
    findings = JSON.parse(result.stdout);
  } catch {
    return { ok: false, verdict: `spectral printed no JSON (exit ${result.status}): ${firstLine(result.stderr || result.stdout)}` };
  }
  const errors = findings.filter((f) => f.severity === 0);
  const missing = missingSeeded(({ path }) => errors.some((f) => samePath(f.path, path) || (path[0] === 'unknownKey' && /unknownKey/.test(f.message))));
  return missing.length === 0
    ? { ok: true, verdict: `spectral reported ${errors.length} errors on ${rel(seededFile)}, covering every seeded mistake` }
    : { ok: false, verdict: `spectral did not report: ${missing.join(', ')} (it printed ${errors.length} errors)` };
}

function checkAjv() {
  const result = run(ajvArgs(rel(seededFile), ['--errors=json']));
  const text = `${result.stdout}\n${result.stderr}`;
  const jsonStart = text.indexOf('[');
  let errors = [];
  try {
    errors = JSON.parse(text.slice(jsonStart, text.lastIndexOf(']') + 1));
  } catch {
    return { ok: false, verdict: `ajv-cli printed no error list (exit ${result.status}): ${firstLine(text)}` };
  }
  const pointer = (path) => path.map((p) => `/${p}`).join('');
  const missing = missingSeeded(({ path }) =>
    errors.some((e) => e.instancePath === pointer(path) || (path[0] === 'unknownKey' && e.params && e.params.additionalProperty === 'unknownKey')),
  );
  return missing.length === 0
    ? { ok: true, verdict: `ajv-cli reported ${errors.length} errors on ${rel(seededFile)}, covering every seeded mistake` }
    : { ok: false, verdict: `ajv-cli did not report: ${missing.join(', ')}` };
}

function checkCli() {
  const result = run(cliArgs(rel(seededFile), 'json'));
  let files;
  try {
    files = JSON.parse(result.stdout);
  } catch {
    return { ok: false, verdict: `manifest-lint printed no JSON (exit ${result.status}): ${firstLine(result.stderr || result.stdout)}` };
  }
  const diagnostics = files.flatMap((f) => f.diagnostics ?? []).filter((d) => d.severity === 'error');
  const missing = missingSeeded(({ path }) => diagnostics.some((d) => samePath(d.path, path)));
  return missing.length === 0
    ? { ok: true, verdict: `manifest-lint reported ${diagnostics.map((d) => d.ruleId).join(', ')} on ${rel(seededFile)}, covering every seeded mistake` }
    : { ok: false, verdict: `manifest-lint did not report: ${missing.join(', ')}` };
}

function firstLine(text) {
  return (
    String(text ?? '')
      .trim()
      .split('\n')[0]
      ?.slice(0, 200) ?? ''
  );
}

// In-process context shared by the engine and parseTree rows.
const inProcess = { texts: undefined, lint: undefined, sink: 0 };

function prepareTexts() {
  if (!inProcess.texts) {
    if (!existsSync(generatedDir)) return `${rel(generatedDir)} is missing (run node bench/generate-fixtures.mjs)`;
    const files = readdirSync(generatedDir)
      .filter((f) => f.endsWith('.json'))
      .sort();
    inProcess.texts = files.map((f) => readFileSync(join(generatedDir, f), 'utf8'));
    inProcess.bytes = inProcess.texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
    inProcess.parsePass = () => {
      let nodes = 0;
      for (const text of inProcess.texts) nodes += parseTree(text, [], { disallowComments: true })?.children?.length ?? 0;
      inProcess.sink += nodes;
    };
    // The first call of all is timed on its own: cold code, nothing cached yet.
    const start = process.hrtime.bigint();
    inProcess.parsePass();
    inProcess.coldParse = ms(process.hrtime.bigint() - start);
  }
  return inProcess.texts.length > 0 || 'no generated manifests';
}

/** The engine is bundled and checked once, for every row that runs it. */
let enginePrepared;
function prepareEngine() {
  return (enginePrepared ??= bundleAndCheckEngine());
}

async function bundleAndCheckEngine() {
  const texts = prepareTexts();
  if (texts !== true) return texts;
  const entry = join(root, 'rules', 'index.ts');
  if (!existsSync(entry)) return `${rel(entry)} does not exist yet`;
  const outfile = join(resultsDir, 'engine.mjs');
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch (error) {
    return `esbuild cannot be loaded: ${error.message}`;
  }
  try {
    await esbuild.build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      mainFields: ['module', 'main'],
      logLevel: 'silent',
      // Bundled CommonJS code may still call require() for Node built-ins.
      banner: { js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);" },
    });
  } catch (error) {
    const first = error.errors?.[0];
    const where = first?.location ? ` (${first.location.file}:${first.location.line})` : '';
    return `rules/index.ts does not bundle yet: ${first?.text ?? error.message}${where}`;
  }
  let engine;
  try {
    engine = await import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
  } catch (error) {
    return `the bundled engine does not load: ${firstLine(error.stack ?? error.message)}`;
  }
  if (typeof engine.lint !== 'function') return 'rules/index.ts does not export lint()';
  const now = new Date('2026-11-23T09:00:00Z');
  // One checked pass: the API shape, no exceptions, and no error on these valid manifests.
  // It is also the cold pass: the engine's first calls in this process, timed as such.
  const errorFindings = [];
  const start = process.hrtime.bigint();
  try {
    inProcess.texts.forEach((text, i) => {
      const result = engine.lint(text, { now });
      if (!result || !Array.isArray(result.diagnostics) || typeof result.mask?.mask !== 'function') {
        throw new Error('lint() did not return { diagnostics, mask }');
      }
      for (const d of result.diagnostics) if (d.severity === 'error') errorFindings.push(`#${i + 1} ${d.ruleId}: ${d.message}`);
    });
  } catch (error) {
    return `lint() throws on the generated manifests: ${firstLine(error.message)}`;
  }
  inProcess.coldLint = ms(process.hrtime.bigint() - start);
  inProcess.lintPass = () => {
    const opts = { now: new Date('2026-11-23T09:00:00Z') };
    let count = 0;
    for (const text of inProcess.texts) count += engine.lint(text, opts).diagnostics.length;
    inProcess.sink += count;
  };
  inProcess.parseDocumentPass = () => {
    let count = 0;
    for (const text of inProcess.texts) count += engine.parseDocument(text).syntaxErrors.length + 1;
    inProcess.sink += count;
  };
  const everyRuleOff = Object.fromEntries(engine.listRules().map((rule) => [rule.id, 'off']));
  inProcess.noRulesPass = () => {
    const opts = { now: new Date('2026-11-23T09:00:00Z'), rules: everyRuleOff };
    let count = 0;
    for (const text of inProcess.texts) count += engine.lint(text, opts).diagnostics.length + 1;
    inProcess.sink += count;
  };
  if (errorFindings.length > 0) {
    notes.push(`The engine reports ${errorFindings.length} error(s) on the generated (schema-valid) manifests; first: ${errorFindings[0]}`);
  }
  return true;
}

// ------------------------------------------------------------------------------------------------
// Measuring

const notes = [];
const skipped = new Map(); // name -> reason
const samples = new Map(); // name -> ms[]
const checks = [];

async function prepareAll() {
  mkdirSync(resultsDir, { recursive: true });
  writeSeededFile();
  const only = options.only ? new RegExp(options.only) : undefined;
  const checked = new Set();
  for (const m of measurements) {
    if (only && !only.test(m.name)) {
      skipped.set(m.name, 'not selected by --only');
      continue;
    }
    const need = m.kind === 'in-process' ? await m.prepare() : m.needs ? m.needs() : true;
    if (need !== true) {
      skipped.set(m.name, need);
      continue;
    }
    if (m.kind !== 'process') continue;
    // One preflight run: the command must work before it is timed.
    const result = run(m.argv);
    m.firstExit = result.status;
    m.firstOutput = firstLine(result.stdout) || firstLine(result.stderr);
    if (!m.accept.includes(result.status)) {
      skipped.set(m.name, `exit ${result.status ?? result.signal} (expected ${m.accept.join(' or ')}): ${firstLine(result.stderr || result.stdout)}`);
      continue;
    }
    // Each tool's seeded-error check runs once, whichever of its rows comes first.
    if (m.check && !checked.has(m.check)) {
      checked.add(m.check);
      const { ok, verdict } = m.check();
      checks.push({ name: m.name, ok, verdict });
      if (!ok && m.abortOnFailedCheck) {
        console.error(`bench: ABORT: ${verdict}.`);
        console.error('bench: the comparison would time a tool that does not apply our schema; fix the set-up first.');
        process.exit(1);
      }
    }
  }
}

function timeProcess(m) {
  const start = process.hrtime.bigint();
  const result = spawnSync(NODE, m.argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const elapsed = process.hrtime.bigint() - start;
  if (!m.accept.includes(result.status)) {
    throw new Error(`${m.name} exited ${result.status ?? result.signal} during timing: ${firstLine(String(result.stderr))}`);
  }
  return ms(elapsed);
}

function measureProcesses() {
  const active = measurements.filter((m) => m.kind === 'process' && !skipped.has(m.name));
  for (const m of active) samples.set(m.name, []);
  const total = options.warmup + options.rounds;
  for (let round = 0; round < total; round += 1) {
    const warm = round < options.warmup;
    for (const m of shuffled(active)) {
      const t = timeProcess(m);
      if (!warm) samples.get(m.name).push(t);
    }
    progress(`process rows: ${warm ? 'warm-up' : 'round'} ${warm ? round + 1 : round + 1 - options.warmup}/${warm ? options.warmup : options.rounds}`);
  }
  progress('');
}

/**
 * Enough passes for the JIT to settle on the engine's many small functions, which V8 optimises
 * over thousands of lints: on a 2-core machine a pass over the 200 manifests still took 19 ms
 * after 10 passes and settled near 13 ms after 40 to 50 (`settlingNote` shows whether it did).
 */
const IN_PROCESS_WARMUP = 60;

function measureInProcess() {
  const active = measurements.filter((m) => m.kind === 'in-process' && !skipped.has(m.name));
  if (active.length === 0) return;
  for (const m of active) samples.set(m.name, []);
  const warmupPasses = IN_PROCESS_WARMUP;
  for (let pass = 0; pass < warmupPasses + options.passes; pass += 1) {
    for (const m of shuffled(active)) {
      const start = process.hrtime.bigint();
      m.pass(inProcess);
      const t = ms(process.hrtime.bigint() - start);
      if (pass >= warmupPasses) samples.get(m.name).push(t);
    }
    progress(`in-process rows: pass ${pass + 1}/${warmupPasses + options.passes}`);
  }
  progress('');
}

function progress(text) {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
}

// ------------------------------------------------------------------------------------------------
// Reporting

function commandLine(m) {
  if (m.kind !== 'process') return m.label;
  const quote = (a) => (a === '' ? "''" : /[^\w@%+=:,./-]/.test(a) ? `'${a.replace(/'/g, "'\\''")}'` : a);
  return ['node', ...m.argv.map(quote)].join(' ');
}

function stats(name) {
  const s = samples.get(name);
  if (!s || s.length === 0) return undefined;
  return { median: median(s), p90: percentile(s, 90), min: Math.min(...s), n: s.length };
}

function buildReport() {
  const info = machine();
  const base = stats('baseline');
  const rows = measurements.map((m) => {
    const st = stats(m.name);
    return {
      name: m.name,
      command: commandLine(m),
      median: st?.median,
      p90: st?.p90,
      min: st?.min,
      n: st?.n,
      overBaseline: m.kind === 'process' && st && base && m.name !== 'baseline' ? st.median - base.median : undefined,
      exit: m.firstExit,
      skipped: skipped.get(m.name),
      kind: m.kind,
    };
  });
  const ratioRows = ratios.map((r) => {
    const a = stats(r.of);
    const b = stats(r.to);
    const value = a && b ? a.median / b.median : undefined;
    const verdict = r.target === undefined ? '' : value === undefined ? 'SKIPPED' : value <= r.target ? 'PASS' : 'FAIL';
    const why = value === undefined ? (skipped.get(r.of) ?? skipped.get(r.to)) : undefined;
    return { ...r, value, verdict, why };
  });
  return { info, rows, ratioRows };
}

function printReport({ info, rows, ratioRows }) {
  const lines = [];
  lines.push(`Machine: ${info.cpu}, ${info.cores} cores, ${info.memory}, ${info.os}; Node ${info.node}; load ${info.load}`);
  lines.push(`Process rows: ${options.warmup} warm-up rounds discarded, ${options.rounds} rounds, shuffled order (seed ${options.seed}).`);
  if (samples.has('jsonc-parseTree') || samples.has('engine-lint')) {
    lines.push(`In-process rows: ${IN_PROCESS_WARMUP} warm-up passes, ${options.passes} timed passes over ${inProcess.texts.length} manifests.`);
  }
  lines.push('');
  const header = ['measurement', 'median ms', 'p90 ms', 'min ms', 'over baseline ms', 'exit', 'n'];
  const table = rows.map((r) =>
    r.skipped
      ? [r.name, 'skipped', '', '', '', '', '']
      : [r.name, fmt(r.median, 2), fmt(r.p90, 2), fmt(r.min, 2), r.overBaseline === undefined ? '' : fmt(r.overBaseline, 1), r.exit ?? '', String(r.n ?? '')],
  );
  lines.push(...textTable(header, table));
  lines.push('');
  lines.push(
    ...textTable(
      ['ratio (of medians)', 'value', 'target', 'verdict'],
      ratioRows.map((r) => [r.name, r.value === undefined ? 'n/a' : `${r.value.toFixed(2)}x`, r.target ? `<= ${r.target}x` : '', r.verdict]),
    ),
  );
  lines.push('');
  lines.push('Commands (run from the repository root):');
  for (const r of rows) lines.push(`  ${r.name.padEnd(18)} ${r.command}`);
  const cold = coldPassNote();
  if (cold) lines.push('', cold);
  const settling = settlingNote();
  if (settling) lines.push(settling);
  for (const c of checks) lines.push(`Check ${c.ok ? 'ok' : 'FAILED'} (${c.name}): ${c.verdict}`);
  for (const [name, reason] of skipped) lines.push(`SKIPPED ${name}: ${reason}`);
  for (const n of notes) lines.push(`Note: ${n}`);
  console.log(lines.join('\n'));
}

/**
 * Whether the lint had settled when its timed passes began: the median of its last timed passes
 * against that of its first. Well below 100%, it was still being optimised and its median overstates
 * a settled lint: more warm-up passes are needed.
 */
function settlingNote() {
  const lint = samples.get('engine-lint');
  if (skipped.has('engine-lint') || !lint || lint.length < 10) return undefined;
  const third = Math.floor(lint.length / 3);
  const share = median(lint.slice(-third)) / median(lint.slice(0, third));
  return `Settling (lint, median of the last ${third} timed passes against the first ${third}): ${(100 * share).toFixed(0)}%${share < 0.9 ? ' — still being optimised: raise IN_PROCESS_WARMUP' : ''}`;
}

function coldPassNote() {
  if (skipped.has('engine-lint') || inProcess.coldLint === undefined || inProcess.coldParse === undefined) return undefined;
  return (
    `Cold first pass (new code, empty caches; one sample, not a target): lint ${fmt(inProcess.coldLint, 2)} ms, ` +
    `parseTree ${fmt(inProcess.coldParse, 2)} ms (${(inProcess.coldLint / inProcess.coldParse).toFixed(2)}x)`
  );
}

function textTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

function markdown({ info, rows, ratioRows }) {
  const cell = (s) => String(s).replace(/\|/g, '\\|');
  const out = [];
  out.push('# Benchmark results', '');
  out.push(`Run ${new Date().toISOString()} by \`npm run bench\`.`, '');
  out.push(`Machine: ${info.cpu}, ${info.cores} cores, ${info.memory}, ${info.os}; Node ${info.node}; load average at start ${info.load}.`, '');
  out.push(
    `Process rows: ${options.warmup} warm-up rounds discarded, then ${options.rounds} rounds, each running every command once in a shuffled order (seed ${options.seed}).` +
      (samples.has('jsonc-parseTree') || samples.has('engine-lint')
        ? ` In-process rows: ${IN_PROCESS_WARMUP} warm-up passes, then ${options.passes} timed passes over ${inProcess.texts.length} generated manifests (${inProcess.bytes} bytes).`
        : ''),
    '',
  );
  out.push('| measurement | command | median ms | p90 ms | over baseline ms |', '| --- | --- | ---: | ---: | ---: |');
  for (const r of rows) {
    out.push(
      r.skipped
        ? `| ${r.name} | \`${cell(r.command)}\` | skipped | | |`
        : `| ${r.name} | \`${cell(r.command)}\` | ${fmt(r.median, 2)} | ${fmt(r.p90, 2)} | ${r.overBaseline === undefined ? '' : fmt(r.overBaseline, 1)} |`,
    );
  }
  out.push('', '| ratio (of medians) | value | target | verdict |', '| --- | ---: | ---: | --- |');
  for (const r of ratioRows) {
    out.push(`| ${r.name} | ${r.value === undefined ? 'n/a' : `${r.value.toFixed(2)}x`} | ${r.target ? `≤ ${r.target}x` : ''} | ${r.verdict} |`);
  }
  const extra = [];
  const cold = coldPassNote();
  if (cold) extra.push(cold);
  const settling = settlingNote();
  if (settling) extra.push(settling);
  for (const c of checks) extra.push(`Check ${c.ok ? 'ok' : 'FAILED'} (${c.name}): ${c.verdict}.`);
  for (const [name, reason] of skipped) extra.push(`Skipped ${name}: ${reason}.`);
  for (const n of notes) extra.push(`${n}.`);
  if (extra.length) out.push('', ...extra.map((e) => `- ${cell(e)}`));
  return `${out.join('\n')}\n`;
}

// ------------------------------------------------------------------------------------------------

await prepareAll();
measureProcesses();
measureInProcess();
const report = buildReport();
printReport(report);
writeFileSync(join(resultsDir, 'latest.md'), markdown(report));
writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify({ options, ...report, samples: Object.fromEntries(samples) }, null, 2)}\n`);
console.log(`\nWritten ${rel(join(resultsDir, 'latest.md'))} and ${rel(join(resultsDir, 'latest.json'))}.`);
