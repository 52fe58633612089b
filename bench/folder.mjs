// A folder of many manifests, linted by manifest-lint and validated by ajv-cli against the same
// schema: N distinct manifests made by the fixtures' own generator (bench/manifest-generator.mjs,
// another seed) in a temporary folder, one per subfolder, as a repository of agents holds them.
// No two files are alike, so nothing either tool remembers of one file answers for another. The two
// commands run in pairs, A then B then A…, with the order inside each pair alternating, and each
// pair gives a ratio: pairing keeps the ratio meaningful when the machine's speed drifts during
// the run. Wall time and peak RSS are
// reported per size; the ratio is ours / ajv-cli's (below 1: we are faster). Peak RSS needs
// /usr/bin/time (Debian's `time` package); without it that column is empty.
//
//   node bench/folder.mjs                 # 1,000 and 10,000 manifests, 7 pairs each
//   node bench/folder.mjs --sizes 1000 --pairs 15
//   node bench/folder.mjs --clean         # a folder with no finding, as a repository kept clean
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCron, manifestGenerator, TIME_ZONES } from './manifest-generator.mjs';
import { machine, median, writeResultsSection } from './measure.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(benchDir, '..');
const cliEntry = join(root, 'dist', 'manifest-lint.cjs');
const ajvEntry = join(benchDir, 'node_modules', 'ajv-cli', 'dist', 'index.js');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}
const sizes = option('--sizes', '1000,10000').split(',').map(Number);
const pairs = Number(option('--pairs', '7'));
/**
 * `--clean`: the folder as a repository with no finding. The generated manifests' one kind of
 * finding, a skill's `owner/name` slug (`skill-slug-format`), is turned off, and every run of
 * manifest-lint must then exit 0 having printed nothing.
 */
const clean = process.argv.includes('--clean');
if (sizes.some((size) => !Number.isInteger(size) || size < 1) || !(pairs >= 3)) {
  console.error('usage: node bench/folder.mjs [--sizes 1000,10000] [--pairs N (at least 3)]');
  process.exit(2);
}
for (const [entry, what] of [
  [cliEntry, 'npm run build'],
  [ajvEntry, 'node build/install-tools.mjs bench'],
]) {
  if (!existsSync(entry)) {
    console.error(`${relative(root, entry)} is missing: run ${what} first`);
    process.exit(2);
  }
}

/**
 * Runs `argv` with Node in a wrapper that times the child from outside; `/usr/bin/time` around the
 * wrapper reads the peak RSS of the largest process (the child) from the operating system.
 */
const WRAPPER = `
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const argv = process.argv.slice(1);
// The child writes to files, not pipes: Node writes files synchronously, while a program that
// exits with writes to a full pipe still queued (ajv-cli, after 10,000 lines) loses them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-bench-output-'));
const [outFile, errFile] = [path.join(dir, 'stdout'), path.join(dir, 'stderr')];
const [out, err] = [fs.openSync(outFile, 'w'), fs.openSync(errFile, 'w')];
const start = process.hrtime.bigint();
const result = spawnSync(process.execPath, argv, { stdio: ['ignore', out, err] });
const wall = Number(process.hrtime.bigint() - start) / 1e6;
fs.closeSync(out);
fs.closeSync(err);
const stdout = fs.readFileSync(outFile, 'utf8');
const stderr = fs.readFileSync(errFile, 'utf8');
fs.rmSync(dir, { recursive: true, force: true });
// ajv-cli writes a line "<file> valid" for each file it validated.
const valid = ((stdout + stderr).match(/ valid$/gm) ?? []).length;
process.stdout.write(JSON.stringify({ status: result.status, wall, valid, printed: stdout.length, stderr: stderr.slice(0, 300) }));
`;
function timed(argv, cwd) {
  const wrapper = spawnSync(
    'sh',
    ['-c', 'command -v /usr/bin/time >/dev/null && exec /usr/bin/time -f "%M" "$@" || exec "$@"', 'sh', process.execPath, '-e', WRAPPER, '--', ...argv],
    {
      cwd,
      encoding: 'utf8',
    },
  );
  const measured = JSON.parse(wrapper.stdout);
  // `/usr/bin/time -f %M` prints the largest process's peak RSS in KiB on the last line of stderr.
  const rssKiB = Number(wrapper.stderr.trim().split('\n').at(-1));
  return { ...measured, rssMiB: Number.isFinite(rssKiB) ? rssKiB / 1024 : undefined };
}

/** The seed of the folder's manifests: not the fixtures', so none of them is a fixture. */
const FOLDER_SEED = 0xf01de2;
/** Manifests per subfolder of the folder's first level. */
const PER_FOLDER = 200;

/** Writes `size` distinct manifests under `folder`, `group-<n>/manifest-<i>/manifest.json`. */
function writeDistinctManifests(folder, size) {
  const { cronExpression, generatedManifest } = manifestGenerator(FOLDER_SEED);
  for (let i = 0; i < size; i++) {
    const expr = cronExpression();
    const tz = TIME_ZONES[i % TIME_ZONES.length];
    checkCron(expr, tz);
    const dir = join(folder, `group-${Math.floor(i / PER_FOLDER)}`, `manifest-${i + 1}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(generatedManifest(i + 1, expr, tz), null, 2)}\n`);
  }
}

const rows = [];
for (const size of sizes) {
  const folder = mkdtempSync(join(os.tmpdir(), 'manifest-folder-bench-'));
  try {
    writeDistinctManifests(folder, size);
    const ours = [cliEntry, '--format', 'compact', '--no-config', ...(clean ? ['--rule', 'skill-slug-format=off'] : []), '.'];
    const ajv = [
      ajvEntry,
      'validate',
      '--spec=draft2020',
      '--all-errors',
      '--allow-union-types',
      '-c',
      'ajv-formats',
      '-c',
      join(benchDir, 'ajv-editor-keywords.cjs'),
      '-s',
      join(root, 'schema', 'manifest.v1.json'),
      '-d',
      '**/manifest.json',
    ];
    // Every run must have done the whole job: manifest-lint exits 0 or 1 (findings are fine; with
    // --clean, 0 and nothing printed), ajv-cli exits 0 having said "valid" of every file.
    const check = (which, result) => {
      const oursOk = clean ? result.status === 0 && result.printed === 0 : result.status === 0 || result.status === 1;
      const ok = which === 'ours' ? oursOk : result.status === 0 && result.valid === size;
      if (ok) return result;
      console.error(
        `${which === 'ours' ? 'manifest-lint' : `ajv-cli (${result.valid} of ${size} files valid)`} failed (exit ${result.status}): ${result.stderr}`,
      );
      process.exit(1);
    };
    // Once, untimed: manifest-lint reports on every manifest of the folder.
    const report = spawnSync(process.execPath, [cliEntry, '--format', 'json', '--no-config', '.'], { cwd: folder, encoding: 'utf8', maxBuffer: 1 << 28 });
    const reported = report.status === 0 || report.status === 1 ? JSON.parse(report.stdout).length : 0;
    if (reported !== size) {
      console.error(`manifest-lint reported on ${reported} of ${size} manifests (exit ${report.status}): ${report.stderr.slice(0, 300)}`);
      process.exit(1);
    }
    // A warm-up pair, not counted: the OS file cache, the CPU clock.
    check('ours', timed(ours, folder));
    check('ajv', timed(ajv, folder));
    const samples = { ours: [], ajv: [], ratio: [], oursRss: [], ajvRss: [] };
    for (let pair = 0; pair < pairs; pair++) {
      const first = pair % 2 === 0 ? 'ours' : 'ajv';
      const runs = {};
      for (const which of first === 'ours' ? ['ours', 'ajv'] : ['ajv', 'ours']) runs[which] = check(which, timed(which === 'ours' ? ours : ajv, folder));
      samples.ours.push(runs.ours.wall);
      samples.ajv.push(runs.ajv.wall);
      samples.ratio.push(runs.ours.wall / runs.ajv.wall);
      if (runs.ours.rssMiB !== undefined) samples.oursRss.push(runs.ours.rssMiB);
      if (runs.ajv.rssMiB !== undefined) samples.ajvRss.push(runs.ajv.rssMiB);
    }
    rows.push({
      size,
      ...Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, values.length ? median(values) : undefined])),
      min: Math.min(...samples.ratio),
      max: Math.max(...samples.ratio),
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const info = machine();
const fmt = (value, digits = 0) => (value === undefined ? '–' : value.toFixed(digits));
const lines = [
  clean ? '<!-- folder-bench-clean -->' : '<!-- folder-bench -->',
  `## A folder of manifests${clean ? ' with no finding' : ''}: manifest-lint and ajv-cli`,
  '',
  `${info.cpu}, ${info.cores} cores, ${info.memory}, ${info.os}, Node ${info.node}, load ${info.load}; ${pairs} pairs per size, medians.`,
  '',
  '| manifests | manifest-lint (ms) | ajv-cli (ms) | ours / ajv-cli (paired) | range | peak RSS ours / ajv-cli (MiB) |',
  '| ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${row.size} | ${fmt(row.ours)} | ${fmt(row.ajv)} | ${fmt(row.ratio, 2)}x | ${fmt(row.min, 2)}–${fmt(row.max, 2)} | ${fmt(row.oursRss)} / ${fmt(row.ajvRss)} |`,
  ),
  '',
  `Commands, in the folder: \`node dist/manifest-lint.cjs --format compact --no-config ${clean ? '--rule skill-slug-format=off ' : ''}.\` and \`node ajv-cli validate --spec=draft2020 --all-errors --allow-union-types -c ajv-formats -c bench/ajv-editor-keywords.cjs -s schema/manifest.v1.json -d '**/manifest.json'\`.`,
  clean ? '<!-- /folder-bench-clean -->' : '<!-- /folder-bench -->',
];
console.log(lines.join('\n'));
writeResultsSection(join(benchDir, 'results'), lines.join('\n'), lines[0], lines.at(-1));
