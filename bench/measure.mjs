// Measurement helpers shared by the benchmarks (bench/run.mjs and bench/server.mjs).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';

export function median(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile. */
export function percentile(samples, p) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** The machine a run measured, for the results: CPU, cores, memory, OS, Node and load. */
export function machine() {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpu = line.split(':')[1].trim();
  } catch {
    // Not Linux: os.cpus() is good enough.
  }
  return {
    cpu,
    cores: os.availableParallelism ? os.availableParallelism() : os.cpus().length,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

/**
 * Puts a section (Markdown starting with `begin` and ending with `end`) into `results/latest.md`
 * of `resultsDir`, in place of an earlier one, keeping everything else; returns the file's path.
 */
export function writeResultsSection(resultsDir, section, begin, end) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, 'latest.md');
  let existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const from = existing.indexOf(begin);
  const to = existing.indexOf(end);
  if (from >= 0 && to > from) existing = existing.slice(0, from) + existing.slice(to + end.length);
  writeFileSync(file, `${existing.trimEnd()}\n\n${section}\n`);
  return file;
}
