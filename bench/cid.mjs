#!/usr/bin/env node
// Benchmark of `manifest-lint cid` (SPEC section 15, issue "Skills meet storage": hashing 100 MB
// of skill files takes at most 2x the time of `sha256sum` over the same bytes). `npm run bench`
// runs it last; it can also run alone once dist/ is built:
//
//   node bench/cid.mjs [--rounds N] [--warmup N] [--seed N]
//
// A skill folder of 100 MiB is generated deterministically into a temporary folder (four files of
// 20 MiB, 160 of 128 KiB and a SKILL.md; the bytes are the ChaCha20 key stream of a fixed key, so
// nothing compresses or repeats), then every command runs once per round, in a freshly shuffled
// order, each a separate process timed with process.hrtime.bigint() around spawnSync:
// `manifest-lint cid` under each profile, `sha256sum` over the same files (the target's
// reference), and for context `openssl dgst -sha256` (OpenSSL's SHA-256, which uses the CPU's SHA
// instructions where it has them, as Node's does) and `node -e ''`. Warm-up rounds, discarded,
// put the files in the page cache first, so every row reads from memory.
//
// Prints the machine, medians and p90s, the ratios with PASS/FAIL, and writes a "Skill CIDs"
// section into bench/results/latest.md and every sample into bench/results/cid.json.

import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, median, percentile, writeResultsSection } from './measure.mjs';
import { seededShuffle } from './seeded-random.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(benchDir, '..');
const resultsDir = join(benchDir, 'results');
const CLI = join(root, 'dist', 'manifest-lint.cjs');
const NODE = process.execPath;
const MIB = 1024 * 1024;
const TARGET_RATIO = 2;
const SECTION_BEGIN = '<!-- cid-bench:begin -->';
const SECTION_END = '<!-- cid-bench:end -->';

function parseArgs(argv) {
  const options = { rounds: 15, warmup: 2, seed: 20261123 };
  for (let i = 0; i < argv.length; i += 1) {
    const match = /^--(rounds|warmup|seed)(?:=(.*))?$/.exec(argv[i]);
    if (!match) fail(`unknown argument ${argv[i]} (use --rounds N, --warmup N, --seed N)`);
    const value = Number(match[2] ?? argv[++i]);
    if (!Number.isInteger(value) || value < 0) fail(`--${match[1]} needs a non-negative integer`);
    options[match[1]] = value;
  }
  if (options.rounds < 10) fail('--rounds must be at least 10');
  return options;
}

function fail(message) {
  console.error(`bench/cid: ${message}`);
  process.exit(2);
}

const options = parseArgs(process.argv.slice(2));
if (!existsSync(CLI)) fail(`${relative(root, CLI)} is not built: run npm run build first`);

/** The skill folder: 4 x 20 MiB + 160 x 128 KiB = 100 MiB, plus an 8-byte SKILL.md. */
function generateSkill(folder) {
  const key = crypto.createHash('sha256').update('manifest-lint cid bench').digest();
  const stream = crypto.createCipheriv('chacha20', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(MIB);
  const write = (file, size) => {
    mkdirSync(dirname(file), { recursive: true });
    const fd = openSync(file, 'w');
    for (let left = size; left > 0; left -= zeros.length) writeSync(fd, stream.update(left >= zeros.length ? zeros : zeros.subarray(0, left)));
    closeSync(fd);
    return file;
  };
  const files = [];
  files.push(write(join(folder, 'SKILL.md'), 0));
  writeFileSync(files[0], '# Bench\n');
  for (let i = 1; i <= 4; i += 1) files.push(write(join(folder, 'data', `model-${i}.bin`), 20 * MIB));
  for (let i = 0; i < 160; i += 1) files.push(write(join(folder, 'assets', `part-${String(i).padStart(3, '0')}.bin`), 128 * 1024));
  return files;
}

function time(argv) {
  const start = process.hrtime.bigint();
  const run = spawnSync(argv[0], argv.slice(1), { cwd: root, encoding: 'utf8', maxBuffer: 64 * MIB });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, run };
}

function available([command, ...args]) {
  return spawnSync(command, args, { encoding: 'utf8' }).status === 0;
}

/** A command as a person would type it: `node` and paths relative to the repository, `$TMP` for the generated folder. */
function shown(argv, workDir) {
  const words = argv.map((word) =>
    word === NODE ? 'node' : word.startsWith(workDir) ? word.replace(workDir, '$TMP') : word.startsWith(root) ? relative(root, word) : word,
  );
  const files = words.findIndex((word) => word.startsWith('$TMP/skill/'));
  return (files >= 0 ? [...words.slice(0, files), '$TMP/skill/<each file>'] : words).map((word) => (word === '' ? "''" : word)).join(' ');
}

const workDir = mkdtempSync(join(os.tmpdir(), 'manifest-lint-cid-bench-'));
const skill = join(workDir, 'skill');
let exitCode = 0;
try {
  const files = generateSkill(skill);
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const rows = [
    { name: 'cid-v1', argv: [NODE, CLI, 'cid', skill], target: true },
    { name: 'cid-v0', argv: [NODE, CLI, 'cid', skill, '--profile', 'v0'] },
    { name: 'cid-unixfs-v1-2025', argv: [NODE, CLI, 'cid', skill, '--profile', 'unixfs-v1-2025'] },
    { name: 'sha256sum', argv: ['sha256sum', ...files], probe: ['sha256sum', '--version'] },
    { name: 'openssl-sha256', argv: ['openssl', 'dgst', '-sha256', ...files], probe: ['openssl', 'version'] },
    { name: 'node-baseline', argv: [NODE, '-e', ''] },
  ].filter((row) => !row.probe || available(row.probe));

  // Every command must work before anything is timed; a CID must be the same on every run.
  const cids = new Map();
  for (const row of rows) {
    const { run } = time(row.argv);
    if (run.status !== 0) throw new Error(`${row.name} failed (exit ${run.status}): ${run.stderr.trim()}`);
    if (row.name.startsWith('cid-')) {
      if (!/^(Qm|baf)[a-zA-Z0-9]+\n$/.test(run.stdout)) throw new Error(`${row.name} printed ${JSON.stringify(run.stdout)}, not a CID`);
      cids.set(row.name, run.stdout.trim());
    }
    if (row.name === 'sha256sum' && run.stdout.trim().split('\n').length !== files.length) throw new Error('sha256sum did not hash every file');
  }

  const shuffled = seededShuffle(options.seed);
  const samples = new Map(rows.map((row) => [row.name, []]));
  for (let round = 0; round < options.warmup + options.rounds; round += 1) {
    for (const row of shuffled(rows)) {
      const { ms, run } = time(row.argv);
      if (run.status !== 0) throw new Error(`${row.name} failed in round ${round}`);
      if (cids.has(row.name) && run.stdout.trim() !== cids.get(row.name)) throw new Error(`${row.name} gave another CID in round ${round}`);
      if (round >= options.warmup) samples.get(row.name).push(ms);
    }
  }

  const stats = rows.map((row) => ({
    name: row.name,
    command: shown(row.argv, workDir),
    median: median(samples.get(row.name)),
    p90: percentile(samples.get(row.name), 90),
  }));
  const medianOf = (name) => stats.find((s) => s.name === name)?.median;
  const ratios = [];
  for (const profile of ['cid-v1', 'cid-v0', 'cid-unixfs-v1-2025']) {
    if (medianOf('sha256sum') === undefined) break;
    const value = medianOf(profile) / medianOf('sha256sum');
    ratios.push({ name: `${profile} / sha256sum`, value, target: profile === 'cid-v1' ? TARGET_RATIO : undefined });
  }
  if (medianOf('openssl-sha256') !== undefined)
    ratios.push({ name: 'cid-v1 / openssl-sha256 (context)', value: medianOf('cid-v1') / medianOf('openssl-sha256') });
  for (const ratio of ratios) ratio.verdict = ratio.target === undefined ? '' : ratio.value <= ratio.target ? 'PASS' : 'FAIL';

  const info = machine();
  const lines = [
    `Machine: ${info.cpu}, ${info.cores} cores, ${info.memory}, ${info.os}; Node ${info.node}; load average ${info.load}.`,
    `Input: ${files.length} files, ${(bytes / MIB).toFixed(1)} MiB; ${options.warmup} warm-up rounds, then ${options.rounds} rounds in shuffled order (seed ${options.seed}).`,
    '',
    '| measurement | command | median ms | p90 ms |',
    '| --- | --- | ---: | ---: |',
    ...stats.map((s) => `| ${s.name} | \`${s.command}\` | ${s.median.toFixed(1)} | ${s.p90.toFixed(1)} |`),
    '',
    '| ratio (of medians) | value | target | verdict |',
    '| --- | ---: | ---: | --- |',
    ...ratios.map((r) => `| ${r.name} | ${r.value.toFixed(2)}x | ${r.target ? `≤ ${r.target}x` : ''} | ${r.verdict} |`),
    '',
    `CIDs: ${[...cids].map(([name, cid]) => `${name} ${cid}`).join('; ')}.`,
  ];
  console.log(lines.join('\n'));

  const file = writeResultsSection(resultsDir, `${SECTION_BEGIN}\n## Skill CIDs\n\n${lines.join('\n')}\n${SECTION_END}`, SECTION_BEGIN, SECTION_END);
  writeFileSync(
    join(resultsDir, 'cid.json'),
    `${JSON.stringify({ options, machine: info, stats, ratios, cids: Object.fromEntries(cids), samples: Object.fromEntries(samples) }, null, 2)}\n`,
  );
  console.log(`\nWritten ${relative(root, file)} (section "Skill CIDs") and ${relative(root, join(resultsDir, 'cid.json'))}.`);
} catch (error) {
  console.error(`bench/cid: ${error.message}`);
  exitCode = 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
